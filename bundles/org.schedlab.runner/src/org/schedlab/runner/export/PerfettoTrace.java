/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.export;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import org.schedlab.runner.AtomicFiles;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.metrics.TraceEvent;

/**
 * Writes one run's schedule in the Chrome trace event format (JSON), which Perfetto (ui.perfetto.dev) and
 * chrome://tracing open: one track per CPU ({@code pid} 1, {@code tid} = CPU), a complete event
 * ({@code "ph":"X"}) for each stretch a task ran on a CPU between two context switches, and an instant event
 * ({@code "ph":"i"}) for each wakeup. Timestamps are microseconds (fractions keep the ns). Idle stretches
 * are left empty. The run must have been traced ({@code SimConfig.traceLimit > 0}). A stretch still
 * running at the end closes at the run's end; when the trace filled its limit, the records stop early, so
 * open stretches close at the last record instead and an instant event {@code trace truncated} marks it.
 */
public final class PerfettoTrace {
    private PerfettoTrace() {
    }

    /** Writes the trace of {@code run} to {@code file} atomically ({@link AtomicFiles}). */
    public static void writeFile(SimResult run, String title, int traceLimit, Path file) throws IOException {
        AtomicFiles.write(file, out -> write(run, title, traceLimit, out));
    }

    /**
     * Writes the trace of {@code run} to {@code out} (which stays open).
     *
     * @param title      the process name shown in Perfetto (for example the cell's label and seed)
     * @param traceLimit the limit the run was traced with: a trace that reached it was cut short
     */
    public static void write(SimResult run, String title, int traceLimit, OutputStream out) throws IOException {
        OutputStreamWriter w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        JsonWriter j = JsonOutput.writer(w, false);
        Map<Integer, String> names = new HashMap<>();
        for (TaskResult t : run.metrics().tasks()) {
            names.put(t.pid(), t.name());
        }
        j.beginObject();
        j.name("displayTimeUnit").value("ns");
        j.name("traceEvents").beginArray();
        j.beginObject().name("name").value("process_name").name("ph").value("M").name("pid").value(1)
                .name("args").beginObject()
                .name("name").value(title).endObject().endObject();
        TreeSet<Integer> cpus = new TreeSet<>();
        for (int c = 0; c < run.nrCpus(); c++) {
            cpus.add(c);
        }
        for (int c : cpus) {
            j.beginObject().name("name").value("thread_name").name("ph").value("M").name("pid").value(1)
                    .name("tid").value(c)
                    .name("args").beginObject().name("name").value("CPU " + c).endObject().endObject();
        }
        Map<Integer, long[]> running = new HashMap<>(); // cpu -> {pid, since}
        for (TraceEvent e : run.trace()) {
            if (e.kind() == TraceEvent.Kind.SWITCH) {
                long[] cur = running.get(e.cpu());
                long since = cur == null ? 0 : cur[1];
                slice(j, names, e.cpu(), e.pid(), since, e.timeNs(), String.valueOf(e.prevState()));
                running.put(e.cpu(), new long[] {e.otherPid(), e.timeNs()});
            } else {
                j.beginObject().name("name").value("wakeup " + name(names, e.pid())).name("cat").value("sched")
                        .name("ph").value("i").name("s").value("t")
                        .name("ts").value(JsonOutput.number(us(e.timeNs()))).name("pid").value(1)
                        .name("tid").value(e.cpu()).name("args").beginObject().name("pid").value(e.pid())
                        .name("waker").value(e.otherPid()).endObject().endObject();
            }
        }
        long end = run.metrics().endNs(); // the run's end: elapsedNs is only the measured part after a warm-up
        if (!run.trace().isEmpty() && run.trace().size() >= traceLimit) {
            end = run.trace().get(run.trace().size() - 1).timeNs();
            j.beginObject().name("name").value("trace truncated").name("ph").value("i").name("s").value("g")
                    .name("ts").value(JsonOutput.number(us(end)))
                    .name("pid").value(1).name("tid").value(0).endObject();
        }
        for (Map.Entry<Integer, long[]> r : new java.util.TreeMap<>(running).entrySet()) {
            slice(j, names, r.getKey(), (int) r.getValue()[0], r.getValue()[1], Math.max(end, r.getValue()[1]), "R");
        }
        j.endArray();
        j.endObject();
        w.write('\n');
        j.flush();
    }

    private static void slice(JsonWriter j, Map<Integer, String> names, int cpu, int pid, long from, long to,
                              String endState) throws IOException {
        if (pid < 0) {
            return; // the CPU's idle task: leave the track empty
        }
        j.beginObject().name("name").value(name(names, pid)).name("cat").value("sched").name("ph").value("X")
                .name("ts").value(JsonOutput.number(us(from))).name("dur").value(JsonOutput.number(us(to - from)))
                .name("pid").value(1).name("tid").value(cpu)
                .name("args").beginObject().name("pid").value(pid)
                .name("end_state").value(endState).endObject().endObject();
    }

    private static String name(Map<Integer, String> names, int pid) {
        return pid < 0 ? "idle" : names.getOrDefault(pid, "pid " + pid) + " [" + pid + "]";
    }

    /** @return ns as microseconds */
    static double us(long ns) {
        return ns / 1000.0;
    }
}
