/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.traces;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.ui.charts.viewers.TimelineInput;

/**
 * Collects what a trace reader found (stretches a task ran on a CPU, wakeups, task names, in any order) and builds
 * the {@link TraceTimeline}: times from the first record, each stretch with the last wakeup of its task before it,
 * a halt mark where a CPU switched to its idle task.
 */
final class TraceBuilder {

    /** A stretch as read: absolute ns; pid -1 is the idle task. */
    private record Stretch(int cpu, int pid, long fromNs, long toNs, char endState) {
    }

    /** A wakeup as read: absolute ns, on the waking CPU; waker -1 for an interrupt. */
    private record Woken(long timeNs, int cpu, int pid, int wakerPid) {
    }

    private final List<Stretch> stretches = new ArrayList<>();
    private final List<Woken> wakeups = new ArrayList<>();
    private final Map<Integer, String> names = new HashMap<>();
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;
    private int nrCpus;

    /** Notes a record at {@code timeNs} (the trace's span is that of its records). */
    void record(long timeNs) {
        first = Math.min(first, timeNs);
        last = Math.max(last, timeNs);
    }

    /** @return whether a record was noted */
    boolean any() {
        return first <= last;
    }

    /** @return the last record's time */
    long lastNs() {
        return last;
    }

    void cpu(int cpu) {
        nrCpus = Math.max(nrCpus, cpu + 1);
    }

    void stretch(int cpu, int pid, long fromNs, long toNs, char endState) {
        cpu(cpu);
        if (toNs > fromNs) {
            stretches.add(new Stretch(cpu, pid < 0 ? -1 : pid, fromNs, toNs, endState));
        }
    }

    void wakeup(long timeNs, int cpu, int pid, int wakerPid) {
        cpu(cpu);
        wakeups.add(new Woken(timeNs, cpu, pid, wakerPid));
    }

    void name(int pid, String comm) {
        if (pid >= 0 && comm != null && !comm.isBlank()) {
            names.put(pid, comm);
        }
    }

    /** @return the timeline; {@code summary} is the header's line */
    TraceTimeline build(String title, String summary) {
        long origin = any() ? first : 0;
        stretches.sort(Comparator.comparingLong(Stretch::fromNs));
        wakeups.sort(Comparator.comparingLong(Woken::timeNs));
        List<List<TimelineInput.Slice>> lanes = new ArrayList<>();
        for (int c = 0; c < nrCpus; c++) {
            lanes.add(new ArrayList<>());
        }
        List<TimelineInput.Mark> marks = new ArrayList<>();
        Map<Integer, Woken> pending = new HashMap<>();
        int w = 0;
        for (Stretch s : stretches) {
            for (; w < wakeups.size() && wakeups.get(w).timeNs() <= s.fromNs(); w++) {
                Woken k = wakeups.get(w);
                pending.put(k.pid(), k);
                marks.add(new TimelineInput.Mark(TimelineInput.MarkKind.WAKEUP, k.cpu(), k.timeNs() - origin, k.pid(),
                        k.cpu(), k.timeNs() - origin));
            }
            List<TimelineInput.Slice> lane = lanes.get(s.cpu());
            long from = s.fromNs() - origin;
            if (s.pid() < 0 && !lane.isEmpty()) { // a switch to the idle task: the CPU halts
                marks.add(new TimelineInput.Mark(TimelineInput.MarkKind.HALT, s.cpu(), from, -1, s.cpu(), from));
            }
            Woken k = s.pid() < 0 ? null : pending.remove(s.pid());
            TimelineInput.Wakeup wakeup = k == null ? null
                    : new TimelineInput.Wakeup(k.timeNs() - origin, k.cpu(), k.wakerPid(),
                            k.cpu() == s.cpu() ? TimelineInput.Ipi.LOCAL : TimelineInput.Ipi.UNTRACED);
            lane.add(new TimelineInput.Slice(s.cpu(), s.pid(), from, s.toNs() - origin, from, s.toNs() - origin,
                    s.endState(), wakeup));
        }
        for (; w < wakeups.size(); w++) {
            Woken k = wakeups.get(w);
            marks.add(new TimelineInput.Mark(TimelineInput.MarkKind.WAKEUP, k.cpu(), k.timeNs() - origin, k.pid(),
                    k.cpu(), k.timeNs() - origin));
        }
        marks.sort(Comparator.comparingLong(TimelineInput.Mark::timeNs));
        long length = any() ? last - first : 0;
        return new TraceTimeline(title, summary, nrCpus, origin, length, lanes, marks, names);
    }
}
