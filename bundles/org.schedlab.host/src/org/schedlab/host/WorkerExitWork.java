/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code exit_work} of hackbench.sched's workers on this machine: what a worker process spends after its loop
 * beyond the kernel's exit path ({@code exit}, which profile-host measures on a child that calls _exit).
 * <ul>
 * <li>rt-tests' hackbench: glibc's exit(0), its exit handlers, stdio's flush and _dl_fini's destructors, with the
 * copy-on-write and minor faults of the pages they touch: {@code hostprobe libcexit}, a forked child's CPU time
 * from exit(0) to its death less that from _exit(0) (200 us on a 2-vCPU PVM guest on 6 December 2026, where every
 * fault goes through the host).</li>
 * <li>{@code perf bench sched messaging}: each worker is a fork of perf, and its exit(0) runs perf's exit handlers
 * and the destructors of the libraries perf links besides: the glibc part plus a perf worker's CPU time after the
 * parent's kick less a hackbench worker's ({@code -g 4 -l 1}; 1.0 ms on 5 December 2026 over a worker's whole
 * life, 5.2 to 8.3 ms on the same kind of guest a day later after the kick).</li>
 * </ul>
 * The path is page-table work, which a paravirtualised guest pays the host for, so its cost moves with the host;
 * validate-host measures it just before each case whose workers are processes.
 *
 * <p>The perf part is measured per process: {@code perf record -g -e cpu-clock -F 2000} of the whole program, each
 * worker's samples after the parent's kick (the workers' start, from fork to their "ready", is before the program's
 * clock and not counted), the busiest pid (the parent, which forks every worker) left out, the mean over the
 * workers; perf's median less hackbench's, so that what both workers do (the messages, glibc's exit, the kernel's
 * exit of a small process) is counted once.
 */
public final class WorkerExitWork {
    /**
     * The sampling frequency, per second of CPU time: each sample with its call chain costs the sampled program
     * time (on this guest {@code -g 4 -l 1} took 0.55 s alone, 0.58 to 0.61 s at 2 kHz, 0.79 to 0.87 s at 10 kHz).
     */
    public static final int HZ = 2_000;
    /** The workload parameter this measures (hackbench.sched). */
    static final String PARAM = "exit_work";

    private WorkerExitWork() {
    }

    /**
     * The awk program that condenses {@code perf script -F pid,time,ip,sym} of a {@code perf record -g}: one line per
     * sample, {@code PID TIME R}, R 1 when a frame of its call chain reads a message (unix_stream_recvmsg or
     * pipe_read).
     */
    static final String CONDENSE = "/^\\t/ { if ($0 ~ /unix_stream_recvmsg|pipe_read/) r = 1; next }\n"
            + "NF == 0 { next }\n{ if (n) print p, t, r; p = $1; t = $2; sub(/:$/, \"\", t); r = 0; n = 1 }\n"
            + "END { if (n) print p, t, r }\n";

    /**
     * @param samples {@link #CONDENSE}'s lines of one program's recording
     * @return the mean CPU time in ms of a worker after the parent's kick, at {@link #HZ}: the busiest pid (the
     *         parent, which forks every worker) left out, the kick taken as the first worker sample that reads a
     *         message (no worker reads one before the parent's one-byte write releases them all)
     */
    public static double workerMs(String samples) {
        Map<Long, long[]> pids = new HashMap<>();
        List<long[]> rows = new ArrayList<>(); // pid, time in ns, reads
        for (String line : samples.lines().toList()) {
            String[] f = line.strip().split("\\s+");
            if (f.length != 3 || !Character.isDigit(f[0].charAt(0))) {
                continue;
            }
            long pid = Long.parseLong(f[0]);
            rows.add(new long[] { pid, Math.round(Double.parseDouble(f[1]) * 1e9), Long.parseLong(f[2]) });
            pids.computeIfAbsent(pid, k -> new long[1])[0]++;
        }
        if (pids.size() < 2) {
            throw new HostException("perf script shows no worker processes (" + pids.size() + " pid)");
        }
        long parent = pids.entrySet().stream().max(Map.Entry.comparingByValue((a, b) -> Long.compare(a[0], b[0])))
                .get().getKey();
        long kick = rows.stream().filter(r -> r[0] != parent && r[2] == 1).mapToLong(r -> r[1]).min()
                .orElseThrow(() -> new HostException("perf script shows no worker reading a message (no call chains?)"));
        long after = rows.stream().filter(r -> r[0] != parent && r[1] >= kick).count();
        return after * 1000.0 / HZ / (pids.size() - 1);
    }

    /**
     * Measures glibc's part and, for perf's workers, perf's.
     *
     * @param perf whether the workers are perf's (perf bench sched messaging), else rt-tests hackbench's
     * @return the {@code param exit_work = N us} setting with its provenance, or null (with a note) when a program
     *         is missing or failed
     */
    static HostProfile.Setting measure(ProbeRuns runs, boolean perf) {
        ProbeRuns.Measured libc = runs.probe(PARAM, "libc_exit_ns", "libcexit", "100");
        if (libc == null) {
            return null;
        }
        String glibc = "`" + libc.command() + "` (" + libc.spread() + "): a forked child's CPU time from glibc's"
                + " exit(0) to its death less from _exit(0), the medians of 100 each";
        if (!perf) {
            return new HostProfile.Setting("param " + PARAM + " = " + Math.max(0, Math.round(libc.median() / 1000))
                    + " us", glibc);
        }
        if (!runs.has(PARAM, "perf") || !runs.has(PARAM, "hackbench")) {
            return null;
        }
        String record = "f=$1; shift; perf record -q -g -e cpu-clock -F " + HZ + " -o \"$f\" -- \"$@\" -g 4 -l 1"
                + " > /dev/null 2>&1 && perf script -i \"$f\" -F pid,time,ip,sym | awk '" + CONDENSE + "'";
        return runs.withPerfData(PARAM, data -> {
            ProbeRuns.Measured perfWorker = worker(runs, record, data, List.of("perf", "bench", "sched", "messaging"));
            ProbeRuns.Measured hackbench = worker(runs, record, data, List.of("hackbench"));
            if (perfWorker == null || hackbench == null) {
                return null;
            }
            double ms = Math.max(0, perfWorker.median() - hackbench.median());
            long us = Math.max(0, Math.round(libc.median() / 1000 + ms * 1000));
            return new HostProfile.Setting("param " + PARAM + " = " + us + " us", String.format(Locale.ROOT,
                    "%s; plus `perf record -g -e cpu-clock -F %d` of `perf bench sched messaging -g 4 -l 1` (%s) and"
                            + " of `hackbench -g 4 -l 1` (%s): the mean CPU time of a worker after the parent's kick"
                            + " (the first worker sample reading a message; per pid, the parent left out), perf's"
                            + " median less hackbench's", glibc, HZ, range(perfWorker), range(hackbench)));
        });
    }

    private static ProbeRuns.Measured worker(ProbeRuns runs, String record, Path data, List<String> program) {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", record, "sh", data.toString()));
        cmd.addAll(program);
        String shown = "perf record -g -e cpu-clock -F " + HZ + " -- " + String.join(" ", program)
                + " -g 4 -l 1; perf script";
        // a recording holds 9 to 12 samples of reads (three of hackbench, 7 December 2026): one with none refused it
        return runs.toolOrAgain(PARAM, cmd, shown, o -> workerMs(o.stdout()));
    }

    private static String range(ProbeRuns.Measured m) {
        return ProbeRuns.fmt(m.median()) + " ms; " + m.spread();
    }
}
