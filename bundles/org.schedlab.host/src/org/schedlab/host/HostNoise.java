/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.schedlab.host.ProbeRuns.Measured;
import org.schedlab.sim.machine.CostKey;

/**
 * The machine's own noise, as profile-host measures it: how often and for how long its own work takes a busy CPU
 * (background_interval, background_run), and how a virtual CPU's speed varies over milliseconds and between the
 * CPUs over seconds (the cpu_speed keys).
 */
final class HostNoise {
    private final ProbeRuns runs;
    private final List<HostProfile.Setting> settings;

    HostNoise(ProbeRuns runs, List<HostProfile.Setting> settings) {
        this.runs = runs;
        this.settings = settings;
    }

    /** background_interval and background_run: how often and how long the machine's own work takes a busy CPU. */
    void background() {
        String how = " of a hog pinned to each CPU for 1 s (its involuntary switches, getrusage at wait4)";
        List<Measured> m = runs.probe("background_interval and background_run",
                List.of("background_interval_ns", "background_run_ns"), "preempt", "1");
        if (m == null) {
            return;
        }
        cost(CostKey.BACKGROUND_INTERVAL, Math.round(m.get(0).median()), m.get(0), "median ns between two preemptions"
                + how);
        cost(CostKey.BACKGROUND_RUN, Math.round(m.get(1).median()), m.get(1), "median ns of the hog's wall time less its"
                + " CPU time, per preemption" + how);
    }

    /**
     * cpu_speed_window and cpu_speed_spread (and the slow keys): how a virtual CPU's speed varies, from the spin rates of a thread pinned
     * to each CPU in 10 ms windows (the coefficient of variation of a window's rate, held for the rates'
     * autocorrelation time). A window is the spinner's own time less what it waited behind another task of the
     * machine (its run_delay): until 6 December 2026 it was wall time, so another task on a spinner's CPU (a Java
     * process pinned to CPU 1: speed_between 0.75 with wall-time windows, 0.03 and 0.04 with waits left out) counted
     * as that CPU's slowness.
     */
    void cpuSpeed() {
        String how = " of a spinning thread pinned to each CPU, 300 windows of 10 ms of its own time (what it waited"
                + " behind other tasks left out)";
        List<Measured> m = runs.probe("cpu_speed_window and cpu_speed_spread", List.of("speed_corr_ms", "speed_cv"),
                "speed", "10", "300");
        if (m == null) {
            return;
        }
        long windowNs = Math.round(m.get(0).median() * 1e6);
        cost(CostKey.CPU_SPEED_WINDOW, windowNs, m.get(0), "median ms after which the spin rates' autocorrelation"
                + " falls below 1/e" + how + ", in ns");
        cost(CostKey.CPU_SPEED_SPREAD, Math.round(m.get(1).median() * windowNs), m.get(1), "median coefficient of"
                + " variation of a window's spin rate against its CPU's mean" + how + ", times cpu_speed_window");
        cpuSpeedSlow();
    }

    /**
     * The slow part's window: one run of the slow probe, over which it compares the CPUs' speeds. A window whose
     * CPUs' spin rates are further apart than {@link #APART} (sample coefficient of variation) is one whose CPUs run
     * apart: a method parameter, between the two clusters this host showed (6 December 2026: twenty `hostprobe speed
     * 100 60` at 06:05 gave 0.001..0.030 and 0.107..0.530; twenty 6 s windows of spin and yield at 06:51, 0.036 at
     * most and 0.168 at least), not a model value.
     */
    static final long SLOW_WINDOW_NS = 6_000_000_000L;
    static final double APART = 0.07;
    /** Runs of the slow probe: windows of the host's state, each a sample of how far the CPUs run apart. */
    static final int SLOW_RUNS = 15;

    /**
     * The slow part's shape, from {@link #SLOW_RUNS} windows: the share of them whose CPUs ran alike, and in those
     * that ran apart the root mean square of the CPUs' coefficients of variation, of the spin rates (user code) and
     * of the yield rates (the kernel's paths). The sample coefficient of variation of N CPUs' means estimates their
     * factors' variance without bias, hence the root mean square.
     *
     * @param alike        the share of windows alike
     * @param userSpread   the spin rates' coefficient of variation in windows apart (0: none apart)
     * @param kernelSpread the yield rates'
     */
    record SlowShape(double alike, double userSpread, double kernelSpread, int apart, int windows) {
        static SlowShape of(double[] spin, double[] yield) {
            double su = 0;
            double sk = 0;
            int apart = 0;
            for (int i = 0; i < spin.length; i++) {
                if (spin[i] > APART) {
                    apart++;
                    su += spin[i] * spin[i];
                    sk += yield[i] * yield[i];
                }
            }
            return apart == 0 ? new SlowShape(1, 0, 0, 0, spin.length)
                    : new SlowShape(1 - apart / (double) spin.length, Math.sqrt(su / apart), Math.sqrt(sk / apart),
                            apart, spin.length);
        }
    }

    /**
     * cpu_speed_slow_window, cpu_speed_slow_alike, cpu_speed_slow_spread and cpu_speed_slow_kernel_spread: how far
     * the CPUs' speeds stay apart for seconds (the host's placement of each vCPU beside its other work), from
     * {@link #SLOW_RUNS} runs of 6 s of a thread pinned to each CPU that alternates spinning and sched_yield. Until 6
     * December 2026 (second session) the spread was the median of five such windows of spinning alone, drawn in every
     * window: this host runs its vCPUs alike half the time and one of them 10 to 50 % slower the other half, and a
     * slowed vCPU runs sched_yield less slowly than a spin loop (0.80x against 0.48x).
     */
    private void cpuSpeedSlow() {
        ProbeRuns.Series s = runs.series("cpu_speed_slow keys", List.of("spin_between", "yield_between"), SLOW_RUNS,
                "speedmix", "50", "60");
        if (s == null) {
            return;
        }
        SlowShape shape = SlowShape.of(s.values()[0], s.values()[1]);
        String of = "`" + s.command() + "` (" + SLOW_RUNS + " runs after a warm-up, spin_between " + range(s.values()[0])
                + ", yield_between " + range(s.values()[1]) + "; " + shape.apart() + " apart, above " + APART + ")";
        settings.add(new HostProfile.Setting("cost cpu_speed_slow_window = " + SLOW_WINDOW_NS + " ns", "the length of "
                + of + ", over which the slow keys compare the CPUs' speeds"));
        slowCost(CostKey.CPU_SPEED_SLOW_ALIKE, shape.alike(), of + ": the share of runs whose CPUs' spin rates were"
                + " within " + APART + " of each other (sample cv), times cpu_speed_slow_window");
        slowCost(CostKey.CPU_SPEED_SLOW_SPREAD, shape.userSpread(), of + ": the root mean square of the CPUs' spin"
                + " rates' sample cv in the runs apart, times cpu_speed_slow_window");
        slowCost(CostKey.CPU_SPEED_SLOW_KERNEL_SPREAD, shape.kernelSpread(), of + ": the root mean square of the CPUs'"
                + " sched_yield rates' sample cv in the runs apart, times cpu_speed_slow_window");
    }

    private void slowCost(CostKey key, double perWindow, String how) {
        CostSettings.put(settings, new HostProfile.Setting("cost " + key.name().toLowerCase(Locale.ROOT)
                + " = " + Math.round(perWindow * SLOW_WINDOW_NS) + " ns", how + " = " + ProbeRuns.fmt(perWindow)));
    }

    private static String range(double[] v) {
        return ProbeRuns.fmt(Arrays.stream(v).min().orElse(0)) + ".."
                + ProbeRuns.fmt(Arrays.stream(v).max().orElse(0));
    }

    private void cost(CostKey key, long value, Measured m, String how) {
        CostSettings.put(settings, CostSettings.setting(key, value, m, how));
    }
}
