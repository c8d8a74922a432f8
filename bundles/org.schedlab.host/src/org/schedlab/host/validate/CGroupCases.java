/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.util.List;
import java.util.Map;

import org.schedlab.host.validate.ValidationCase.Change;
import org.schedlab.host.validate.ValidationCase.Metric;
import org.schedlab.host.validate.ValidationCase.Simulated;

/**
 * The suite's cgroup cases (issue 27), fixed before they were compared: two groups of hogs at weights 2:1, a group
 * of as many hogs as CPUs with and without a limit of half the CPUs, and rt-app's periodic task beside its own hogs
 * in one group, with and without that limit. Each limit is also a change row. And the autogroups of two setsid()
 * sessions, with sched_autogroup_enabled and without.
 */
final class CGroupCases {
    private CGroupCases() {
    }

    static List<ValidationCase> cases(int cpus, int seconds, int rtSeconds) {
        long halfUs = 50_000L * cpus; // half the CPUs, per 100 ms
        String half = "max " + halfUs / 1000 + " ms per 100 ms";
        Tolerance rel = Tolerance.RELATIVE_25;
        String weights = "workload cg_weights(hogs = 1) {\n\tcgroup ga { shares 2048 }\n\tcgroup gb { shares 1024 }\n"
                + "\tprocesses a x hogs cgroup ga {\n\t\tloop forever {\n\t\t\tcompute 100 us\n\t\t\tcount work_a\n"
                + "\t\t}\n\t}\n\tprocesses b x hogs cgroup gb {\n\t\tloop forever {\n\t\t\tcompute 100 us\n"
                + "\t\t\tcount work_b\n\t\t}\n\t}\n}\n";
        ValidationCase w = new ValidationCase("cgroup-weights-2:1",
                List.of(new Metric("share of the first", "%", Tolerance.POINTS_5)),
                c -> CGroupRuns.weights(c, cpus, 2048, 1024, seconds),
                new Simulated(weights, "cg_weights(hogs = " + cpus + ")", "2 s", "100 ms", List.of("work_a", "work_b"),
                        m -> Map.of("share of the first", 100 * m.get("work_a") / (m.get("work_a") + m.get("work_b")))),
                List.of(new Change("equal shares", "cgroup", c -> CGroupRuns.weights(c, cpus, 1024, 1024, seconds),
                        "change cgroup ga { shares 1024 }", List.of("share of the first"))));
        String hogs = "workload cg_hogs(hogs = 1) {\n\tcgroup g { }\n\tprocesses hog x hogs cgroup g {\n"
                + "\t\tloop forever {\n\t\t\tcompute 100 us\n\t\t}\n\t}\n}\n";
        String capped = hogs.replace("cg_hogs", "cg_hogs_capped").replace("cgroup g { }", "cgroup g { " + half + " }");
        List<Metric> hogMetrics = List.of(new Metric("CPUs used", "CPUs", rel),
                new Metric("throttled periods/s", "1/s", rel));
        java.util.function.Function<Map<String, Double>, Map<String, Double>> hogFigures = m -> Map.of("CPUs used",
                m.get("usage_usec_g") / 1e6, "throttled periods/s", m.get("nr_throttled_g"));
        ValidationCase free = new ValidationCase("cgroup-hogs", hogMetrics,
                c -> CGroupRuns.cappedHogs(c, cpus, 0, seconds),
                new Simulated(hogs, "cg_hogs(hogs = " + cpus + ")", "2 s", "100 ms",
                        List.of("usage_usec_g", "nr_throttled_g"), hogFigures),
                List.of(new Change("cpu.max " + cpus / 2.0 + " CPUs", "cgroup",
                        c -> CGroupRuns.cappedHogs(c, cpus, halfUs, seconds), "change cgroup g { " + half + " }",
                        List.of("CPUs used"))));
        ValidationCase cap = new ValidationCase("cgroup-hogs-capped", hogMetrics,
                c -> CGroupRuns.cappedHogs(c, cpus, halfUs, seconds),
                new Simulated(capped, "cg_hogs_capped(hogs = " + cpus + ")", "2 s", "100 ms",
                        List.of("usage_usec_g", "nr_throttled_g"), hogFigures));
        String periodic = "workload cg_periodic(hogs = 1, period = 10 ms) {\n\tcgroup g { }\n"
                + "\tthreads periodic cgroup g {\n\t\tloop forever {\n\t\t\tcompute 1 ms\n\t\t\ttimer period relative\n\t\t}\n"
                + "\t}\n\tprocesses hog x hogs cgroup g {\n\t\tloop forever {\n\t\t\tcompute 10 ms\n\t\t}\n\t}\n}\n";
        ValidationCase p = new ValidationCase("cgroup-periodic-" + cpus + "hogs",
                List.of(new Metric("wakeup latency mean", "us", rel), new Metric("wakeup latency p99", "us", rel),
                        new Metric("missed deadlines", "%", Tolerance.POINTS_5)),
                c -> CGroupRuns.cappedPeriodic(c, cpus, 0, ValidationSuite.PERIODIC_US, rtSeconds),
                new Simulated(periodic, "cg_periodic(hogs = " + cpus + ", period = " + ValidationSuite.PERIODIC_US
                        + " us)", rtSeconds + " s", "0 ms", List.of("timer_latency", "timer_latency_p99",
                                "missed_deadlines"), ValidationSuite::rtAppFromTimerMetrics),
                List.of(new Change("cpu.max " + cpus / 2.0 + " CPUs", "cgroup",
                        c -> CGroupRuns.cappedPeriodic(c, cpus, halfUs, ValidationSuite.PERIODIC_US, rtSeconds),
                        "change cgroup g { " + half + " }", List.of("wakeup latency mean", "wakeup latency p99"))));
        return List.of(w, free, cap, p, autogroups(seconds));
    }

    /**
     * One hog in one setsid() session and three in another, all on CPU 0: with autogroups each session is a group
     * of weight 1024, so the lone hog gets half the CPU; with {@code sched_autogroup_enabled} 0, a quarter.
     */
    private static ValidationCase autogroups(int seconds) {
        String decl = "workload sessions(hogs = 3) {\n\tprocesses a session sa cpus 0 {\n\t\tloop forever {\n"
                + "\t\t\tcompute 100 us\n\t\t\tcount work_a\n\t\t}\n\t}\n"
                + "\tprocesses b x hogs session sb cpus 0 {\n\t\tloop forever {\n\t\t\tcompute 100 us\n"
                + "\t\t\tcount work_b\n\t\t}\n\t}\n}\n";
        String metric = "share of the lone hog";
        return new ValidationCase("autogroup-sessions-1:3", List.of(new Metric(metric, "%", Tolerance.POINTS_5)),
                c -> CGroupRuns.sessions(c, 1, 3, seconds),
                new Simulated(decl, "sessions(hogs = 3)", "2 s", "100 ms", List.of("work_a", "work_b"),
                        m -> Map.of(metric, 100 * m.get("work_a") / (m.get("work_a") + m.get("work_b")))),
                List.of(new Change("autogroup off", "sysctl", c -> {
                    try (org.schedlab.host.SysctlGuard g = org.schedlab.host.SysctlGuard.set(c.procSys(),
                            "kernel/sched_autogroup_enabled", "0")) {
                        return CGroupRuns.sessions(c, 1, 3, seconds);
                    }
                }, "set sched_autogroup_enabled = 0", List.of(metric))));
    }
}
