/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.metrics;

import java.util.List;
import java.util.Map;
import org.schedlab.sim.spi.SchedFn;

/**
 * Immutable figures of one run: they cover the measured window {@code [startNs, startNs + elapsedNs]}, which
 * begins after the warm-up ({@code SimConfig.warmupNs()}).
 *
 * @param elapsedNs          simulated time covered (measured time: the warm-up is not included)
 * @param contextSwitches    context switches (prev != next)
 * @param yieldCalls         sched_yield system calls made by tasks
 * @param counters           workload counters by name (totals)
 * @param fnCycles           kernel cycles by function
 * @param ipisSent           reschedule IPIs sent
 * @param ipisSuppressed     IPIs not sent because the target had TIF_POLLING_NRFLAG set
 * @param wakeupLatency      wakeup-to-run latency histogram
 * @param timerLatency       nominal-expiry-to-run latency of the tasks woken by a {@code timer} action
 * @param runQueueMean       mean sampled run-queue length (every task RUNNING, queued or on a CPU)
 * @param runQueueMax        largest sample
 * @param runQueueSeries     samples (one per {@code runQueueIntervalNs})
 * @param runQueueIntervalNs time between series points
 * @param engineCounterSeries each engine counter's cumulative value at each series point (since 1.2)
 * @param engineCounters     engine-defined counters
 * @param phaseNs            time tasks spent inside each named phase, summed over tasks
 * @param tasks              per task alive or zombie at the end, in pid order (the tasks figures over tasks
 *                           count)
 * @param cpus               per CPU
 * @param locks              per kernel spinlock, in creation order
 * @param startNs            simulated time the measurement started (the warm-up; 0 without one)
 * @param exitedTasks        per task reaped in the measured window, in pid order (final state
 *                           {@link TaskResult#EXITED}; at most the first 10,000 reaped)
 */
public record MetricsSnapshot(long elapsedNs, long contextSwitches, long yieldCalls, Map<String, Long> counters,
                              Map<SchedFn, Long> fnCycles, long ipisSent, long ipisSuppressed,
                              Histogram wakeupLatency, Histogram timerLatency, double runQueueMean, int runQueueMax,
                              List<Integer> runQueueSeries, long runQueueIntervalNs,
                              Map<String, Long> engineCounters, Map<String, Long> phaseNs,
                              List<TaskResult> tasks, List<CpuResult> cpus, List<LockResult> locks,
                              long startNs, List<TaskResult> exitedTasks,
                              Map<String, List<Long>> engineCounterSeries) {

    /** A snapshot without engine counter series (before 1.2). */
    public MetricsSnapshot(long elapsedNs, long contextSwitches, long yieldCalls, Map<String, Long> counters,
            Map<SchedFn, Long> fnCycles, long ipisSent, long ipisSuppressed, Histogram wakeupLatency,
            Histogram timerLatency, double runQueueMean, int runQueueMax, List<Integer> runQueueSeries,
            long runQueueIntervalNs, Map<String, Long> engineCounters, Map<String, Long> phaseNs, List<TaskResult> tasks,
            List<CpuResult> cpus, List<LockResult> locks, long startNs, List<TaskResult> exitedTasks) {
        this(elapsedNs, contextSwitches, yieldCalls, counters, fnCycles, ipisSent, ipisSuppressed, wakeupLatency,
                timerLatency, runQueueMean, runQueueMax, runQueueSeries, runQueueIntervalNs, engineCounters, phaseNs,
                tasks, cpus, locks, startNs, exitedTasks, Map.of());
    }

    public MetricsSnapshot {
        engineCounterSeries = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(
                engineCounterSeries));
        counters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(counters));
        fnCycles = java.util.Collections.unmodifiableMap(new java.util.EnumMap<>(fnCycles));
        runQueueSeries = List.copyOf(runQueueSeries);
        engineCounters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(engineCounters));
        phaseNs = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(phaseNs));
        tasks = List.copyOf(tasks);
        cpus = List.copyOf(cpus);
        locks = List.copyOf(locks);
        exitedTasks = List.copyOf(exitedTasks);
        wakeupLatency = wakeupLatency.copy();
        timerLatency = timerLatency.copy();
    }

    /** @return simulated time the measured window ends: {@code startNs + elapsedNs} */
    public long endNs() {
        return startNs + elapsedNs;
    }

    /** @return counter {@code name} per simulated second (0 when absent) */
    public double rate(String name) {
        Long v = counters.get(name);
        return v == null || elapsedNs == 0 ? 0 : v * 1e9 / elapsedNs;
    }

    /** @return context switches per simulated second */
    public double contextSwitchRate() {
        return elapsedNs == 0 ? 0 : contextSwitches * 1e9 / elapsedNs;
    }

    /** @return sched_yield calls per simulated second */
    public double yieldRate() {
        return elapsedNs == 0 ? 0 : yieldCalls * 1e9 / elapsedNs;
    }

    /** @return cycles booked to {@code fn} */
    public long cycles(SchedFn fn) {
        return fnCycles.getOrDefault(fn, 0L);
    }

    /** @return cycles of every scheduler function ({@link SchedFn#isScheduler()}) */
    public long schedulerCycles() {
        long s = 0;
        for (Map.Entry<SchedFn, Long> e : fnCycles.entrySet()) {
            if (e.getKey().isScheduler()) {
                s += e.getValue();
            }
        }
        return s;
    }

    /** @return the task with this pid, or null */
    public TaskResult task(int pid) {
        for (TaskResult t : tasks) {
            if (t.pid() == pid) {
                return t;
            }
        }
        return null;
    }
}
