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
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.Comparison;
import org.schedlab.model.results.CpuBreakdown;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Parameter;
import org.schedlab.model.results.Provenance;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.TaskBreakdown;
import org.schedlab.model.results.ResultsPackage;
import org.schedlab.runner.Comparisons;

/**
 * Writes a result as JSON: experiment fields, then cells with provenance, metric statistics and runs
 * (with per-task and per-CPU breakdowns), then the published comparisons. Times are ns; a figure JSON
 * cannot express (NaN) is {@code null}. The {@code schema} member is the results model's nsURI.
 */
public final class JsonExporter {
    private JsonExporter() {
    }

    /** Writes {@code result} as UTF-8 JSON to {@code out} (which stays open). */
    public static void write(ExperimentResult result, OutputStream out) throws IOException {
        OutputStreamWriter w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        JsonWriter j = JsonOutput.writer(w, true);
        j.beginObject();
        j.name("schema").value(ResultsPackage.eNS_URI);
        j.name("name").value(result.getName());
        j.name("sourceFile").value(result.getSourceFile());
        j.name("sourceHash").value(result.getSourceHash());
        j.name("schedlabVersion").value(result.getSchedlabVersion());
        j.name("created").value(result.getCreated() == null ? null : result.getCreated().toInstant().toString());
        j.name("baselineVariant").value(result.getBaselineVariant());
        j.name("repeats").value(result.getRepeats());
        j.name("status").value(result.getStatus().getLiteral());
        j.name("metrics").beginArray();
        for (String m : result.getMetricNames()) {
            j.value(m);
        }
        j.endArray();
        j.name("cells").beginArray();
        for (Cell cell : result.getCells()) {
            cell(j, cell);
        }
        j.endArray();
        j.name("comparisons").beginArray();
        for (Comparison c : result.getComparisons()) {
            j.beginObject().name("id").value(c.getId()).name("cell").value(c.getCell())
                    .name("metric").value(c.getMetric())
                    .name("unit").value(c.getUnit()).name("published").value(JsonOutput.number(c.getPublished()))
                    .name("simulated").value(JsonOutput.number(c.getSimulated()))
                    .name("bandLow").value(JsonOutput.number(c.getBandLow()))
                    .name("bandHigh").value(JsonOutput.number(c.getBandHigh())).name("ok").value(c.isOk()).endObject();
        }
        j.endArray();
        j.endObject();
        w.write('\n');
        j.flush();
    }

    private static void cell(JsonWriter j, Cell cell) throws IOException {
        j.beginObject();
        j.name("label").value(Comparisons.cellLabel(cell));
        j.name("machine").value(cell.getMachine());
        j.name("variant").value(cell.getVariant());
        j.name("params").beginObject();
        for (Parameter p : cell.getParameters()) {
            j.name(p.getKey()).value(p.getValue());
        }
        j.endObject();
        j.name("status").value(cell.getStatus().getLiteral());
        j.name("message").value(cell.getMessage());
        if (cell.getProvenance() != null) {
            provenance(j, cell.getProvenance());
        }
        j.name("metrics").beginObject();
        for (Metric m : cell.getMetrics()) {
            j.name(m.getName()).beginObject().name("unit").value(m.getUnit()).name("samples").value(m.getSamples())
                    .name("mean").value(JsonOutput.number(m.getMean()))
                    .name("stddev").value(JsonOutput.number(m.getStddev()))
                    .name("min").value(JsonOutput.number(m.getMin()))
                    .name("max").value(JsonOutput.number(m.getMax()))
                    .name("ci95Low").value(JsonOutput.number(m.getCi95Low()))
                    .name("ci95High").value(JsonOutput.number(m.getCi95High()))
                    .endObject();
        }
        j.endObject();
        j.name("runs").beginArray();
        for (Run run : cell.getRuns()) {
            run(j, run);
        }
        j.endArray();
        j.endObject();
    }

    private static void provenance(JsonWriter j, Provenance p) throws IOException {
        j.name("provenance").beginObject();
        j.name("engine").value(p.getEngineId()).name("engineVersion").value(p.getEngineVersion());
        j.name("patches").beginArray();
        for (String patch : p.getPatches()) {
            j.value(patch);
        }
        j.endArray();
        j.name("tunables").beginObject();
        for (Parameter t : p.getTunables()) {
            j.name(t.getKey()).value(t.getValue());
        }
        j.endObject();
        j.name("machine").value(p.getMachineId()).name("cpus").value(p.getNrCpus()).name("mhz").value(p.getMhz())
                .name("hz").value(p.getHz()).name("durationNs").value(p.getDurationNs());
        j.endObject();
    }

    private static void run(JsonWriter j, Run run) throws IOException {
        j.beginObject();
        j.name("seed").value(run.getSeed()).name("status").value(run.getStatus().getLiteral())
                .name("message").value(run.getMessage()).name("elapsedNs").value(run.getElapsedNs())
                .name("eventsProcessed").value(run.getEventsProcessed());
        j.name("metrics").beginObject();
        for (Metric m : run.getMetrics()) {
            j.name(m.getName()).value(JsonOutput.number(m.getValue()));
        }
        j.endObject();
        j.name("tasks").beginArray();
        for (TaskBreakdown t : run.getTasks()) {
            j.beginObject().name("pid").value(t.getPid()).name("name").value(t.getName())
                    .name("cpuNs").value(t.getCpuNs())
                    .name("waitNs").value(t.getWaitNs()).name("voluntarySwitches").value(t.getVoluntarySwitches())
                    .name("involuntarySwitches").value(t.getInvoluntarySwitches()).name("wakeups").value(t.getWakeups())
                    .name("finalState").value(t.getFinalState()).endObject();
        }
        j.endArray();
        j.name("cpus").beginArray();
        for (CpuBreakdown c : run.getCpus()) {
            j.beginObject().name("cpu").value(c.getCpu()).name("userNs").value(c.getUserNs())
                    .name("kernelNs").value(c.getKernelNs())
                    .name("spinNs").value(c.getSpinNs()).name("idleNs").value(c.getIdleNs()).endObject();
        }
        j.endArray();
        j.endObject();
    }
}
