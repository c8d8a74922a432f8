package org.schedlab.runner.export;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.runner.AtomicFiles;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.metrics.TraceEvent;
import org.schedlab.sim.workload.ThreadGroup;

/**
 * Writes one run's schedule as the text the kernel's tracefs {@code trace} file prints with the sched events
 * enabled (nop tracer, Linux 6.x field layout): sched_switch, sched_wakeup, sched_wakeup_new, sched_migrate_task,
 * sched_process_fork and sched_process_exit, merged across CPUs in time order, each line {@code TASK-PID [CPU] FLAGS
 * SECONDS.MICROS: EVENT: FIELDS}. Perfetto, trace-cmd and KernelShark read it as a kernel trace, and
 * {@code schedlab import ftrace} reads it back.
 * <p>
 * What the simulator does not record is derived: the target CPU of a wakeup is the CPU the task next runs on; a
 * sched_migrate_task is written when a task is woken onto, or switched in on, another CPU than it last ran on; a
 * switch away from a ZOMBIE is preceded by its sched_process_exit. pids are the simulator's (the idle task is pid 0
 * {@code swapper/N}); the comm is the group name with the task's index ({@code worker-3}), cut to the kernel's 15
 * characters; a forked task keeps its parent's comm and priority, as fork() does. prio is 120 + nice for
 * SCHED_OTHER, BATCH and IDLE, 99 - rt_priority for FIFO and RR. Flags are those the kernel shows for the event's
 * context ({@code d..2.} in __schedule, {@code d.h3.} for a wakeup from the timer interrupt); timestamps are the
 * simulated time from 0.
 */
public final class FtraceTrace {
	private static final int COMM_LEN = 15;

	private FtraceTrace() {
	}

	/** Writes the trace of {@code run} (simulated with {@code config}) to {@code file} atomically. */
	public static void writeFile(SimResult run, SimConfig config, Path file) throws IOException {
		AtomicFiles.write(file, out -> write(run, config, out));
	}

	/** Writes the trace to {@code out} (which stays open). */
	public static void write(SimResult run, SimConfig config, OutputStream out) throws IOException {
		Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
		Lines count = new Lines(null);
		new Pass(run, config, count).run();
		w.write("# tracer: nop\n#\n# entries-in-buffer/entries-written: " + count.n + "/" + count.n + "   #P:"
				+ run.nrCpus() + "\n#\n");
		w.write("""
				#                                _-----=> irqs-off/BH-disabled
				#                               / _----=> need-resched
				#                              | / _---=> hardirq/softirq
				#                              || / _--=> preempt-depth
				#                              ||| / _-=> migrate-disable
				#                              |||| /     delay
				#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION
				#              | |         |   |||||     |         |
				""");
		new Pass(run, config, new Lines(w)).run();
		w.flush();
	}

	/** Counts the lines, or writes them. */
	private static final class Lines {
		final Writer w;
		final StringBuilder b = new StringBuilder(200);
		long n;

		Lines(Writer w) {
			this.w = w;
		}

		void line(String comm, int pid, int cpu, String flags, long ns, String event, String fields)
				throws IOException {
			n++;
			if (w == null) {
				return;
			}
			b.setLength(0);
			pad(b, comm, 16, true);
			b.append('-');
			pad(b, Integer.toString(pid), 7, false);
			b.append(" [");
			String c = Integer.toString(cpu);
			b.append("000", 0, Math.max(0, 3 - c.length())).append(c).append("] ").append(flags).append(' ');
			pad(b, Long.toString(ns / 1_000_000_000L), 5, true);
			String us = Long.toString(ns % 1_000_000_000L / 1000);
			b.append('.').append("000000", 0, 6 - us.length()).append(us).append(": ").append(event).append(": ")
					.append(fields).append('\n');
			w.append(b);
		}

		private static void pad(StringBuilder b, String s, int width, boolean right) {
			if (!right) {
				b.append(s);
			}
			for (int i = s.length(); i < width; i++) {
				b.append(' ');
			}
			if (right) {
				b.append(s);
			}
		}
	}

	/** One walk over the records in time order. */
	private static final class Pass {
		final List<TraceEvent> trace;
		final Integer[] order;
		final int[] target;
		final Lines out;
		final Map<Integer, String> comm = new HashMap<>();
		final Map<Integer, Integer> prio = new HashMap<>();
		final Map<Integer, Integer> lastCpu = new HashMap<>();
		final int[] current;

		Pass(SimResult run, SimConfig config, Lines out) {
			this.trace = run.trace();
			this.out = out;
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

		void run() throws IOException {
			for (int k = 0; k < order.length; k++) {
				TraceEvent e = trace.get(order[k]);
				if (e.kind() == TraceEvent.Kind.SWITCH) {
					switchTo(e);
				} else if (e.prevState() == 'N') {
					fork(e, target[k]);
				} else {
					wakeup(e, target[k]);
				}
			}
		}

		private void switchTo(TraceEvent e) throws IOException {
			int prev = e.pid();
			int next = e.otherPid();
			long t = e.timeNs();
			if (e.prevState() == 'Z' && prev >= 0) {
				out.line(comm(prev), prev, e.cpu(), ".....", t, "sched_process_exit", "comm=" + comm(prev) + " pid="
						+ prev + " prio=" + prio(prev) + " group_dead=true");
			}
			if (next >= 0) {
				migrate(next, e.cpu(), prev, e.cpu(), t);
			}
			out.line(task(prev), pid(prev), e.cpu(), "d..2.", t, "sched_switch", "prev_comm=" + comm(prev)
					+ " prev_pid=" + pid(prev) + " prev_prio=" + prio(prev) + " prev_state=" + e.prevState()
					+ " ==> next_comm=" + comm(next) + " next_pid=" + pid(next) + " next_prio=" + prio(next));
			if (e.cpu() < current.length) {
				current[e.cpu()] = next;
			}
		}

		private void wakeup(TraceEvent e, int to) throws IOException {
			int waker = e.otherPid() >= 0 ? e.otherPid() : running(e.cpu());
			migrate(e.pid(), to, waker, e.cpu(), e.timeNs());
			out.line(task(waker), pid(waker), e.cpu(), e.otherPid() >= 0 ? "d..3." : "d.h3.", e.timeNs(),
					"sched_wakeup", "comm=" + comm(e.pid()) + " pid=" + e.pid() + " prio=" + prio(e.pid())
							+ " target_cpu=" + cpu3(to));
		}

		private void fork(TraceEvent e, int to) throws IOException {
			int child = e.pid();
			int parent = e.otherPid();
			comm.put(child, comm(parent));
			prio.put(child, prio(parent));
			out.line(task(parent), pid(parent), e.cpu(), ".....", e.timeNs(), "sched_process_fork", "comm="
					+ comm(parent) + " pid=" + pid(parent) + " child_comm=" + comm(child) + " child_pid=" + child);
			lastCpu.put(child, to);
			out.line(task(parent), pid(parent), e.cpu(), "d..3.", e.timeNs(), "sched_wakeup_new", "comm="
					+ comm(child) + " pid=" + child + " prio=" + prio(child) + " target_cpu=" + cpu3(to));
		}

		/** Writes a sched_migrate_task when {@code pid} lands on {@code to}, not the CPU it last ran on. */
		private void migrate(int pid, int to, int by, int onCpu, long t) throws IOException {
			Integer from = lastCpu.put(pid, to);
			if (from != null && from != to) {
				out.line(task(by), pid(by), onCpu, "d..3.", t, "sched_migrate_task", "comm=" + comm(pid) + " pid="
						+ pid + " prio=" + prio(pid) + " orig_cpu=" + from + " dest_cpu=" + to);
			}
		}

		private int running(int cpu) {
			return cpu >= 0 && cpu < current.length ? current[cpu] : -1 - Math.max(cpu, 0);
		}

		private String comm(int pid) {
			return pid < 0 ? "swapper/" + (-1 - pid) : comm.getOrDefault(pid, "task" + pid);
		}

		private String task(int pid) {
			return pid < 0 ? "<idle>" : comm(pid);
		}

		private int prio(int pid) {
			return pid < 0 ? 120 : prio.getOrDefault(pid, 120);
		}

		private static int pid(int pid) {
			return Math.max(pid, 0);
		}

		private static String cpu3(int cpu) {
			String c = Integer.toString(cpu);
			return "000".substring(Math.min(3, c.length())) + c;
		}

		private static String cut(String s) {
			return s.length() > COMM_LEN ? s.substring(0, COMM_LEN) : s;
		}
	}
}
