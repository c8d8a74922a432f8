/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.metrics.CpuResult;
import org.schedlab.sim.metrics.LockResult;
import org.schedlab.sim.metrics.Metrics;
import org.schedlab.sim.metrics.MetricsSnapshot;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskStats;

/**
 * Turns the run's books into an immutable {@link SimResult}. Live and zombie tasks are the snapshot's tasks;
 * tasks reaped in the measured window are its exited tasks (final state {@code EXITED}; those reaped during
 * the warm-up are not listed). Running and waiting tasks are credited up to the stop time. Every figure covers
 * the measured window: absolute books minus the {@link Measurement} baseline.
 */
final class ResultBuilder {
    private static final org.schedlab.sim.task.Task.KernelOps TASK = KernelMutators.task();
    private final KernelImpl k;

    ResultBuilder(KernelImpl k) {
        this.k = k;
    }

    SimResult build(SimResult.Status status, long stop, long events) {
        Metrics m = k.metrics();
        Measurement w = k.measurement;
        Map<String, Long> counters = counters(m);
        Map<SchedFn, Long> fn = new EnumMap<>(SchedFn.class);
        for (SchedFn f : SchedFn.values()) {
            fn.put(f, m.cycles(f));
        }
        Map<String, Long> phases = new LinkedHashMap<>();
        for (int i = 0; i < k.phaseNames.size(); i++) {
            phases.put(k.phaseNames.get(i), k.phaseNs[i]);
        }
        List<CpuResult> cpus = new ArrayList<>();
        for (Cpu c : k.machine().cpus()) {
            long[] b = w.cpu(c);
            cpus.add(new CpuResult(c.id(), c.userNs() - b[0], c.kernelNs() - b[1], c.spinNs() - b[2],
                    c.idleNs() - b[3]));
        }
        List<LockResult> locks = new ArrayList<>();
        for (SpinLock l : k.locks) {
            long[] b = w.lock(l);
            locks.add(new LockResult(l.name(), l.acquisitions() - b[0], l.contended() - b[1], l.spinNs() - b[2],
                    l.holdNs() - b[3]));
        }
        List<TaskResult> tasks = live(stop, m, w);
        List<TaskResult> exited = exited(stop, m, w);
        long interval = k.machine().profile().tickNs() * m.runQueueStride();
        List<Integer> series = boxed(m.runQueueSeries());
        MetricsSnapshot snap = new MetricsSnapshot(stop - w.startNs(), m.contextSwitches(), m.yieldCalls(),
                counters, fn, m.ipisSent(), m.ipisSuppressed(), m.wakeupLatency(), m.timerLatency(), m.runQueueMean(), m.runQueueMax(), series,
                interval, m.engineCounters(), phases, tasks, cpus, locks, w.startNs(), exited, counterSeries(m));
        List<String> patches = new ArrayList<>(k.cfg.scheduler().patches());
        return new SimResult(status, k.cfg.engine().info().id(), k.cfg.scheduler().version(), patches,
                k.cfg.machine().id(), k.machine().nrCpus(), snap,
                m.trace() == null ? List.of() : m.trace().events(), events,
                m.trace() == null ? Map.of() : m.trace().names(), m.trace() == null ? List.of() : m.trace().ipis());
    }

    // The loops below are methods of their own: a run that reaps thousands of tasks (lat_proc) makes them hot, and
    // the JIT then compiles (on stack replacement) only the loop, not build() with everything it inlines (1 to 2 s
    // of C2's time each, three times in a reproduce; docs/performance.md, issue 28, fifth session).

    private static Map<String, Long> counters(Metrics m) {
        Map<String, Long> counters = new LinkedHashMap<>();
        for (int i = 0; i < m.counterCount(); i++) {
            counters.put(m.counterName(i), m.counter(i));
        }
        return counters;
    }

    /** @return the live and zombie tasks of the workload by pid (the machine's own kernel threads left out) */
    private List<TaskResult> live(long stop, Metrics m, Measurement w) {
        List<Task> live = new ArrayList<>(k.allTasks());
        live.sort(Comparator.comparingInt(Task::pid));
        List<TaskResult> tasks = new ArrayList<>(live.size());
        for (Task t : live) {
            if (TASK.context(t) instanceof TaskContext c && c.kernelThread) {
                continue; // the machine's own work (BackgroundWork): no task of the workload's
            }
            tasks.add(task(t, stop, m, w, t.state().name()));
        }
        return tasks;
    }

    /** @return the tasks reaped in the measured window, by pid */
    private List<TaskResult> exited(long stop, Metrics m, Measurement w) {
        List<TaskResult> exited = new ArrayList<>(k.reaped.size());
        for (Task t : k.reaped) {
            exited.add(task(t, stop, m, w, TaskResult.EXITED));
        }
        exited.sort(Comparator.comparingInt(TaskResult::pid));
        return exited;
    }

    private static List<Integer> boxed(int[] values) {
        List<Integer> list = new ArrayList<>(values.length);
        for (int v : values) {
            list.add(v);
        }
        return list;
    }

    private static TaskResult task(Task t, long stop, Metrics m, Measurement w, String state) {
        TaskStats s = t.stats();
        long[] now = Measurement.taskAt(t, stop);
        long[] b = w.task(t);
        Map<String, Long> mine = new LinkedHashMap<>();
        java.util.Set<String> countable = TASK.context(t) instanceof TaskContext c ? c.countable
                : java.util.Set.<String>of();
        for (int i = 0; i < m.counterCount() && i < s.counters.length; i++) {
            long v = s.counters[i] - w.taskCounter(t, i);
            if (v != 0 || countable.contains(m.counterName(i))) {
                mine.put(m.counterName(i), v);
            }
        }
        return new TaskResult(t.pid(), t.name(), now[0] - b[0], now[1] - b[1], now[2] - b[2], now[3] - b[3],
                now[4] - b[4], mine, state);
    }

    /** @return the engine counters at each series point, as the snapshot keeps them */
    private static java.util.Map<String, List<Long>> counterSeries(org.schedlab.sim.metrics.Metrics m) {
        java.util.Map<String, List<Long>> out = new java.util.LinkedHashMap<>();
        m.engineCounterSeries().forEach((name, v) -> out.put(name, java.util.Arrays.stream(v).boxed().toList()));
        return out;
    }
}
