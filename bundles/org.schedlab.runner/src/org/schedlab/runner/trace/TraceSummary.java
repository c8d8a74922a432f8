/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The figures {@code schedlab compare-trace} puts side by side, read from one trace in a single pass: its span,
 * the context switches, each CPU's busy time (any task but the idle task) and the CPU time per task, grouped by
 * {@link #key(String)} of the comm so that a recorded task and its simulated replay ({@code NAME_PID-0}) meet. With a
 * filter, only the tasks whose comm it finds count (switches where either side matches).
 */
public final class TraceSummary implements FtraceReader.Sink {
    private final Pattern filter;
    private long first = -1;
    private long last;
    private long switches;
    private final Map<Integer, long[]> cpus = new TreeMap<>(); // cpu -> {current pid, since, busy ns}
    private final Map<Integer, Long> cpuOfPid = new HashMap<>();
    private final Map<Integer, String> commOfPid = new HashMap<>();

    /** @param filter a regular expression found in the comm of the tasks to count, or null for all */
    public TraceSummary(Pattern filter) {
        this.filter = filter;
    }

    /**
     * The tasks of a simulated trace's workload: every task but the machine's own work (BackgroundWork's kernel
     * threads, kworker/N), which a filter of the real side's tasks leaves out of the real trace too (an imported
     * kworker is named kworker_PID).
     */
    public static final Pattern SIMULATED_WORKLOAD = Pattern.compile("^(?!kworker/)");

    /** @return the summary of {@code file}, with the switches it lost put back ({@link MissedSwitches}) */
    public static TraceSummary read(Path file, Pattern filter) throws IOException, TraceFormatException {
        TraceSummary s = new TraceSummary(filter);
        FtraceReader.read(file, new MissedSwitches(s));
        return s;
    }

    @Override
    public void event(FtraceEvent e) {
        long t = e.timeNs();
        if (first < 0) {
            first = t;
        }
        last = Math.max(last, t);
        if (e.type() != FtraceEvent.Type.SWITCH) {
            return;
        }
        long[] c = cpus.computeIfAbsent(e.cpu(), k -> new long[] { -1, first, 0 });
        boolean prevCounts = e.pid() > 0 && counts(e.comm());
        if (prevCounts) {
            long d = t - c[1];
            c[2] += d;
            cpuOfPid.merge(e.pid(), d, Long::sum);
            commOfPid.put(e.pid(), e.comm());
        }
        if (prevCounts || (e.pid2() > 0 && counts(e.comm2()))) {
            switches++;
        }
        c[0] = e.pid2();
        c[1] = t;
    }

    private boolean counts(String comm) {
        return filter == null || filter.matcher(comm).find();
    }

    /** @return the trace's span in ns (first to last event) */
    public long spanNs() {
        return Math.max(1, last - Math.max(first, 0));
    }

    /** @return context switches per second of the span */
    public double switchRate() {
        return switches * 1e9 / spanNs();
    }

    /** @return each CPU's busy share of the span, in % */
    public Map<Integer, Double> utilisation() {
        Map<Integer, Double> u = new TreeMap<>();
        cpus.forEach((cpu, c) -> u.put(cpu, 100.0 * c[2] / spanNs()));
        return u;
    }

    /** @return per {@link #key(String)}: {tasks, CPU ns} */
    public Map<String, long[]> cpuByTask() {
        Map<String, long[]> m = new TreeMap<>();
        cpuOfPid.forEach((pid, ns) -> {
            long[] v = m.computeIfAbsent(key(commOfPid.get(pid)), k -> new long[2]);
            v[0]++;
            v[1] += ns;
        });
        return m;
    }

    /**
     * @return the comm as an identifier without the suffixes an import and a simulation add ({@code _PID},
     *         {@code -N}), so that {@code hackbench}, {@code hackbench_4242-0} and its 15-character cut meet
     */
    public static String key(String comm) {
        String k = WorkloadWriter.ident(comm);
        String prev;
        do {
            prev = k;
            k = k.replaceAll("_+$", "").replaceAll("_\\d+$", "");
        } while (!k.equals(prev));
        return k.isEmpty() ? comm : k;
    }
}
