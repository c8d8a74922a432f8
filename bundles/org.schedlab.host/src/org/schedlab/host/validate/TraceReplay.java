/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.host.HostException;
import org.schedlab.host.TraceRecording;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.runner.dsl.DslPlans;
import org.schedlab.runner.export.FtraceTrace;
import org.schedlab.runner.trace.TraceFormatException;
import org.schedlab.runner.trace.TraceImporter;
import org.schedlab.runner.trace.TraceSummary;
import org.schedlab.runner.trace.WorkloadWriter;
import org.schedlab.sim.SimResult;

/**
 * The replay rows of validate-host: a recording of hackbench and of an rt-app workload (the kernel's sched events,
 * {@link TraceRecording}), imported as a workload ({@code schedlab import ftrace}), simulated with the eevdf engine on
 * the host profile and traced again, and the two traces compared: the recording's switch rate and CPU busy time
 * against the replay's. The recording is the "measured" side; one recording per case.
 */
final class TraceReplay {

    /**
     * One recorded program.
     *
     * @param id      the row name
     * @param command what runs while the events are recorded
     * @param filter  the recording's tasks that are imported and compared (their comm)
     * @param seconds how long it is recorded at most
     */
    record Recorded(String id, List<String> command, String filter, double seconds) {
    }

    static final ValidationCase.Metric SWITCHES = new ValidationCase.Metric("switches/s", "1/s",
            Tolerance.RELATIVE_25);
    static final ValidationCase.Metric BUSY = new ValidationCase.Metric("CPU busy", "%", Tolerance.RELATIVE_25);

    private TraceReplay() {
    }

    /** @return the two recordings: hackbench (processes, sockets) and rt-app's periodic and busy tasks */
    static List<Recorded> recordings(Path work, boolean quick) throws IOException {
        Path json = work.resolve("replay-rtapp.json");
        Files.writeString(json, org.schedlab.host.TraceRecording.rtAppPeriodic(work), StandardCharsets.UTF_8);
        double s = quick ? 1 : 2;
        return List.of(new Recorded("replay-hackbench", org.schedlab.host.TraceRecording.HACKBENCH,
                "hackbench", s), new Recorded("replay-rtapp", List.of("rt-app", json.toString()), "^(periodic|busy)$", s));
    }

    /** @return the replays {@code chosen} accepts ({@link #recordings(Path, boolean)}) */
    static List<Recorded> recordings(Path work, boolean quick, java.util.function.Predicate<String> chosen) {
        try {
            return recordings(work, quick).stream().filter(r -> chosen.test(r.id())).toList();
        } catch (IOException e) {
            throw new HostException("cannot write the replays' rt-app file: " + e.getMessage());
        }
    }

    /** @return the recording's trace file (in {@code work}) */
    static Path record(Recorded r, Path work) {
        Path trace = work.resolve(r.id() + ".trace");
        TraceRecording.record(Path.of("/sys/kernel/tracing"), r.command(), work, r.seconds(), trace);
        return trace;
    }

    /**
     * Imports {@code trace}, simulates it on the profile's machine and compares.
     *
     * @return the case's two rows
     */
    static List<ValidationRow> replay(Recorded r, Path trace, Path work, String machine, String version,
            EngineCatalog engines) {
        Pattern filter = Pattern.compile(r.filter());
        try {
            TraceSummary real = TraceSummary.read(trace, filter);
            TraceImporter imp = TraceImporter.read(trace, new TraceImporter.Options(filter, false));
            String name = r.id().replace('-', '_');
            String text = new WorkloadWriter(imp, trace.getFileName().toString()).render(name,
                    new WorkloadWriter.Target("host.sched", machine, "eevdf", version));
            Path sched = work.resolve(name + ".sched");
            Files.writeString(sched, text, StandardCharsets.UTF_8);
            var plan = DslPlans.load(sched, engines).get(0);
            var cell = plan.cells().get(0);
            SimResult run = new ExperimentRunner().traceRun(cell, plan.seed(cell, 0), 5_000_000);
            Path simTrace = work.resolve(r.id() + "-sim.trace");
            FtraceTrace.writeFile(run, cell.config(), simTrace);
            // the replay holds the imported tasks and the machine's own work (BackgroundWork's kworker/N), which is
            // left out as the real side's filter leaves out the real machine's
            TraceSummary sim = TraceSummary.read(simTrace, TraceSummary.SIMULATED_WORKLOAD);
            return List.of(row(r, SWITCHES, real.switchRate(), sim.switchRate()),
                    row(r, BUSY, busy(real.utilisation()), busy(sim.utilisation())));
        } catch (IOException | TraceFormatException | TranslationException | DslPlans.InvalidSourceException e) {
            throw new HostException(r.id() + ": the replay failed: " + e.getMessage());
        }
    }

    /** @return the busy share of every CPU together, % of one CPU (two busy CPUs: 200 %) */
    private static double busy(Map<Integer, Double> perCpu) {
        return perCpu.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    private static ValidationRow row(Recorded r, ValidationCase.Metric m, double real, double sim) {
        return new ValidationRow(r.id(), m.name(), m.unit(), real, real, real, 1, sim, m.tolerance().verdict(real,
                sim));
    }

    /** @return rows for a recording that could not be made or replayed */
    static List<ValidationRow> skipped(Recorded r, String why) {
        List<ValidationRow> out = new ArrayList<>();
        for (ValidationCase.Metric m : List.of(SWITCHES, BUSY)) {
            out.add(new ValidationRow(r.id(), m.name(), m.unit(), Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN,
                    "skipped: " + why));
        }
        return out;
    }
}
