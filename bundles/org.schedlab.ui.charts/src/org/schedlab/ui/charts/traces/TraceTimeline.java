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
import java.util.List;
import java.util.Map;

import org.schedlab.ui.charts.viewers.TimelineInput;
import org.schedlab.ui.charts.viewers.TimelineViewer;

/**
 * A trace file read for the CPU timeline: every stretch a task ran on each CPU (sorted by start, times from the
 * trace's first record), the wakeups and idle halts (sorted by time), and the task names; {@link #window} cuts the
 * {@link TimelineInput} of one window out of it without reading the file again.
 *
 * @param title    what the trace is (file name and format)
 * @param summary  one line for the editor's header: CPUs, records, span, and what was left out
 * @param nrCpus   CPUs seen (one lane each)
 * @param originNs the first record's timestamp as the file gives it (times here count from it)
 * @param lengthNs from the first record to the last one kept
 * @param lanes    per CPU, the stretches sorted by start (they do not overlap)
 * @param marks    wakeups on the waking CPU and halts, sorted by time
 * @param names    task names by pid (the last comm seen)
 */
public record TraceTimeline(String title, String summary, int nrCpus, long originNs, long lengthNs,
        List<List<TimelineInput.Slice>> lanes, List<TimelineInput.Mark> marks, Map<Integer, String> names) {

    public TraceTimeline {
        lanes = lanes.stream().map(List::copyOf).toList();
        marks = List.copyOf(marks);
        names = Map.copyOf(names);
    }

    /** @return the same timeline with another header line */
    public TraceTimeline withSummary(String line) {
        return new TraceTimeline(title, line, nrCpus, originNs, lengthNs, lanes, marks, names);
    }

    /** @return the number of stretches kept on all CPUs (idle ones included) */
    public int stretchCount() {
        return lanes.stream().mapToInt(List::size).sum();
    }

    /** @return the window {@code [startNs, startNs + lengthNs)} (from the first record) as the timeline draws it */
    public TimelineInput window(long startNs, long lengthNs) {
        long start = Math.max(0, startNs);
        long end = start + Math.max(1, lengthNs);
        List<TimelineInput.Slice> slices = new ArrayList<>();
        for (List<TimelineInput.Slice> lane : lanes) {
            for (int i = firstEndingAfter(lane, start); i < lane.size() && lane.get(i).startedNs() < end; i++) {
                TimelineInput.Slice s = lane.get(i);
                long a = Math.max(s.startedNs(), start);
                long b = Math.min(s.endedNs(), end);
                if (b > a) {
                    slices.add(new TimelineInput.Slice(s.cpu(), s.pid(), a, b, s.startedNs(), s.endedNs(), s.endState(),
                            s.wakeup()));
                }
            }
        }
        List<TimelineInput.Mark> inWindow = new ArrayList<>();
        for (int i = firstMarkAt(start); i < marks.size() && marks.get(i).timeNs() < end; i++) {
            inWindow.add(marks.get(i));
        }
        return new TimelineInput(title, nrCpus, start, end, lengthNs, slices, inWindow, names);
    }

    /**
     * @return a window length showing about {@code slicesPerCpu} stretches per CPU at the trace's average switch rate,
     *         1, 2 or 5 times a power of ten of ms, at least 0.1 ms and at most the trace
     */
    public long readableWindowNs(int slicesPerCpu) {
        long length = Math.max(1, lengthNs);
        int stretches = stretchCount();
        if (stretches == 0) {
            return length;
        }
        double perCpuPerNs = stretches / (double) Math.max(1, nrCpus) / length;
        double ms = TimelineViewer.niceStep(Math.max(0.1, slicesPerCpu / perCpuPerNs / 1e6));
        return Math.min(length, Math.round(ms * 1e6));
    }

    /** @return the index of the first stretch of {@code lane} that ends after {@code t} (they end in order) */
    private static int firstEndingAfter(List<TimelineInput.Slice> lane, long t) {
        int lo = 0;
        int hi = lane.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (lane.get(mid).endedNs() <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private int firstMarkAt(long t) {
        int lo = 0;
        int hi = marks.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (marks.get(mid).timeNs() < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
