/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders what a {@link TraceImporter} followed as a .sched file: one workload with a {@code processes} group per
 * task of the trace ({@code NAME_PID}), a {@code program} for each task forked by another imported task, a
 * channel {@code wake_NAME_PID} for each task woken by other imported tasks (the waker sends, the woken task
 * receives where it slept), and an experiment that runs it for the trace's span (the eevdf engine for a Linux 6.x
 * trace).
 */
public final class WorkloadWriter {
    private static final int CYCLE = 32;
    /** Switch-ins on one CPU that make a task look pinned (a forking task is not: its children would be too). */
    private static final int MIN_PINNED = 100;

    /**
     * Where the experiment runs.
     *
     * @param hostImport the path of a profile-host machine file to import, or null for a plain machine
     * @param machine    its machine's name (null without hostImport)
     * @param engine     the engine id (eevdf models today's kernel)
     * @param version    the engine's kernel version
     */
    public record Target(String hostImport, String machine, String engine, String version) {
    }

    private final TraceImporter t;
    private final String source;
    private final Map<Integer, String> names = new HashMap<>();
    private final StringBuilder b = new StringBuilder();

    public WorkloadWriter(TraceImporter t, String source) {
        this.t = t;
        this.source = source;
    }

    /** @return the .sched text; {@code name} names the workload and the experiment */
    public String render(String name, Target target) {
        List<TaskHistory> imported = new ArrayList<>();
        for (TaskHistory h : t.tasks.values()) {
            if (h.imported) {
                imported.add(h);
                names.put(h.pid, ident(h.comm) + "_" + h.pid);
            }
        }
        long span = Math.max(1_000_000, t.lastNs - Math.max(0, t.firstNs));
        b.append("// Imported by `schedlab import ftrace` from ").append(source).append(": ").append(t.events())
                .append(" sched events, ").append(imported.size()).append(" task(s), ").append(t.cpus)
                .append(" CPU(s), ").append(TaskHistory.time(span)).append(".\n");
        if (t.inferredSwitches > 0) {
            b.append("// ").append(t.inferredSwitches).append(" switch(es) the trace lost (a switch whose prev task")
                    .append(" is not the one its CPU last switched to) put back at the CPU's last event before them.\n");
        }
        b.append(t.options.exact() ? "// Each task replays its exact sequence of bursts and sleeps; each wakeup by a"
                + " task is a message\n// in the woken task's queue.\n" : "// Run bursts and sleeps are distributions"
                + " fitted per task (--exact: the recorded sequence); the wakeups\n// a burst makes fall through it;"
                + " a wakeup by a task sets the woken task's flag (one sent while it runs\n// is merged, as"
                + " try_to_wake_up of a running task does nothing), and a task waits for it at most as long\n// as it"
                + " ever waited in the trace.\n");
        b.append("""
				// Not in the sched events, so assumed: every task is a process (fork and clone look alike without
				// the tgid); SCHED_OTHER, BATCH and IDLE show the same prio (written as nice), FIFO and RR too (written
				// as fifo); a wakeup by another imported task is a send on the woken task's channel, any other
				// wakeup (timer, interrupt, kernel thread, a task left out) a sleep of the recorded length; affinity
				// is only written where a task that forks nothing ran on one CPU in at least 100 switch-ins; time
				// spent in the kernel on a task's behalf counts as its compute.
				""");
        if (!t.leftOut.isEmpty()) {
            long sum = t.leftOut.values().stream().mapToLong(Long::longValue).sum();
            b.append("// Left out by the filter: ").append(t.leftOut.size()).append(" comm(s) with ")
                    .append(TaskHistory.time(sum)).append(" of CPU time in all");
            t.leftOut.entrySet().stream().sorted((x, y) -> Long.compare(y.getValue(), x.getValue())).limit(5)
                    .forEach(e -> b.append(", ").append(e.getKey()).append(' ').append(TaskHistory.time(e.getValue())));
            b.append(".\n");
        }
        if (target.hostImport() != null) {
            b.append("\nimport \"").append(target.hostImport()).append("\"\n");
        } else {
            b.append("\n// No host profile given (--host host.sched from `schedlab profile-host`): a plain machine.\n")
                    .append("machine traced {\n\tcpus ").append(Math.max(1, t.cpus))
                    .append("\n\tclock 3 GHz\n\thz 250\n}\n");
        }
        b.append("\nkernel linux {\n\tengine ").append(target.engine()).append("\n\tversion \"")
                .append(target.version()).append("\"\n}\n\n");
        b.append("variant ").append(target.engine()).append(" = linux\n\nworkload ").append(name).append(" {\n");
        for (TaskHistory h : imported) {
            if (h.wokenByTasks > 0) {
                b.append("\tchannel wake_").append(names.get(h.pid)).append(t.options.exact() ? " capacity 100000\n"
                        : " flag\n");
            }
        }
        for (TaskHistory h : imported) {
            boolean forked = h.parent >= 0;
            b.append('\n');
            header(h);
            b.append('\t').append(forked ? "program " + names.get(h.pid) : group(h)).append(" {\n");
            if (!forked && h.startNs > t.firstNs) {
                b.append("\t\tsleep ").append(TaskHistory.time(h.startNs - t.firstNs))
                        .append(h.parent < 0 && h.forks.isEmpty() && h.startNs == h.firstSeenNs
                                ? " // asleep or not yet forked until then\n" : " // first woken then\n");
            }
            if (t.options.exact()) {
                exact(h);
            } else {
                fitted(h);
            }
            b.append("\t}\n");
        }
        b.append("}\n\nexperiment ").append(name).append(" {\n\tworkload ").append(name).append("\n\tmachines ")
                .append(target.machine() == null ? "traced" : target.machine()).append("\n\tvariants ")
                .append(target.engine()).append("\n\tduration ")
                .append(Math.max(1, (span + 999_999) / 1_000_000)).append(" ms\n\tmetrics switches\n}\n");
        return b.toString();
    }

    private void header(TaskHistory h) {
        b.append("\t// ").append(h.comm).append('-').append(h.pid).append(": CPU ").append(TaskHistory.time(h.cpuNs));
        b.append(", bursts ").append(h.bursts.n == 0 ? "none ended" : h.bursts.describe());
        b.append("; sleeps ").append(h.sleeps.n == 0 ? "none timed" : h.sleeps.describe());
        b.append("; woken by tasks ").append(h.wokenByTasks).append(" x");
        if (h.parent >= 0) {
            b.append("; forked by ").append(names.get(h.parent));
        }
        if (h.exited) {
            b.append("; exited");
        }
        b.append('\n');
        if (h.prio < 0) {
            b.append("\t// prio ").append(h.prio).append(": SCHED_DEADLINE is not simulated; written as nice 0\n");
        }
    }

    private String group(TaskHistory h) {
        StringBuilder g = new StringBuilder("processes ").append(names.get(h.pid));
        if (h.prio >= 0 && h.prio < 100) {
            g.append(" policy fifo priority ").append(Math.max(1, 99 - h.prio));
        } else if (h.prio >= 100 && h.prio != 120) {
            g.append(" nice ").append(Math.max(-20, Math.min(19, h.prio - 120)));
        }
        int cpu = Long.numberOfTrailingZeros(h.cpusSeen);
        if (t.cpus > 1 && h.switchIns >= MIN_PINNED && Long.bitCount(h.cpusSeen) == 1 && h.forks.isEmpty()) {
            g.append(" cpus ").append(cpu).append(" /* all ").append(h.switchIns).append(" switch-ins on CPU ")
                    .append(cpu).append(" */");
        }
        return g.toString();
    }

    private void exact(TaskHistory h) {
        for (int i = 0; i < h.nSteps; i++) {
            long s = h.steps[i];
            long v = s & ~TaskHistory.KIND;
            long k = s & TaskHistory.KIND;
            b.append("\t\t");
            if (k == TaskHistory.COMPUTE) {
                b.append("compute ").append(TaskHistory.time(v));
            } else if (k == TaskHistory.SLEEP) {
                b.append("sleep ").append(TaskHistory.time(Math.max(1, v)));
            } else if (k == TaskHistory.SEND) {
                b.append("send wake_").append(names.get((int) v));
            } else if (k == TaskHistory.RECV) {
                b.append("recv wake_").append(names.get(h.pid));
            } else {
                b.append("fork ").append(names.get((int) v));
            }
            b.append('\n');
        }
        if (h.nSteps == 0) {
            b.append("\t\tsleep 1 us // never ran in the trace\n");
        }
    }

    private void fitted(TaskHistory h) {
        for (int child : h.forks) {
            b.append("\t\tfork ").append(names.get(child)).append('\n');
        }
        if (h.bursts.n == 0) {
            long life = t.lastNs - Math.max(t.firstNs, h.startNs);
            if (h.cpuNs > 0 && (h.cpuNs * 2 < life || life * 10 < t.lastNs - t.firstNs)) { // not seen long enough
                b.append("\t\tcompute ").append(TaskHistory.time(h.cpuNs))
                        .append(" // all it ran before the trace ended; what followed is not in the trace\n");
            } else if (h.cpuNs > 0) {
                b.append("\t\tloop forever {\n\t\t\tcompute ").append(TaskHistory.time(Math.min(h.cpuNs, 10_000_000)))
                        .append(" // never slept in the trace: runs whenever it can\n\t\t}\n");
            } else {
                b.append("\t\tsleep 1 us // never ran to a sleep in the trace\n");
            }
            return;
        }
        long n = h.bursts.n;
        double recvShare = h.blocks == 0 ? 0 : Math.min(1, (double) h.wokenByTasks / h.blocks);
        List<Map.Entry<Integer, Long>> sends = new ArrayList<>(h.wakes.entrySet());
        boolean even = recvShare == 0 || recvShare == 1;
        for (Map.Entry<Integer, Long> s : sends) {
            even &= s.getValue() % n == 0;
        }
        // one loop iteration per burst; uneven rates are spread over a cycle of CYCLE bursts, the sends per cycle
        // rounded up: a message too few per cycle can leave two tasks waiting for each other for ever, one too many
        // only queues
        int cycle = even ? 1 : (int) Math.min(CYCLE, n);
        // mostly its own wakeups (rt-app's instances sharing a timer now and then wake one another)
        long period = h.wokenByTasks * 10 <= h.blocks && h.sleeps.cv() >= PeriodicWakeups.SLEEPS_VARY
                ? PeriodicWakeups.period(h.ownWakeups, h.nOwnWakeups) : -1;
        if (period > 0) { // its wakeups keep to a grid: rt-app's timer, clock_nanosleep(TIMER_ABSTIME)
            b.append("\t\t// its ").append(h.nOwnWakeups).append(" wakeups keep to a grid of ")
                    .append(TaskHistory.time(period)).append(": a timer, not a sleep after each run\n");
        }
        b.append("\t\tloop ").append(h.exited ? Long.toString(Math.max(1, Math.round((double) n / cycle))) : "forever")
                .append(" {\n");
        String sleep = h.sleeps.n == 0 ? "1 us" : h.sleeps.fitted();
        // the longest the task waited for a task's wakeup in the trace (at least 1 us, the trace's resolution)
        String limit = TaskHistory.time(Math.max(1000, h.waits.max));
        for (int i = 0; i < cycle; i++) {
            List<String> to = new ArrayList<>();
            int x = 0;
            for (Map.Entry<Integer, Long> s : sends) {
                long perCycle = (long) Math.ceil((double) s.getValue() * cycle / n - 1e-9);
                for (long j = spread(i, perCycle, cycle, x++); j > 0; j--) {
                    to.add(names.get(s.getKey()));
                }
            }
            // the wakeups a burst makes fall through it, not all at its end: a burst of k wakeups is k + 1 pieces
            String piece = h.bursts.fitted(to.size() + 1);
            for (String target : to) {
                b.append("\t\t\tcompute ").append(piece).append("\n\t\t\tsend wake_").append(target).append('\n');
            }
            b.append("\t\t\tcompute ").append(piece).append('\n');
            long recvs = Math.round(recvShare * cycle);
            if (spread(i, recvs, cycle, 0) > 0) {
                b.append("\t\t\trecv wake_").append(names.get(h.pid)).append(" within ").append(limit).append('\n');
            } else if (h.blocks > 0) {
                b.append(period > 0 ? "\t\t\ttimer " + TaskHistory.time(period) : "\t\t\tsleep " + sleep)
                        .append('\n');
            }
        }
        b.append("\t\t}\n");
    }

    /**
     * @return how many of {@code perCycle} events fall on iteration {@code i} of a cycle of {@code cycle}, spread
     *         evenly, the {@code k}-th stream shifted by a golden-ratio phase so that streams do not bunch
     */
    static long spread(int i, long perCycle, int cycle, int k) {
        double phase = (k * 0.6180339887) % 1.0;
        return (long) Math.floor((double) (i + 1) * perCycle / cycle + phase)
                - (long) Math.floor((double) i * perCycle / cycle + phase);
    }

    /** @return {@code comm} as a .sched identifier */
    static String ident(String comm) {
        StringBuilder s = new StringBuilder();
        for (char c : comm.toCharArray()) {
            s.append(Character.isLetterOrDigit(c) && c < 128 ? c : '_');
        }
        if (s.isEmpty() || !Character.isLetter(s.charAt(0)) && s.charAt(0) != '_') {
            s.insert(0, 't');
        }
        return s.toString();
    }
}
