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
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.schedlab.runner.AtomicFiles;
import org.schedlab.runner.export.SchedEvents.Task;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;

/**
 * Writes one run's schedule as the text the kernel's tracefs {@code trace} file prints with the sched events
 * enabled (nop tracer, Linux 6.x field layout): sched_switch, sched_wakeup, sched_wakeup_new, sched_migrate_task,
 * sched_process_fork and sched_process_exit, merged across CPUs in time order, each line {@code TASK-PID [CPU] FLAGS
 * SECONDS.MICROS: EVENT: FIELDS}. Perfetto, trace-cmd and KernelShark read it as a kernel trace, and
 * {@code schedlab import ftrace} reads it back.
 * <p>
 * The tracepoints and what is derived of them come from {@link SchedEvents}. Flags are those the kernel shows for
 * the event's context ({@code d..2.} in __schedule, {@code d.h3.} for a wakeup from the timer interrupt);
 * timestamps are the simulated time from 0.
 */
public final class FtraceTrace {
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

    /** Prints each tracepoint as one line. */
    private static final class Pass implements SchedEvents.Sink {
        final SchedEvents events;
        final Lines out;

        Pass(SimResult run, SimConfig config, Lines out) {
            this.events = new SchedEvents(run, config);
            this.out = out;
        }

        void run() throws IOException {
            events.walk(this);
        }

        @Override
        public void sched_switch(int cpu, long ns, Task prev, char prevState, Task next) throws IOException {
            out.line(prev.task(), prev.pid(), cpu, "d..2.", ns, "sched_switch", "prev_comm=" + prev.comm()
                    + " prev_pid=" + prev.pid() + " prev_prio=" + prev.prio() + " prev_state=" + prevState
                    + " ==> next_comm=" + next.comm() + " next_pid=" + next.pid() + " next_prio=" + next.prio());
        }

        @Override
        public void sched_wakeup(int cpu, long ns, Task current, boolean inIrq, Task woken, int targetCpu)
                throws IOException {
            out.line(current.task(), current.pid(), cpu, inIrq ? "d.h3." : "d..3.", ns, "sched_wakeup", "comm="
                    + woken.comm() + " pid=" + woken.id() + " prio=" + woken.prio() + " target_cpu=" + cpu3(targetCpu));
        }

        @Override
        public void sched_process_fork(int cpu, long ns, Task parent, Task child) throws IOException {
            out.line(parent.task(), parent.pid(), cpu, ".....", ns, "sched_process_fork", "comm=" + parent.comm()
                    + " pid=" + parent.pid() + " child_comm=" + child.comm() + " child_pid=" + child.id());
        }

        @Override
        public void sched_wakeup_new(int cpu, long ns, Task current, Task child, int targetCpu) throws IOException {
            out.line(current.task(), current.pid(), cpu, "d..3.", ns, "sched_wakeup_new", "comm=" + child.comm()
                    + " pid=" + child.id() + " prio=" + child.prio() + " target_cpu=" + cpu3(targetCpu));
        }

        @Override
        public void sched_process_exit(int cpu, long ns, Task task) throws IOException {
            out.line(task.comm(), task.id(), cpu, ".....", ns, "sched_process_exit", "comm=" + task.comm() + " pid="
                    + task.id() + " prio=" + task.prio() + " group_dead=true");
        }

        @Override
        public void sched_migrate_task(int cpu, long ns, Task current, Task task, int origCpu, int destCpu)
                throws IOException {
            out.line(current.task(), current.pid(), cpu, "d..3.", ns, "sched_migrate_task", "comm=" + task.comm()
                    + " pid=" + task.id() + " prio=" + task.prio() + " orig_cpu=" + origCpu + " dest_cpu=" + destCpu);
        }

        private static String cpu3(int cpu) {
            String c = Integer.toString(cpu);
            return "000".substring(Math.min(3, c.length())) + c;
        }
    }
}
