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
 * stretches a task (or the idle task) ran between two context switches, and marks for wakeups, cross-CPU wakeups
 * (drawn as IPIs) and idle halts. The trace holds only switch and wakeup records, so two marks are inferred:
 * <ul>
 * <li>an <b>IPI</b> is a wakeup on one CPU whose task is next switched in on another CPU (the kernel's
 * try_to_wake_up placed it remotely and, when the target had to reschedule, sent it a reschedule IPI; the trace does
 * not say whether the IPI was suppressed because the target was polling);</li>
 * <li>a <b>halt</b> is a switch to the idle task (the idle loop halts the CPU until the next interrupt).</li>
 * </ul>
 *
 * @param title   what the run is (cell and seed)
 * @param nrCpus  CPUs simulated (one lane each)
 * @param startNs window start
 * @param endNs   window end
 * @param runEndNs where the trace ends (the run's end, or the last record when the trace was cut short)
 * @param slices  stretches on the CPUs, clipped to the window; pid -1 is the idle task
 * @param marks   wakeups, IPIs and halts inside the window
 * @param names   task names by pid
 */
public record TimelineInput(String title, int nrCpus, long startNs, long endNs, long runEndNs, List<Slice> slices,
		List<Mark> marks, Map<Integer, String> names) {

	public TimelineInput {
		slices = List.copyOf(slices);
		marks = List.copyOf(marks);
		names = Map.copyOf(names);
	}

	/** A stretch task {@code pid} ran on {@code cpu}; pid -1 is the idle task. */
	public record Slice(int cpu, int pid, long fromNs, long toNs) {
	}

	/** Kinds of marks. */
	public enum MarkKind {
		WAKEUP, IPI, HALT
	}

	/**
	 * A mark on lane {@code cpu} at {@code timeNs}; an IPI also names where it came from.
	 *
	 * @param pid       the woken task (-1 for a halt)
	 * @param fromCpu   IPI: the waking CPU; otherwise {@code cpu}
	 * @param fromNs    IPI: when the wakeup happened there; otherwise {@code timeNs}
	 */
	public record Mark(MarkKind kind, int cpu, long timeNs, int pid, int fromCpu, long fromNs) {
	}

	/** @return a timeline with no lanes that says why it is empty */
	public static TimelineInput empty(String why) {
		return new TimelineInput(why, 0, 0, 1, 1, List.of(), List.of(), Map.of());
	}

	/** @return the display name of {@code pid} ("idle" for the idle task) */
	public String name(int pid) {
		return pid < 0 ? "idle" : names.getOrDefault(pid, "pid " + pid) + " [" + pid + "]";
	}

	/** @return the busy (non-idle) slices */
	public List<Slice> busySlices() {
		return slices.stream().filter(s -> s.pid() >= 0).toList();
	}

	/**
	 * Cuts the window {@code [startNs, startNs + lengthNs)} out of a traced run.
	 *
	 * @param traceLimit the limit the run was traced with: a trace that reached it stops early, so stretches still
	 *                   open close at the last record rather than at the run's end
	 */
	public static TimelineInput of(SimResult run, String title, int traceLimit, long startNs, long lengthNs) {
		List<TraceEvent> trace = run.trace();
		long lastRecord = trace.isEmpty() ? 0 : trace.get(trace.size() - 1).timeNs();
		// the metrics may cover only the measured part of the run (after warm-up); the trace covers all of it
		long runEnd = trace.size() >= traceLimit ? lastRecord : Math.max(run.metrics().endNs(), lastRecord);
		long start = Math.max(0, startNs);
		long end = start + Math.max(1, lengthNs);
		Map<Integer, String> names = new HashMap<>();
		for (TaskResult t : run.metrics().tasks()) {
			names.put(t.pid(), t.name());
		}
		List<Slice> slices = new ArrayList<>();
		List<Mark> marks = new ArrayList<>();
		long[] since = new long[run.nrCpus()];
		int[] current = new int[run.nrCpus()];
		boolean[] known = new boolean[run.nrCpus()];
		Map<Integer, long[]> pendingWakeups = new HashMap<>(); // pid -> {cpu, time}
		for (TraceEvent e : trace) {
			int cpu = e.cpu();
			if (cpu < 0 || cpu >= run.nrCpus()) {
				continue;
			}
			long t = e.timeNs();
			if (e.kind() == TraceEvent.Kind.WAKEUP) {
				pendingWakeups.put(e.pid(), new long[] { cpu, t });
				if (t >= start && t < end) {
					marks.add(new Mark(MarkKind.WAKEUP, cpu, t, e.pid(), cpu, t));
				}
				continue;
			}
			clip(slices, cpu, e.pid(), known[cpu] ? since[cpu] : 0, t, start, end);
			known[cpu] = true;
			current[cpu] = e.otherPid();
			since[cpu] = t;
			long[] woken = pendingWakeups.remove(e.otherPid());
			if (woken != null && woken[0] != cpu && t >= start && woken[1] < end) {
				marks.add(new Mark(MarkKind.IPI, cpu, t, e.otherPid(), (int) woken[0], woken[1]));
			}
			if (e.otherPid() < 0 && t >= start && t < end) {
				marks.add(new Mark(MarkKind.HALT, cpu, t, -1, cpu, t));
			}
		}
		for (int cpu = 0; cpu < run.nrCpus(); cpu++) {
			if (known[cpu]) {
				clip(slices, cpu, current[cpu], since[cpu], Math.max(runEnd, since[cpu]), start, end);
			}
		}
		return new TimelineInput(title, run.nrCpus(), start, end, runEnd, slices, marks, names);
	}

	private static void clip(List<Slice> out, int cpu, int pid, long from, long to, long start, long end) {
		long a = Math.max(from, start);
		long b = Math.min(to, end);
		if (b > a) {
			out.add(new Slice(cpu, pid < 0 ? -1 : pid, a, b));
		}
	}
}
