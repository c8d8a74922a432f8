/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The CPU time a worker of {@code perf bench sched messaging} spends beyond one of rt-tests' hackbench doing the
 * same (one loop of 20 messages, {@code -g 4 -l 1}): the {@code exit_work} of hackbench.sched's workload as perf runs
 * it. Each of perf's workers is a fork of perf, and its exit(0) runs perf's exit handlers and the ELF destructors of
 * the libraries perf links, faulting in the pages they touch; do_exit then tears down perf's address space. On a
 * paravirtualised guest every page-table change of that path goes through the host, so its cost moves with the host
 * (1.0 ms on 5 December 2026, 5.6 to 6.1 ms on this guest a day later), and validate-host measures it just before the
 * perf case instead of taking a constant.
 *
 * <p>Measured per process: {@code perf record -e cpu-clock -F 10000} of the whole program, {@code perf report --sort
 * pid}, each pid's samples, the busiest pid (the parent, which forks every worker) left out, the mean of the others;
 * the figure is the median perf worker's less the median hackbench worker's, so that what both workers do (the
 * messages, glibc's exit, the kernel's exit of a small process) stays with the model's own costs.
 */
public final class PerfWorkerExit {
    /** The sampling frequency, per second of CPU time. */
    static final int HZ = 10_000;
    /** The workload parameter this measures (hackbench.sched). */
    static final String PARAM = "exit_work";

    private PerfWorkerExit() {
    }

    /**
     * @param report the text of {@code perf report --sort pid --stdio -F sample,pid}
     * @return the mean CPU time of a worker in ms: every pid's samples but the busiest's, at {@link #HZ}
     */
    public static double workerMs(String report) {
        List<Long> samples = new ArrayList<>();
        for (String line : report.lines().toList()) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#") || !Character.isDigit(t.charAt(0))) {
                continue;
            }
            samples.add(Long.parseLong(t.split("\\s+")[0]));
        }
        if (samples.size() < 2) {
            throw new HostException("perf report shows no worker processes (" + samples.size() + " pid)");
        }
        long total = samples.stream().mapToLong(Long::longValue).sum();
        long parent = samples.stream().mapToLong(Long::longValue).max().getAsLong();
        return (total - parent) * 1000.0 / HZ / (samples.size() - 1);
    }

    /**
     * Measures both programs' workers.
     *
     * @return the {@code param exit_work = N us} setting with its provenance, or null (with a note) when perf or
     *         hackbench is missing or failed
     */
    static HostProfile.Setting measure(ProbeRuns runs, List<String> notes) {
        if (!runs.has(PARAM, "perf") || !runs.has(PARAM, "hackbench")) {
            return null;
        }
        String record = "f=$1; shift; perf record -q -e cpu-clock -F " + HZ + " -o \"$f\" -- \"$@\" -g 4 -l 1"
                + " > /dev/null 2>&1 && perf report -i \"$f\" --sort pid --stdio -F sample,pid";
        Path data = null;
        try {
            data = Files.createTempFile("schedlab-workers", ".perf");
            ProbeRuns.Measured perf = worker(runs, record, data, List.of("perf", "bench", "sched", "messaging"));
            ProbeRuns.Measured hackbench = worker(runs, record, data, List.of("hackbench"));
            if (perf == null || hackbench == null) {
                return null;
            }
            long us = Math.max(0, Math.round((perf.median() - hackbench.median()) * 1000));
            return new HostProfile.Setting("param " + PARAM + " = " + us + " us", String.format(Locale.ROOT,
                    "`perf record -e cpu-clock -F %d` of `perf bench sched messaging -g 4 -l 1` (%s) and of"
                            + " `hackbench -g 4 -l 1` (%s): the mean CPU time of a worker (perf report --sort pid,"
                            + " the parent left out), perf's median less hackbench's", HZ, range(perf),
                    range(hackbench)));
        } catch (IOException e) {
            notes.add(PARAM + ": no temporary file for perf record (" + e.getMessage() + ")");
            return null;
        } finally {
            if (data != null) {
                data.toFile().delete();
                new File(data + ".old").delete();
            }
        }
    }

    private static ProbeRuns.Measured worker(ProbeRuns runs, String record, Path data, List<String> program) {
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", record, "sh", data.toString()));
        cmd.addAll(program);
        String shown = "perf record -e cpu-clock -F " + HZ + " -- " + String.join(" ", program)
                + " -g 4 -l 1; perf report --sort pid";
        return runs.tool(PARAM, cmd, shown, o -> workerMs(o.stdout()));
    }

    private static String range(ProbeRuns.Measured m) {
        return ProbeRuns.fmt(m.median()) + " ms; " + m.spread();
    }
}
