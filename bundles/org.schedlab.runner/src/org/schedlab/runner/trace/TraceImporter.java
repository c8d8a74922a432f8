/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Follows the sched events of a trace, task by task, keeping per task only running figures (or, with
 * {@code exact}, its sequence of steps): run bursts (CPU time from a wakeup to the next sleep, preemptions
 * included), sleeps, who woke it (a task of the trace, or a timer or interrupt), forks, exits, prio and the CPUs it
 * ran on. {@link WorkloadWriter} turns the result into a .sched workload.
 */
public final class TraceImporter implements FtraceReader.Sink {

    /** What to import. */
    public record Options(Pattern filter, boolean exact) {
        /** Every task, fitted distributions. */
        public static Options defaults() {
            return new Options(null, false);
        }
    }

    final Options options;
    final Map<Integer, TaskHistory> tasks = new LinkedHashMap<>();
    /** CPU time of the tasks the filter left out, by comm. */
    final Map<String, Long> leftOut = new LinkedHashMap<>();
    long firstNs = -1;
    long lastNs;
    int cpus;
    long events;
    /** switches the trace lost, put back by {@link MissedSwitches} */
    long inferredSwitches;

    public TraceImporter(Options options) {
        this.options = options;
    }

    /**
     * Reads {@code file} (plain or .gz), with the switches it lost put back ({@link MissedSwitches}), and returns
     * the importer with everything it followed.
     */
    public static TraceImporter read(Path file, Options options) throws IOException, TraceFormatException {
        TraceImporter imp = new TraceImporter(options);
        MissedSwitches repaired = new MissedSwitches(imp);
        FtraceReader.read(file, repaired);
        imp.inferredSwitches = repaired.inferred();
        imp.finish();
        return imp;
    }

    @Override
    public void event(FtraceEvent e) {
        events++;
        long t = e.timeNs();
        if (firstNs < 0) {
            firstNs = t;
        }
        lastNs = Math.max(lastNs, t);
        cpus = Math.max(cpus, e.cpu() + 1);
        if ((e.type() == FtraceEvent.Type.WAKEUP || e.type() == FtraceEvent.Type.WAKEUP_NEW)
                && !tasks.containsKey(e.pid())) {
            appears(e.pid(), e.comm(), t); // asleep or not yet forked until now
        } else if (e.type() == FtraceEvent.Type.FORK && !tasks.containsKey(e.pid2())) {
            appears(e.pid2(), e.comm2(), t);
        }
        switch (e.type()) {
            case SWITCH -> {
                switchOut(e.pid(), e.comm(), e.prio(), e.state(), t);
                switchIn(e.pid2(), e.comm2(), e.prio2(), e.cpu(), t);
            }
            case WAKEUP -> wakeup(e, t);
            case WAKEUP_NEW -> task(e.pid(), e.comm(), t).prio = e.prio();
            case FORK -> fork(e, t);
            case EXIT -> {
                TaskHistory h = task(e.pid(), e.comm(), t);
                if (h != null) {
                    h.exited = true;
                }
            }
            case MIGRATE -> {
                // where a task runs is seen at its switch-in
            }
        }
    }

    /** Ends the bursts of the tasks still running at the end of the trace (exact mode: their last step). */
    public void finish() {
        for (TaskHistory h : tasks.values()) {
            if (h.onCpuSince >= 0) {
                long d = lastNs - h.onCpuSince;
                h.cpuNs += d;
                h.pendingComputeNs += d;
                h.onCpuSince = -1;
            }
            if (h.pendingComputeNs > 0) {
                h.step(TaskHistory.COMPUTE, h.pendingComputeNs);
                h.pendingComputeNs = 0;
            }
        }
        for (TaskHistory h : tasks.values()) {
            if (!h.imported && h.cpuNs > 0) {
                leftOut.merge(h.comm, h.cpuNs, Long::sum);
            }
        }
    }

    /** @return sched events read */
    public long events() {
        return events - inferredSwitches;
    }

    /** @return tasks the workload will have (those the filter kept) */
    public int importedTasks() {
        return (int) tasks.values().stream().filter(h -> h.imported).count();
    }

    private void appears(int pid, String comm, long t) {
        TaskHistory h = task(pid, comm, t);
        if (h != null) {
            h.startNs = t;
        }
    }

    private TaskHistory task(int pid, String comm, long t) {
        if (pid <= 0) {
            return null;
        }
        TaskHistory h = tasks.get(pid);
        if (h == null) {
            h = new TaskHistory(pid, comm == null ? "<...>" : comm, t, options.exact());
            tasks.put(pid, h);
        } else if (comm != null && !h.comm.equals(comm)) {
            h.comm = comm;
        }
        if (!h.imported && comm != null) { // a task counts once any of its comms matched (exec changes the comm)
            h.imported = options.filter() == null || options.filter().matcher(comm).find();
        }
        return h;
    }

    private void switchOut(int pid, String comm, int prio, String state, long t) {
        TaskHistory h = task(pid, comm, t);
        if (h == null) {
            return;
        }
        h.prio = prio;
        if (h.onCpuSince < 0 && h.switchIns == 0 && h.startNs < 0 && h.sleepingSince < 0) {
            h.onCpuSince = firstNs; // its CPU's first switch: it was running when the recording began
        }
        if (h.onCpuSince >= 0) {
            long d = t - h.onCpuSince;
            h.cpuNs += d;
            h.burstNs += d;
            h.pendingComputeNs += d;
            h.onCpuSince = -1;
        }
        char s = state.isEmpty() ? 'R' : state.charAt(0);
        if (s == 'R') {
            return; // preempted or yielded: the burst goes on
        }
        if (h.burstNs > 0) {
            h.bursts.add(h.burstNs);
        }
        h.burstNs = 0;
        if (h.pendingComputeNs > 0) {
            h.step(TaskHistory.COMPUTE, h.pendingComputeNs);
            h.pendingComputeNs = 0;
        }
        if (s == 'Z' || s == 'X') {
            h.exited = true;
        } else {
            h.sleepingSince = t;
            h.blocks++;
        }
    }

    private void switchIn(int pid, String comm, int prio, int cpu, long t) {
        TaskHistory h = task(pid, comm, t);
        if (h == null) {
            return;
        }
        h.prio = prio;
        if (h.sleepingSince >= 0) { // its wakeup is not in the trace: a sleep of unknown cause
            slept(h, t, null);
        }
        h.onCpuSince = t;
        h.switchIns++;
        if (cpu < 64) {
            h.cpusSeen |= 1L << cpu;
        }
    }

    private void wakeup(FtraceEvent e, long t) {
        TaskHistory h = task(e.pid(), e.comm(), t);
        if (h == null) {
            return;
        }
        h.prio = e.prio();
        if (h.sleepingSince < 0) {
            return;
        }
        // the TASK column's comm may be "<...>" (not in the kernel's comm cache): the waker keeps the comm it has
        TaskHistory waker = e.inIrq() || e.taskPid() == e.pid() ? null : task(e.taskPid(), null, t);
        boolean byTask = waker != null && waker.imported && h.imported;
        if (!byTask) {
            h.ownWakeup(t); // a timer's, an interrupt's or a task's left out
        }
        slept(h, t, byTask ? waker : null);
    }

    private void slept(TaskHistory h, long t, TaskHistory waker) {
        long d = t - h.sleepingSince;
        h.sleepingSince = -1;
        if (waker != null) {
            h.wokenByTasks++;
            h.waits.add(d);
            waker.wakes.merge(h.pid, 1L, Long::sum);
            waker.flushCompute(t);
            waker.step(TaskHistory.SEND, h.pid);
            h.step(TaskHistory.RECV, 0);
        } else {
            h.sleeps.add(d);
            h.step(TaskHistory.SLEEP, d);
        }
    }

    private void fork(FtraceEvent e, long t) {
        TaskHistory parent = task(e.pid(), e.comm(), t);
        TaskHistory child = task(e.pid2(), e.comm2(), t);
        if (parent == null || child == null) {
            return;
        }
        if (parent.imported && child.imported) {
            child.parent = parent.pid;
            parent.forks.add(child.pid);
            parent.flushCompute(t);
            parent.step(TaskHistory.FORK, child.pid);
        }
    }
}
