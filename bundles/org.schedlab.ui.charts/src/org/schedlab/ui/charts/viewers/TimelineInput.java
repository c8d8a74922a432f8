/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.viewers;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.sim.SimResult;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.metrics.TraceEvent;

/**
 * What the CPU timeline draws for one window of a traced run, computed off the UI thread: one lane per CPU with the
 * stretches a task (or the idle task) ran between two context switches, each with the wakeup that made it runnable,
 * and marks for wakeups, reschedule IPIs and idle halts. The run records switches and wakeups in its trace, and apart
 * from it the reschedule IPIs each wakeup sent or suppressed (the target was polling), so:
 * <ul>
 * <li>an <b>IPI</b> mark is a wakeup on one CPU followed by a reschedule IPI to the CPU the task then ran on;</li>
 * <li>a <b>suppressed IPI</b> mark is the same where the target was polling and needed none;</li>
 * <li>a <b>remote wakeup</b> mark is a task woken on one CPU that ran on another without any IPI (the target found
 * it at its next schedule: a tick, a block, or a reschedule already pending);</li>
 * <li>a <b>halt</b> is a switch to the idle task (the idle loop halts the CPU until the next interrupt).</li>
 * </ul>
 *
 * @param title    what the run is (cell and seed)
 * @param nrCpus   CPUs simulated (one lane each)
 * @param startNs  window start
 * @param endNs    window end
 * @param runEndNs where the trace ends (the run's end, or the last record when the trace was cut short)
 * @param slices   stretches on the CPUs, clipped to the window; pid -1 is the idle task
 * @param marks    wakeups, IPIs and halts inside the window
 * @param names    task names by pid
 */
public record TimelineInput(String title, int nrCpus, long startNs, long endNs, long runEndNs, List<Slice> slices,
        List<Mark> marks, Map<Integer, String> names) {

    public TimelineInput {
        slices = List.copyOf(slices);
        marks = List.copyOf(marks);
        names = Map.copyOf(names);
    }

    /** How a woken task reached the CPU it ran on. */
    public enum Ipi {
        /** it ran on the CPU that woke it */
        LOCAL("on the waking CPU"),
        /** a reschedule IPI was sent to the CPU it ran on */
        SENT("reschedule IPI sent"),
        /** the target was polling: no IPI was needed */
        SUPPRESSED("IPI suppressed (the target was polling)"),
        /** it ran on another CPU that got no IPI and found it at its next schedule */
        NONE("no IPI: the target CPU found it at its next schedule (tick, block or a pending reschedule)"),
        /** it ran on another CPU, and the trace (a recorded one) does not say whether an IPI brought it there */
        UNTRACED("woken on another CPU (the trace records no IPIs)");

        private final String text;

        Ipi(String text) {
            this.text = text;
        }

        /** @return how the tooltip says it */
        public String text() {
            return text;
        }
    }

    /**
     * The wakeup that made a task runnable.
     *
     * @param timeNs   when
     * @param cpu      the waking CPU
     * @param wakerPid the task that woke it (-1 for an interrupt)
     * @param ipi      how it reached the CPU it then ran on
     */
    public record Wakeup(long timeNs, int cpu, int wakerPid, Ipi ipi) {
    }

    /**
     * A stretch task {@code pid} ran on {@code cpu}; pid -1 is the idle task.
     *
     * @param fromNs    start, clipped to the window
     * @param toNs      end, clipped to the window
     * @param startedNs start of the whole stretch
     * @param endedNs   end of the whole stretch
     * @param endState  the task's state when switched out (R preempted or yielded, S asleep, D, Z exited; blank when
     *                  the trace ends first)
     * @param wakeup    the wakeup that made it runnable before this stretch, or null (it was already runnable)
     */
    public record Slice(int cpu, int pid, long fromNs, long toNs, long startedNs, long endedNs, char endState,
            Wakeup wakeup) {

        /** A stretch with no more to say than where and when. */
        public Slice(int cpu, int pid, long fromNs, long toNs) {
            this(cpu, pid, fromNs, toNs, fromNs, toNs, ' ', null);
        }
    }

    /** Kinds of marks. */
    public enum MarkKind {
        WAKEUP, IPI, IPI_SUPPRESSED, REMOTE_WAKEUP, HALT
    }

    /**
     * A mark on lane {@code cpu} at {@code timeNs}; the IPI kinds and remote wakeups also name where they came from.
     *
     * @param pid     the woken task (-1 for a halt)
     * @param fromCpu the waking CPU ({@code cpu} for a wakeup or halt)
     * @param fromNs  when the wakeup happened there ({@code timeNs} for a wakeup or halt)
     */
    public record Mark(MarkKind kind, int cpu, long timeNs, int pid, int fromCpu, long fromNs) {
    }

    /** @return a timeline with no lanes that says why it is empty */
    public static TimelineInput empty(String why) {
        return new TimelineInput(why, 0, 0, 1, 1, List.of(), List.of(), Map.of());
    }

    /** @return the name of {@code pid} ("idle" for the idle task, "pid N" for a task the run did not name) */
    public String name(int pid) {
        return pid < 0 ? "idle" : names.getOrDefault(pid, "pid " + pid);
    }

    /** @return the busy (non-idle) slices */
    public List<Slice> busySlices() {
        return slices.stream().filter(s -> s.pid() >= 0).toList();
    }

    /** @return the same run cut at another window (same trace, no simulation) */
    public static TimelineInput of(SimResult run, String title, int traceLimit, long startNs, long lengthNs) {
        return new Cutter(run, traceLimit, Math.max(0, startNs), Math.max(0, startNs) + Math.max(1, lengthNs))
                .cut(title);
    }

    /** @return the run's end as {@link #of} computes it: the run's end, or the last record when the trace was cut */
    public static long runEnd(SimResult run, int traceLimit) {
        List<TraceEvent> trace = run.trace();
        long lastRecord = trace.isEmpty() ? 0 : trace.get(trace.size() - 1).timeNs();
        // the metrics may cover only the measured part of the run (after warm-up); the trace covers all of it
        return trace.size() >= traceLimit ? lastRecord : Math.max(run.metrics().endNs(), lastRecord);
    }

    /**
     * @return a window length that shows about {@code slicesPerCpu} stretches per CPU at the run's average switch rate,
     *         1, 2 or 5 times a power of ten of ms, at least 0.1 ms and at most the run
     */
    public static long readableWindowNs(SimResult run, int traceLimit, int slicesPerCpu) {
        long end = Math.max(1, runEnd(run, traceLimit));
        long switches = run.trace().stream().filter(e -> e.kind() == TraceEvent.Kind.SWITCH).count();
        if (switches == 0) {
            return end;
        }
        double perCpuPerNs = switches / (double) Math.max(1, run.nrCpus()) / end;
        double ms = slicesPerCpu / perCpuPerNs / 1e6;
        double nice = TimelineViewer.niceStep(Math.max(0.1, ms));
        return Math.min(end, Math.round(nice * 1e6));
    }

    /** @return where the first window starts: the measured part's start (after a warm-up), within the trace */
    public static long firstWindowStartNs(SimResult run, int traceLimit) {
        long measured = run.metrics().startNs();
        return measured < runEnd(run, traceLimit) ? measured : 0;
    }

    /** Where a wakeup's IPI is found: the woken task, the time and the waking CPU. */
    private record IpiKey(int pid, long timeNs, int cpu) {
    }

    /** Walks the trace once, keeping what falls in the window. */
    private static final class Cutter {
        private final SimResult run;
        private final long start;
        private final long end;
        private final long runEnd;
        private final List<Slice> slices = new ArrayList<>();
        private final List<Mark> marks = new ArrayList<>();
        private final Map<Integer, Wakeup> pending = new HashMap<>(); // pid -> its wakeup, not yet run
        private final Map<Integer, Integer> ipiTarget = new HashMap<>(); // pid -> CPU its wakeup's IPI went to
        private final long[] since;
        private final int[] current;
        private final boolean[] known;
        private final Wakeup[] wokenBy;
        private final Map<IpiKey, TraceEvent> ipis = new HashMap<>();

        Cutter(SimResult run, int traceLimit, long start, long end) {
            this.run = run;
            this.start = start;
            this.end = end;
            this.runEnd = runEnd(run, traceLimit);
            int n = run.nrCpus();
            since = new long[n];
            current = new int[n];
            known = new boolean[n];
            wokenBy = new Wakeup[n];
            for (TraceEvent ipi : run.ipis()) {
                ipis.put(new IpiKey(ipi.pid(), ipi.timeNs(), ipi.cpu()), ipi); // a wakeup's IPI, or -1's: never looked up
            }
        }

        TimelineInput cut(String title) {
            for (TraceEvent e : run.trace()) {
                if (e.cpu() >= 0 && e.cpu() < run.nrCpus()) {
                    switch (e.kind()) {
                    case WAKEUP -> wakeup(e);
                    case SWITCH -> contextSwitch(e);
                    default -> {
                        // IPIs come from run.ipis()
                    }
                    }
                }
            }
            for (int cpu = 0; cpu < run.nrCpus(); cpu++) {
                if (known[cpu]) {
                    clip(cpu, current[cpu], since[cpu], Math.max(runEnd, since[cpu]), ' ', wokenBy[cpu]);
                }
            }
            Map<Integer, String> names = new HashMap<>(run.taskNames()); // exited tasks too
            for (TaskResult t : run.metrics().tasks()) {
                names.putIfAbsent(t.pid(), t.name());
            }
            return new TimelineInput(title, run.nrCpus(), start, end, runEnd, slices, marks, names);
        }

        private void wakeup(TraceEvent e) {
            TraceEvent ipi = ipis.get(new IpiKey(e.pid(), e.timeNs(), e.cpu()));
            Ipi kind = ipi == null ? Ipi.NONE : ipi.kind() == TraceEvent.Kind.IPI ? Ipi.SENT : Ipi.SUPPRESSED;
            pending.put(e.pid(), new Wakeup(e.timeNs(), e.cpu(), e.otherPid(), kind));
            if (ipi == null) {
                ipiTarget.remove(e.pid());
            } else {
                ipiTarget.put(e.pid(), ipi.otherPid());
            }
            if (in(e.timeNs())) {
                marks.add(new Mark(MarkKind.WAKEUP, e.cpu(), e.timeNs(), e.pid(), e.cpu(), e.timeNs()));
            }
        }

        private void contextSwitch(TraceEvent e) {
            int cpu = e.cpu();
            long t = e.timeNs();
            clip(cpu, e.pid(), known[cpu] ? since[cpu] : 0, t, e.prevState(), wokenBy[cpu]);
            known[cpu] = true;
            current[cpu] = e.otherPid();
            since[cpu] = t;
            wokenBy[cpu] = null;
            if (e.otherPid() < 0 && in(t)) {
                marks.add(new Mark(MarkKind.HALT, cpu, t, -1, cpu, t));
            }
            Wakeup w = pending.remove(e.otherPid());
            Integer target = ipiTarget.remove(e.otherPid());
            if (w == null) {
                return;
            }
            if (w.cpu() == cpu) {
                w = new Wakeup(w.timeNs(), w.cpu(), w.wakerPid(), Ipi.LOCAL);
            } else if (target == null || target != cpu) {
                w = new Wakeup(w.timeNs(), w.cpu(), w.wakerPid(), Ipi.NONE); // an IPI to another CPU did not bring it here
            }
            wokenBy[cpu] = w;
            if (w.cpu() != cpu && w.timeNs() >= start && t < end) { // both ends in the window: no arrows from its edges
                MarkKind kind = switch (w.ipi()) {
                case SENT -> MarkKind.IPI;
                case SUPPRESSED -> MarkKind.IPI_SUPPRESSED;
                default -> MarkKind.REMOTE_WAKEUP;
                };
                marks.add(new Mark(kind, cpu, t, e.otherPid(), w.cpu(), w.timeNs()));
            }
        }

        private boolean in(long t) {
            return t >= start && t < end;
        }

        private void clip(int cpu, int pid, long from, long to, char state, Wakeup w) {
            long a = Math.max(from, start);
            long b = Math.min(to, end);
            if (b > a) {
                slices.add(new Slice(cpu, pid < 0 ? -1 : pid, a, b, from, to, state, pid < 0 ? null : w));
            }
        }
    }
}
