/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.export;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.metrics.TraceEvent;
import org.schedlab.sim.workload.ThreadGroup;

/**
 * The kernel's sched tracepoints derived from one run's schedule trace, in time order, for the writers of kernel
 * trace formats ({@link FtraceTrace} text, {@link PerfettoProtoTrace} protobuf).
 * <p>
 * What the simulator does not record is derived: the target CPU of a wakeup is the CPU the task next runs on; a
 * sched_migrate_task is reported when a task is woken onto, or switched in on, another CPU than it last ran on; a
 * switch away from a ZOMBIE is preceded by its sched_process_exit. pids are the simulator's (the idle task of CPU N
 * is id {@code -1-N}, pid 0, {@code swapper/N}); the comm is the group name with the task's index
 * ({@code worker-3}), cut to the kernel's 15 characters; a forked task keeps its parent's comm and priority, as
 * fork() does. prio is 120 + nice for SCHED_OTHER, BATCH and IDLE, 99 - rt_priority for FIFO and RR.
 */
public final class SchedEvents {
    private static final int COMM_LEN = 15;

    /** A task as the tracepoints show it; {@code id} is negative for an idle task. */
    public record Task(int id, String comm, int prio) {
        /** The pid the kernel reports: 0 for the idle tasks. */
        public int pid() {
            return Math.max(id, 0);
        }

        /** The TASK column of the trace text: {@code <idle>} for the idle tasks. */
        public String task() {
            return id < 0 ? "<idle>" : comm;
        }
    }

    /** Receives the tracepoints; {@code current} is the task running on {@code cpu} when the event fires. */
    public interface Sink {
        void sched_switch(int cpu, long ns, Task prev, char prevState, Task next) throws IOException;

        void sched_wakeup(int cpu, long ns, Task current, boolean inIrq, Task woken, int targetCpu)
                throws IOException;

        void sched_process_fork(int cpu, long ns, Task parent, Task child) throws IOException;

        void sched_wakeup_new(int cpu, long ns, Task current, Task child, int targetCpu) throws IOException;

        void sched_process_exit(int cpu, long ns, Task task) throws IOException;

        void sched_migrate_task(int cpu, long ns, Task current, Task task, int origCpu, int destCpu)
                throws IOException;
    }

    private final List<TraceEvent> trace;
    private final Integer[] order;
    private final int[] target;
    private final Map<Integer, String> comm = new HashMap<>();
    /** The run's own names of its tasks: the machine's kernel threads (kworker/N) are in no group. */
    private final Map<Integer, String> taskNames;
    private final Map<Integer, Integer> prio = new HashMap<>();
    private final Map<Integer, Integer> lastCpu = new HashMap<>();
    private final int[] current;

    /** Prepares one walk over {@code run} (simulated with {@code config}); each walk needs a new instance. */
    public SchedEvents(SimResult run, SimConfig config) {
        this.trace = run.trace();
        this.taskNames = run.taskNames();
        order = new Integer[trace.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(trace.get(a).timeNs(), trace.get(b).timeNs()));
        target = new int[order.length];
        Map<Integer, Integer> nextIn = new HashMap<>();
        for (int k = order.length - 1; k >= 0; k--) {
            TraceEvent e = trace.get(order[k]);
            if (e.kind() == TraceEvent.Kind.SWITCH) {
                nextIn.put(e.otherPid(), e.cpu());
            } else {
                target[k] = nextIn.getOrDefault(e.pid(), e.cpu());
            }
        }
        int pid = 1; // the simulator's pids follow the groups' order from 1
        for (ThreadGroup g : config.workload().groups()) {
            int p = g.policy().isRealTime() ? 99 - g.rtPriority() : 120 + g.nice();
            for (int i = 0; i < g.count(); i++, pid++) {
                comm.put(pid, cut(g.name() + "-" + i));
                prio.put(pid, p);
            }
        }
        current = new int[run.nrCpus()];
        for (int c = 0; c < current.length; c++) {
            current[c] = -1 - c;
        }
    }

    /** The tasks of the workload's groups, known before the run starts (forked tasks are not among them). */
    public List<Task> initialTasks() {
        return comm.keySet().stream().sorted().map(this::task).toList();
    }

    /** Sends every tracepoint to {@code sink} in time order. */
    public void walk(Sink sink) throws IOException {
        for (int k = 0; k < order.length; k++) {
            TraceEvent e = trace.get(order[k]);
            if (e.kind() == TraceEvent.Kind.SWITCH) {
                switchTo(e, sink);
            } else if (e.prevState() == 'N') {
                fork(e, target[k], sink);
            } else {
                wakeup(e, target[k], sink);
            }
        }
    }

    private void switchTo(TraceEvent e, Sink sink) throws IOException {
        int prev = e.pid();
        int next = e.otherPid();
        long t = e.timeNs();
        if (e.prevState() == 'Z' && prev >= 0) {
            sink.sched_process_exit(e.cpu(), t, task(prev));
        }
        if (next >= 0) {
            migrate(next, e.cpu(), prev, e.cpu(), t, sink);
        }
        sink.sched_switch(e.cpu(), t, task(prev), e.prevState(), task(next));
        if (e.cpu() < current.length) {
            current[e.cpu()] = next;
        }
    }

    private void wakeup(TraceEvent e, int to, Sink sink) throws IOException {
        int waker = e.otherPid() >= 0 ? e.otherPid() : running(e.cpu());
        migrate(e.pid(), to, waker, e.cpu(), e.timeNs(), sink);
        sink.sched_wakeup(e.cpu(), e.timeNs(), task(waker), e.otherPid() < 0, task(e.pid()), to);
    }

    private void fork(TraceEvent e, int to, Sink sink) throws IOException {
        int child = e.pid();
        int parent = e.otherPid();
        comm.put(child, comm(parent));
        prio.put(child, prio(parent));
        sink.sched_process_fork(e.cpu(), e.timeNs(), task(parent), task(child));
        lastCpu.put(child, to);
        sink.sched_wakeup_new(e.cpu(), e.timeNs(), task(parent), task(child), to);
    }

    /** Reports a sched_migrate_task when {@code pid} lands on {@code to}, not the CPU it last ran on. */
    private void migrate(int pid, int to, int by, int onCpu, long t, Sink sink) throws IOException {
        Integer from = lastCpu.put(pid, to);
        if (from != null && from != to) {
            sink.sched_migrate_task(onCpu, t, task(by), task(pid), from, to);
        }
    }

    private int running(int cpu) {
        return cpu >= 0 && cpu < current.length ? current[cpu] : -1 - Math.max(cpu, 0);
    }

    private Task task(int id) {
        return new Task(id, comm(id), prio(id));
    }

    private String comm(int pid) {
        if (pid < 0) {
            return "swapper/" + (-1 - pid);
        }
        String c = comm.get(pid);
        return c != null ? c : taskNames.containsKey(pid) ? cut(taskNames.get(pid)) : "task" + pid;
    }

    private int prio(int pid) {
        return pid < 0 ? 120 : prio.getOrDefault(pid, 120);
    }

    private static String cut(String s) {
        return s.length() > COMM_LEN ? s.substring(0, COMM_LEN) : s;
    }
}
