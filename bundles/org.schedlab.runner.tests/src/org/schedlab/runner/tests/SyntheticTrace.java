/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A synthetic kernel trace of any length, made as it is read (nothing is stored): {@code tasks} tasks on
 * {@code cpus} CPUs, each CPU in turn waking a sleeping task (the running task is the waker) and switching from its
 * current task (asleep, prev_state=S) to the next one, 10 us apart, in the 6.x tracefs layout. Half the events are
 * sched_switch, half sched_wakeup.
 */
final class SyntheticTrace extends InputStream {
    private final long events;
    private final int tasks;
    private final int cpus;
    private final int[] current;
    private long made;
    private byte[] buf = "# tracer: nop\n#\n".getBytes(StandardCharsets.US_ASCII);
    private int pos;
    private final StringBuilder b = new StringBuilder(256);

    SyntheticTrace(long events, int tasks, int cpus) {
        this.events = events;
        this.tasks = tasks;
        this.cpus = cpus;
        current = new int[cpus];
        for (int c = 0; c < cpus; c++) {
            current[c] = 1000 + c;
        }
    }

    @Override
    public int read() {
        if (pos == buf.length && !refill()) {
            return -1;
        }
        return buf[pos++] & 0xff;
    }

    @Override
    public int read(byte[] dst, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (pos == buf.length && !refill()) {
            return -1;
        }
        int n = Math.min(len, buf.length - pos);
        System.arraycopy(buf, pos, dst, off, n);
        pos += n;
        return n;
    }

    private boolean refill() {
        if (made >= events) {
            return false;
        }
        b.setLength(0);
        for (int k = 0; k < 64 && made < events; k += 2) {
            int cpu = (int) (made / 2 % cpus);
            long t = 1_000_000_000L + made * 10_000L;
            int prev = current[cpu];
            int next = 1000 + (int) ((prev - 1000 + cpus) % tasks);
            int woken = next;
            line(prev, cpu, "d..4.", t, "sched_wakeup", "comm=" + comm(woken) + " pid=" + woken
                    + " prio=120 target_cpu=00" + cpu);
            line(prev, cpu, "d..2.", t + 5_000, "sched_switch", "prev_comm=" + comm(prev) + " prev_pid=" + prev
                    + " prev_prio=120 prev_state=S ==> next_comm=" + comm(next) + " next_pid=" + next
                    + " next_prio=120");
            current[cpu] = next;
            made += 2;
        }
        buf = b.toString().getBytes(StandardCharsets.US_ASCII);
        pos = 0;
        return true;
    }

    private static String comm(int pid) {
        return "worker" + (pid % 7);
    }

    private void line(int pid, int cpu, String flags, long ns, String event, String fields) {
        String task = comm(pid);
        b.append(" ".repeat(16 - task.length())).append(task).append('-').append(pid);
        b.append(" ".repeat(Math.max(0, 7 - Integer.toString(pid).length()))).append(" [00").append(cpu).append("] ")
                .append(flags).append(' ');
        String secs = Long.toString(ns / 1_000_000_000L);
        String us = Long.toString(ns % 1_000_000_000L / 1000);
        b.append(" ".repeat(Math.max(0, 5 - secs.length()))).append(secs).append('.')
                .append("0".repeat(6 - us.length())).append(us).append(": ").append(event).append(": ").append(fields)
                .append('\n');
    }

    /**
     * Measures the import of {@code args[0]} events (default 10,000,000) and prints time and peak heap: run with a
     * small -Xmx to show that memory stays bounded.
     */
    public static void main(String[] args) throws Exception {
        long n = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        java.util.List<java.lang.management.MemoryPoolMXBean> pools =
                java.lang.management.ManagementFactory.getMemoryPoolMXBeans();
        long t0 = System.nanoTime();
        org.schedlab.runner.trace.TraceImporter imp = new org.schedlab.runner.trace.TraceImporter(
                org.schedlab.runner.trace.TraceImporter.Options.defaults());
        new org.schedlab.runner.trace.FtraceReader("synthetic").read(new SyntheticTrace(n, 64, 8), imp);
        imp.finish();
        String text = new org.schedlab.runner.trace.WorkloadWriter(imp, "synthetic").render("synthetic",
                new org.schedlab.runner.trace.WorkloadWriter.Target(null, null, "eevdf", "6.18"));
        double s = (System.nanoTime() - t0) / 1e9;
        long peak = 0;
        for (var p : pools) {
            if (p.getType() == java.lang.management.MemoryType.HEAP && p.getPeakUsage() != null) {
                peak += p.getPeakUsage().getUsed();
            }
        }
        System.out.printf(java.util.Locale.ROOT, "%d events, %d tasks, %.1f s, peak heap %.0f MB (max %d MB), "
                + "%d chars of .sched%n", imp.events(), imp.importedTasks(), s, peak / 1048576.0,
                Runtime.getRuntime().maxMemory() >> 20, text.length());
    }
}
