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
import java.util.Set;

import org.schedlab.host.SysctlGuard;
import org.schedlab.host.validate.ValidationCase.Change;
import org.schedlab.host.validate.ValidationCase.Metric;
import org.schedlab.host.validate.ValidationCase.Simulated;

/**
 * The fixed validate-host suite: its cases, sizes, run lengths, tolerances and the changes made to them, set here
 * before any comparison is run (docs/validation.md). {@code quick} shortens the real runs and runs each case once;
 * the sizes stay. Every case also gets a row for its context switches per second ({@link Validator}).
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

    /** perf bench sched messaging's case, whose workers are forks of perf. */
    static final String PERF_MESSAGING = "perf-messaging-g4";

    /**
     * The cases whose workers are processes that end by exit(0): their {@code exit_work} (hackbench.sched) is
     * measured just before their real runs ({@link org.schedlab.host.HostProfiler#workerExitWork}) when the host's
     * state is; otherwise the workload's own (0 for rt-tests' hackbench, 1 ms for perf's, hackbench.sched's figures
     * of 5 December 2026).
     */
    static final Set<String> EXITING_WORKERS = Set.of("hackbench-g1", "hackbench-g4",
            "hackbench-g10", "hackbench-pipe-g4", PERF_MESSAGING);

    private ValidationSuite() {
    }

    /** @return the cases for a machine of {@code cpus} CPUs */
    public static List<ValidationCase> cases(int cpus, boolean quick) {
        List<ValidationCase> out = new ArrayList<>();
        int seconds = quick ? 1 : 5;
        for (int n : new int[] { 4, 64, 450 }) {
            // threads.c counts from the parent's first look (every 10 ms) after every thread has passed its own
            // 10 ms poll of the start flag: the creation (pthread_create 29 us apart in a trace of the real start,
            // docs/validation.md, 5 December 09:07; 22, 33 and 37 us, the medians of three traces at 23:27) and two
            // polls
            String warmup = (20 + n * 29 / 1000) + " ms";
            out.add(new ValidationCase("threads_c-" + n,
                    List.of(new Metric("work/s", "1/s", REL), new Metric("zero-work threads", "threads", REL),
                            new Metric("deviation", "", Tolerance.RANGE_25)),
                    c -> RealRuns.threadsC(c, n, seconds),
                    new Simulated("", "threads_c(nthreads = " + n + ")", seconds + " s", warmup,
                            List.of("work", "work_zero_tasks", "work_deviation"),
                            m -> Map.of("work/s", m.get("work"), "zero-work threads", m.get("work_zero_tasks"),
                                    "deviation", m.get("work_deviation")))));
        }
        int loops = quick ? 20 : 100;
        for (int g : new int[] { 1, 4, 10 }) {
            out.add(hackbench("hackbench-g" + g, "hackbench", g, loops, "", c -> RealRuns.hackbench(c, g, loops, false,
                    false)));
        }
        out.add(hackbench("hackbench-threads-g4", "hackbench_threads", 4, loops, "",
                c -> RealRuns.hackbench(c, 4, loops, true, false)));
        out.add(hackbench("hackbench-pipe-g4", "hackbench_pipe", 4, loops, "",
                c -> RealRuns.hackbench(c, 4, loops, false, true)));
        // perf's workers tear perf down at their exit: hackbench.sched's exit_work, measured just before the case
        out.add(hackbench(PERF_MESSAGING, "hackbench", 4, loops, ", exit_work = 1 ms",
                c -> RealRuns.perfMessaging(c, 4, loops)));
        int pipeLoops = quick ? 20000 : 200000;
        for (boolean threads : new boolean[] { false, true }) {
            List<Change> pinned = threads ? List.of(new Change("pinned to CPU 0", "affinity",
                    c -> RealRuns.perfPipe(c, true, pipeLoops, true),
                    "change perf cpus 0", List.of("usecs/op")))
                    : List.of();
            out.add(new ValidationCase("perf-pipe-" + (threads ? "threads" : "processes"),
                    List.of(new Metric("usecs/op", "us", REL)), c -> RealRuns.perfPipe(c, threads, pipeLoops, false),
                    new Simulated("", threads ? "perf_pipe_threads" : "perf_pipe_processes", "1 s", "10 ms",
                            List.of("ops"), m -> Map.of("usecs/op", 1e6 / m.get("ops"))), pinned));
        }
        int rtSeconds = quick ? 2 : 5;
        for (int hogs : new int[] { cpus, 2 * cpus }) {
            out.add(periodic(hogs, rtSeconds, hogs == cpus ? periodicChanges(hogs, rtSeconds) : List.of()));
        }
        int samples = quick ? 1000 : 5000;
        out.add(new ValidationCase("cyclictest-" + cpus + "hogs",
                List.of(new Metric("latency mean", "us", REL), new Metric("latency p99", "us", REL),
                        new Metric("latency max", "us", REL)),
                c -> RealRuns.cyclictestHogs(c, cpus, "other", 1000, samples, false),
                new Simulated("", "cyclictest_hogs(hogs = " + cpus + ", interval = 1 ms)", samples + " ms", "20 ms",
                        List.of("timer_latency", "timer_latency_p99", "timer_latency_max"), ValidationSuite::latencies),
                List.of(new Change("SCHED_FIFO 80", "policy", c -> RealRuns.cyclictestHogs(c, cpus, "other", 1000,
                        samples, true), "change cyclic policy fifo priority 80", List.of("latency mean")))));
        out.add(niceCase(new int[] { 0, 0 }, seconds, List.of(niceChange(5, seconds), niceChange(10, seconds))));
        for (int[] nices : new int[][] { { 0, 5 }, { 0, 5, 10 } }) {
            out.add(niceCase(nices, seconds, List.of()));
        }
        for (int instances : new int[] { 1, 4 * cpus }) {
            int yielders = RealRuns.yielders(instances, cpus);
            out.add(new ValidationCase("stress-ng-yield-" + instances, List.of(new Metric("bogo ops/s", "1/s", REL)),
                    c -> RealRuns.yieldStorm(c, instances, seconds),
                    new Simulated("", "yield_storm(yielders = " + yielders + ")", "1 s", "10 ms", List.of("ops"),
                            m -> Map.of("bogo ops/s", m.get("ops")))));
        }
        out.add(new ValidationCase("stress-ng-pipe-1", List.of(new Metric("bogo ops/s", "1/s", REL)),
                c -> RealRuns.stressPipe(c, 1, seconds), new Simulated("", "stress_pipe(instances = 1)", "1 s",
                        "10 ms", List.of("ops"), m -> Map.of("bogo ops/s", m.get("ops")))));
        out.add(rrHogs(seconds));
        out.addAll(CGroupCases.cases(cpus, seconds, rtSeconds));
        return out;
    }

    /** @param more the workload's arguments after groups and loops, each after ", " */
    private static ValidationCase hackbench(String id, String workload, int groups, int loops, String more,
            ValidationCase.RealRun real) {
        return new ValidationCase(id, List.of(new Metric("time", "s", REL)), real,
                new Simulated("", workload + "(groups = " + groups + ", loops = " + loops + more + ")", "120 s", "0 ms",
                        List.of("elapsed"), m -> Map.of("time", m.get("elapsed"))));
    }

    private static Map<String, Double> latencies(Map<String, Double> m) {
        return Map.of("latency mean", m.get("timer_latency") / 1000, "latency p99", m.get("timer_latency_p99") / 1000,
                "latency max", m.get("timer_latency_max") / 1000);
    }

    /** rt-app's periodic task (1 ms every {@link #PERIODIC_US}) beside {@code hogs} CPU hogs. */
    private static ValidationCase periodic(int hogs, int seconds, List<Change> changes) {
        return new ValidationCase("rtapp-periodic-" + hogs + "hogs",
                List.of(new Metric("wakeup latency mean", "us", REL), new Metric("wakeup latency p99", "us", REL),
                        new Metric("missed deadlines", "%", Tolerance.POINTS_5)),
                c -> RealRuns.rtApp(c, hogs, 1000, PERIODIC_US, seconds, RealRuns.Periodic.PLAIN),
                new Simulated("", "periodic_hogs(hogs = " + hogs + ", run = 1 ms, period = " + PERIODIC_US + " us)",
                        seconds + " s", "0 ms", List.of("timer_latency", "timer_latency_p99", "missed_deadlines"),
                        ValidationSuite::rtAppFromTimerMetrics), changes);
    }

    /**
     * rt-app's figures from the simulated timer metrics. rt-app logs every activation, and one whose grid point has
     * passed when it reaches its timer (negative slack) does not sleep and is logged with wu_lat 0 (rt-app.c's
     * timer event); the model's {@code timer_latency} counts only the activations that slept, so rt-app's mean is
     * that mean times the share that did not miss. The p99 is the slept activations' (the zeros move rt-app's to
     * their (99 - missed) / (100 - missed) quantile: the 98.8th at 17 % missed).
     */
    static Map<String, Double> rtAppFromTimerMetrics(Map<String, Double> m) {
        double missed = m.get("missed_deadlines");
        return Map.of("wakeup latency mean", m.get("timer_latency") / 1000 * (1 - missed / 100), "wakeup latency p99",
                m.get("timer_latency_p99") / 1000, "missed deadlines", missed);
    }

    /**
     * The changes of the periodic task beside as many hogs as CPUs: its nice level (rt-app's priority), SCHED_BATCH
     * and a 0.3 ms slice request (set by hostprobe attr before rt-app starts; rt-app's threads inherit them), the
     * hogs as SCHED_IDLE, and the task as SCHED_FIFO (rt-app's policy).
     */
    private static List<Change> periodicChanges(int hogs, int seconds) {
        List<String> latency = List.of("wakeup latency mean");
        List<String> both = List.of("wakeup latency mean", "wakeup latency p99");
        return List.of(
                new Change("nice -5", "nice", c -> RealRuns.rtApp(c, hogs, 1000, PERIODIC_US, seconds,
                        new RealRuns.Periodic("other", null, "SCHED_OTHER", -5)), "change periodic nice -5", latency),
                new Change("SCHED_BATCH", "policy", c -> RealRuns.rtApp(c, hogs, 1000, PERIODIC_US, seconds,
                        new RealRuns.Periodic("other", List.of("batch", "0", "0"), "SCHED_OTHER", 0)),
                        "change periodic policy batch", latency),
                new Change("slice 0.3 ms", "slice", c -> RealRuns.rtApp(c, hogs, 1000, PERIODIC_US, seconds,
                        new RealRuns.Periodic("other", List.of("other", "0", "300000"), "SCHED_OTHER", 0)),
                        "change periodic slice 300 us", latency),
                new Change("hogs SCHED_IDLE", "policy", c -> RealRuns.rtApp(c, hogs, 1000, PERIODIC_US, seconds,
                        new RealRuns.Periodic("idle", null, "SCHED_OTHER", 0)), "change hog policy idle", both),
                new Change("SCHED_FIFO 10", "policy", c -> RealRuns.rtApp(c, hogs, 1000, PERIODIC_US, seconds,
                        new RealRuns.Periodic("other", null, "SCHED_FIFO", 10)), "change periodic policy fifo priority 10",
                        both));
    }

    /** The second of two nice-0 hogs on CPU 0 at nice {@code n}: its share. */
    private static Change niceChange(int n, int seconds) {
        return new Change("hog_1 nice " + n, "nice", c -> named(RealRuns.niceShares(c, new int[] { 0, n }, seconds),
                new int[] { 0, 0 }), "change hog_1 nice " + n, List.of("share 2nd"));
    }

    /** CPU-bound processes at the given nice levels, all on CPU 0: each one's share of that CPU. */
    private static ValidationCase niceCase(int[] nices, int seconds, List<Change> changes) {
        StringBuilder decl = new StringBuilder("workload nice_mix_" + nices.length + "_" + String.join("_",
                java.util.Arrays.stream(nices).mapToObj(Integer::toString).toList()) + " {\n");
        List<Metric> metrics = new ArrayList<>();
        List<String> counters = new ArrayList<>();
        StringBuilder id = new StringBuilder("nice");
        for (int i = 0; i < nices.length; i++) {
            String counter = "work_" + i;
            counters.add(counter);
            metrics.add(new Metric(shareName(nices, i), "%", Tolerance.POINTS_5));
            id.append(i == 0 ? "-" : ",").append(nices[i]);
            decl.append("\tprocesses hog_").append(i).append(" nice ").append(nices[i]).append(" cpus 0 {\n")
                    .append("\t\tloop forever {\n\t\t\tcompute 100 us\n\t\t\tcount ").append(counter)
                    .append("\n\t\t}\n\t}\n");
        }
        decl.append("}\n");
        String workload = decl.substring("workload ".length(), decl.indexOf(" {"));
        return new ValidationCase(id.toString(), metrics, c -> named(RealRuns.niceShares(c, nices, seconds), nices),
                new Simulated(decl.toString(), workload, "2 s", "100 ms", counters, m -> {
                    double sum = counters.stream().mapToDouble(m::get).sum();
                    Map<String, Double> out = new LinkedHashMap<>();
                    for (int i = 0; i < nices.length; i++) {
                        out.put(shareName(nices, i), 100 * m.get(counters.get(i)) / sum);
                    }
                    return out;
                }), changes);
    }

    /** @return the metric name of the {@code i}-th hog's share: {@code share nice 5}, or by position for a tie */
    private static String shareName(int[] nices, int i) {
        boolean tie = java.util.Arrays.stream(nices).distinct().count() < nices.length;
        return tie ? "share " + (i == 0 ? "1st" : i == 1 ? "2nd" : (i + 1) + "th") : "share nice " + nices[i];
    }

    /** @return the shares named as the case with nice levels {@code nices} names them, and the hogs' switches */
    private static Map<String, Double> named(RealRuns.Shares shares, int[] nices) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < shares.shares().length; i++) {
            out.put(shareName(nices, i), shares.shares()[i]);
        }
        out.put(Validator.SWITCHES.name(), shares.hogSwitches());
        return out;
    }

    /** Two SCHED_RR hogs on CPU 0: their switches per second, and with sched_rr_timeslice_ms at 10. */
    private static ValidationCase rrHogs(int seconds) {
        String decl = "workload rr_hogs {\n\tprocesses hog x 2 policy rr priority 1 cpus 0 {\n\t\tloop forever {\n"
                + "\t\t\tcompute 10 ms\n\t\t}\n\t}\n}\n";
        return new ValidationCase("rr-hogs", List.of(new Metric("hog switches", "1/s", REL)),
                c -> RealRuns.rrHogs(c, seconds),
                new Simulated(decl, "rr_hogs", "5 s", "100 ms", List.of("task_switches"),
                        m -> Map.of("hog switches", m.get("task_switches"))),
                List.of(new Change("rr timeslice 10 ms", "sysctl", c -> {
                    try (SysctlGuard g = SysctlGuard.set(c.procSys(), "kernel/sched_rr_timeslice_ms", "10")) {
                        return RealRuns.rrHogs(c, seconds);
                    }
                }, "set sched_rr_timeslice_ms = 10 ms", List.of("hog switches"))));
    }
}
