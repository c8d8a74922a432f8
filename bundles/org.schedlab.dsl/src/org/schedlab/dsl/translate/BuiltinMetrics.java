/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.translate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The metrics an experiment may name besides its workload's counters ({@code count NAME} actions, reported per
 * simulated second). The runner computes these from {@link org.schedlab.sim.metrics.MetricsSnapshot}.
 */
public final class BuiltinMetrics {

    /** Metric name to description. */
    public static final Map<String, String> ALL;

    static {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("switches", "context switches per simulated second");
        m.put("task_switches", "switches of the workload's tasks (voluntary and involuntary) per simulated second");
        m.put("yield_calls", "sched_yield calls per simulated second");
        m.put("ipis", "reschedule IPIs sent per simulated second");
        m.put("ipis_suppressed", "IPIs not sent because the target CPU was polling, per second");
        m.put("wakeup_latency", "mean wakeup-to-run latency");
        m.put("wakeup_latency_p99", "99th percentile of the wakeup-to-run latency (an upper bound: its bucket's end)");
        m.put("wakeup_latency_max", "longest wakeup-to-run latency");
        m.put("timer_latency", "mean latency of timer wakeups from the timer's nominal expiry to running (rt-app's"
                + " wu_lat, cyclictest's latency)");
        m.put("timer_latency_p99", "99th percentile of the timer latency (an upper bound: its bucket's end)");
        m.put("timer_latency_max", "longest timer latency");
        m.put("missed_deadlines", "share of timer actions whose period was over before they ran, in %");
        m.put("runqueue", "mean run-queue length");
        m.put("runqueue_max", "largest sampled run-queue length");
        m.put("sched_cycles", "cycles spent in the scheduler (schedule, scan, recalc, queue operations, ...)");
        m.put("enqueue_dequeue_cycles", "cycles in enqueue and dequeue (seed 002's instrument)");
        m.put("yield_cycles", "cycles in sched_yield's scheduler part (yield_task_fair, the yield bit, the list move)");
        m.put("lock_spin_cycles", "cycles spent spinning on kernel spinlocks");
        m.put("idle_share", "share of CPU time spent idle, in %");
        m.put("elapsed", "simulated time until every task exited or the run ended");
        ALL = java.util.Collections.unmodifiableMap(m);
    }

    /**
     * The cpu.stat fields a task group G reports as engine counters {@code FIELD_G} (its path with '/' as '_'):
     * CPU time used (us), bandwidth periods that passed and those in which it was throttled, time throttled (us,
     * summed over its CPUs' queues). {@code FIELD_G} is the rate per second, {@code FIELD_G_total} the total.
     */
    public static final java.util.List<String> CGROUP_STATS = java.util.List.of("usage_usec", "nr_periods",
            "nr_throttled", "throttled_usec");

    /**
     * Suffixes that turn a workload counter C into a metric: its total, and the columns threads.c prints over the
     * tasks whose program counts C (how many, the rate per task, those that never counted, the normalised squared
     * deviation).
     */
    public static final java.util.List<String> COUNTER_SUFFIXES = java.util.List.of("_total", "_zero_tasks",
            "_per_task", "_deviation", "_tasks");

    /**
     * @param counters the workload's counters
     * @param engineCounters the counters the experiment's engines report
     * @return every metric name an experiment over this workload and these engines may use
     */
    public static java.util.Set<String> names(java.util.Collection<String> counters,
            java.util.Collection<String> engineCounters) {
        java.util.Set<String> names = new java.util.LinkedHashSet<>(ALL.keySet());
        names.add("idle"); // idle_share's older name, which runs still report
        for (String c : counters) {
            names.add(c);
            for (String suffix : COUNTER_SUFFIXES) {
                names.add(c + suffix);
            }
        }
        for (String c : engineCounters) {
            names.add(c);
            names.add(c + "_total");
        }
        for (org.schedlab.sim.spi.SchedFn f : org.schedlab.sim.spi.SchedFn.values()) {
            names.add("cycles_" + f.name().toLowerCase(java.util.Locale.ROOT));
        }
        return names;
    }

    private BuiltinMetrics() {
    }
}
