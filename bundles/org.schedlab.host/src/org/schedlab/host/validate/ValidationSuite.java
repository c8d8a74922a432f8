/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.host.validate.ValidationCase.Metric;
import org.schedlab.host.validate.ValidationCase.Simulated;

/**
 * The fixed validate-host suite: its cases, sizes, run lengths and tolerances, set here before any comparison is run
 * (docs/validation.md). {@code quick} shortens the real runs and runs each case once; the sizes stay.
 */
public final class ValidationSuite {

    /** Repetitions of every real run in the full suite (the median and min..max are over them). */
    public static final int REPEATS = 3;

    private static final Tolerance REL = Tolerance.RELATIVE_25;

    /**
     * The rt-app period, us: 10.1 ms rather than 10 ms. At HZ 250 a 10 ms period is 2.5 ticks, so a run sees its
     * wakeups at only two phases against the tick, and its whole latency is one of two regimes (on 2 December 2026
     * three runs gave 89 us or 850 to 925 us mean); 10.1 ms moves the phase by 0.1 ms a period (and a tenth of a
     * tick at HZ 100 or 1000), so that one run averages over every phase.
     */
    static final int PERIODIC_US = 10_100;

    private ValidationSuite() {
    }

    /** @return the cases for a machine of {@code cpus} CPUs */
    public static List<ValidationCase> cases(int cpus, boolean quick) {
        List<ValidationCase> out = new ArrayList<>();
        int seconds = quick ? 1 : 5;
        for (int n : new int[] { 4, 64, 450 }) {
            out.add(new ValidationCase("threads_c-" + n,
                    List.of(new Metric("work/s", "1/s", REL), new Metric("zero-work threads", "threads", REL),
                            new Metric("deviation", "", REL)),
                    c -> RealRuns.threadsC(c, n, seconds),
                    new Simulated("", "threads_c(nthreads = " + n + ")", "1 s", "100 ms",
                            List.of("work", "work_zero_tasks", "work_deviation"),
                            m -> Map.of("work/s", m.get("work"), "zero-work threads", m.get("work_zero_tasks"),
                                    "deviation", m.get("work_deviation")))));
        }
        int loops = quick ? 20 : 100;
        for (int g : new int[] { 1, 4, 10 }) {
            out.add(new ValidationCase("hackbench-g" + g, List.of(new Metric("time", "s", REL)),
                    c -> RealRuns.hackbench(c, g, loops),
                    new Simulated("", "hackbench(groups = " + g + ", loops = " + loops + ")", "120 s", "0 ms",
                            List.of("elapsed"), m -> Map.of("time", m.get("elapsed")))));
        }
        int pipeLoops = quick ? 20000 : 200000;
        for (boolean threads : new boolean[] { false, true }) {
            out.add(new ValidationCase("perf-pipe-" + (threads ? "threads" : "processes"),
                    List.of(new Metric("usecs/op", "us", REL)), c -> RealRuns.perfPipe(c, threads, pipeLoops),
                    new Simulated("", threads ? "perf_pipe_threads" : "perf_pipe_processes", "1 s", "10 ms",
                            List.of("ops"), m -> Map.of("usecs/op", 1e6 / m.get("ops")))));
        }
        int rtSeconds = quick ? 2 : 5;
        for (int hogs : new int[] { cpus, 2 * cpus }) {
            out.add(new ValidationCase("rtapp-periodic-" + hogs + "hogs",
                    List.of(new Metric("wakeup latency mean", "us", REL), new Metric("wakeup latency p99", "us", REL),
                            new Metric("missed deadlines", "%", Tolerance.POINTS_5)),
                    c -> RealRuns.rtApp(c, hogs, 1000, PERIODIC_US, rtSeconds),
                    new Simulated("", "periodic_hogs(hogs = " + hogs + ", run = 1 ms, period = " + PERIODIC_US + " us)", rtSeconds
                            + " s", "0 ms", List.of("timer_latency", "timer_latency_p99", "missed_deadlines"),
                            m -> Map.of("wakeup latency mean", m.get("timer_latency") / 1000,
                                    "wakeup latency p99", m.get("timer_latency_p99") / 1000,
                                    "missed deadlines", m.get("missed_deadlines")))));
        }
        for (int[] nices : new int[][] { { 0, 5 }, { 0, 5, 10 } }) {
            out.add(niceCase(nices, seconds));
        }
        for (int instances : new int[] { 1, 4 * cpus }) {
            int yielders = RealRuns.yielders(instances, cpus);
            out.add(new ValidationCase("stress-ng-yield-" + instances, List.of(new Metric("bogo ops/s", "1/s", REL)),
                    c -> RealRuns.yieldStorm(c, instances, seconds),
                    new Simulated("", "yield_storm(yielders = " + yielders + ")", "1 s", "10 ms", List.of("ops"),
                            m -> Map.of("bogo ops/s", m.get("ops")))));
        }
        return out;
    }

    /** CPU-bound processes at the given nice levels, all on CPU 0: each one's share of that CPU. */
    private static ValidationCase niceCase(int[] nices, int seconds) {
        StringBuilder decl = new StringBuilder("workload nice_mix_" + nices.length + " {\n");
        List<Metric> metrics = new ArrayList<>();
        List<String> counters = new ArrayList<>();
        StringBuilder id = new StringBuilder("nice");
        for (int i = 0; i < nices.length; i++) {
            String counter = "work_" + i;
            counters.add(counter);
            metrics.add(new Metric("share nice " + nices[i], "%", Tolerance.POINTS_5));
            id.append(i == 0 ? "-" : ",").append(nices[i]);
            decl.append("\tprocesses hog_").append(i).append(" nice ").append(nices[i]).append(" cpus 0 {\n")
                    .append("\t\tloop forever {\n\t\t\tcompute 100 us\n\t\t\tcount ").append(counter)
                    .append("\n\t\t}\n\t}\n");
        }
        decl.append("}\n");
        return new ValidationCase(id.toString(), metrics, c -> RealRuns.niceShares(c, nices, seconds),
                new Simulated(decl.toString(), "nice_mix_" + nices.length, "2 s", "100 ms", counters, m -> {
                    double sum = counters.stream().mapToDouble(m::get).sum();
                    Map<String, Double> out = new LinkedHashMap<>();
                    for (int i = 0; i < nices.length; i++) {
                        out.put("share nice " + nices[i], 100 * m.get(counters.get(i)) / sum);
                    }
                    return out;
                }));
    }
}
