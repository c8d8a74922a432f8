/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.traces;

import java.util.HashMap;
import java.util.Map;

import org.schedlab.runner.trace.FtraceEvent;
import org.schedlab.runner.trace.FtraceReader;

/**
 * Turns the sched events of an ftrace text trace ({@link FtraceReader}) into stretches: each CPU runs the task of its
 * first record's TASK-PID column from that record on, and each sched_switch ends the running stretch (with
 * prev_state) and starts the next task's; pid 0 is the idle task. sched_wakeup and sched_wakeup_new are wakeups on
 * the CPU that recorded them, by the task current there (or an interrupt, when the flags say so or the CPU was idle).
 * Task names are the last comm seen.
 */
final class FtraceLoading implements FtraceReader.Sink {

    private final TraceBuilder out;
    private final Map<Integer, long[]> running = new HashMap<>(); // cpu -> {pid, since}
    private long events;

    FtraceLoading(TraceBuilder out) {
        this.out = out;
    }

    /** @return sched events taken */
    long events() {
        return events;
    }

    @Override
    public void event(FtraceEvent e) {
        events++;
        out.record(e.timeNs());
        out.cpu(e.cpu());
        running.computeIfAbsent(e.cpu(), c -> new long[] { pid(e.taskPid()), e.timeNs() });
        if (e.taskPid() > 0) {
            out.name(e.taskPid(), e.task());
        }
        switch (e.type()) {
        case SWITCH -> {
            long[] cur = running.get(e.cpu());
            char state = e.state() == null || e.state().isEmpty() ? ' ' : e.state().charAt(0);
            out.stretch(e.cpu(), pid(e.pid()), cur[1], e.timeNs(), state);
            cur[0] = pid(e.pid2());
            cur[1] = e.timeNs();
            out.name(e.pid(), e.comm());
            out.name(e.pid2(), e.comm2());
        }
        case WAKEUP, WAKEUP_NEW -> {
            out.name(e.pid(), e.comm());
            out.wakeup(e.timeNs(), e.cpu(), e.pid(), e.inIrq() || e.taskPid() == 0 ? -1 : e.taskPid());
        }
        case FORK -> out.name(e.pid2(), e.comm2());
        default -> {
            // migrations and exits: the switches show where tasks ran
        }
        }
    }

    /** Closes the stretches still running at the last record. */
    void finish() {
        for (Map.Entry<Integer, long[]> r : running.entrySet()) {
            out.stretch(r.getKey(), (int) r.getValue()[0], r.getValue()[1], out.lastNs(), ' ');
        }
    }

    private static int pid(int pid) {
        return pid == 0 ? -1 : pid;
    }
}
