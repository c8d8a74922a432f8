/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.List;

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
     * cpu_speed_window and cpu_speed_spread: how a virtual CPU's speed varies, from the spin rates of a thread pinned
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
     * cpu_speed_slow_window and cpu_speed_slow_spread: how far the CPUs' speeds stay apart for seconds (the host's
     * placement of each vCPU), from the same spinners over 6 s: the coefficient of variation of the CPUs' mean
     * rates against each other, held for the probe's 6 s.
     */
    private void cpuSpeedSlow() {
        Measured m = runs.probe("cpu_speed_slow_window and cpu_speed_slow_spread", "speed_between", "speed", "100",
                "60");
        if (m == null) {
            return;
        }
        long windowNs = 6_000_000_000L;
        String how = " of a spinning thread pinned to each CPU for 6 s of its own time (60 windows of 100 ms, what it"
                + " waited behind other tasks left out)";
        settings.add(new HostProfile.Setting("cost cpu_speed_slow_window = " + windowNs + " ns", "the length of `"
                + m.command() + "`, over which cpu_speed_slow_spread compares the CPUs' speeds"));
        cost(CostKey.CPU_SPEED_SLOW_SPREAD, Math.round(m.median() * windowNs), m, "median coefficient of variation of"
                + " the CPUs' mean spin rates against each other" + how + ", times cpu_speed_slow_window");
    }

    private void cost(CostKey key, long value, Measured m, String how) {
        CostDerivation.put(settings, CostDerivation.setting(key, value, m, how));
    }
}
