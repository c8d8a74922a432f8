package org.schedlab.runner.export;

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
        JsonWriter j = new JsonWriter(w);
        j.beginObject();
        j.field("schema", ResultsPackage.eNS_URI);
        j.field("name", result.getName());
        j.field("sourceFile", result.getSourceFile());
        j.field("sourceHash", result.getSourceHash());
        j.field("schedlabVersion", result.getSchedlabVersion());
        j.field("created", result.getCreated() == null ? null : result.getCreated().toInstant().toString());
        j.field("baselineVariant", result.getBaselineVariant());
        j.field("repeats", result.getRepeats());
        j.field("status", result.getStatus().getLiteral());
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
            j.beginObject().field("id", c.getId()).field("cell", c.getCell()).field("metric", c.getMetric())
                    .field("unit", c.getUnit()).field("published", c.getPublished())
                    .field("simulated", c.getSimulated()).field("bandLow", c.getBandLow())
                    .field("bandHigh", c.getBandHigh()).field("ok", c.isOk()).endObject();
        }
        j.endArray();
        j.endObject();
        w.write('\n');
        j.flush();
    }

    private static void cell(JsonWriter j, Cell cell) throws IOException {
        j.beginObject();
        j.field("label", Comparisons.cellLabel(cell));
        j.field("machine", cell.getMachine());
        j.field("variant", cell.getVariant());
        j.name("params").beginObject();
        for (Parameter p : cell.getParameters()) {
            j.field(p.getKey(), p.getValue());
        }
        j.endObject();
        j.field("status", cell.getStatus().getLiteral());
        j.field("message", cell.getMessage());
        if (cell.getProvenance() != null) {
            provenance(j, cell.getProvenance());
        }
        j.name("metrics").beginObject();
        for (Metric m : cell.getMetrics()) {
            j.name(m.getName()).beginObject().field("unit", m.getUnit()).field("samples", m.getSamples())
                    .field("mean", m.getMean()).field("stddev", m.getStddev()).field("min", m.getMin())
                    .field("max", m.getMax()).field("ci95Low", m.getCi95Low()).field("ci95High", m.getCi95High())
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
        j.field("engine", p.getEngineId()).field("engineVersion", p.getEngineVersion());
        j.name("patches").beginArray();
        for (String patch : p.getPatches()) {
            j.value(patch);
        }
        j.endArray();
        j.name("tunables").beginObject();
        for (Parameter t : p.getTunables()) {
            j.field(t.getKey(), t.getValue());
        }
        j.endObject();
        j.field("machine", p.getMachineId()).field("cpus", p.getNrCpus()).field("mhz", p.getMhz())
                .field("hz", p.getHz()).field("durationNs", p.getDurationNs());
        j.endObject();
    }

    private static void run(JsonWriter j, Run run) throws IOException {
        j.beginObject();
        j.field("seed", run.getSeed()).field("status", run.getStatus().getLiteral())
                .field("message", run.getMessage()).field("elapsedNs", run.getElapsedNs())
                .field("eventsProcessed", run.getEventsProcessed());
        j.name("metrics").beginObject();
        for (Metric m : run.getMetrics()) {
            j.field(m.getName(), m.getValue());
        }
        j.endObject();
        j.name("tasks").beginArray();
        for (TaskBreakdown t : run.getTasks()) {
            j.beginObject().field("pid", t.getPid()).field("name", t.getName()).field("cpuNs", t.getCpuNs())
                    .field("waitNs", t.getWaitNs()).field("voluntarySwitches", t.getVoluntarySwitches())
                    .field("involuntarySwitches", t.getInvoluntarySwitches()).field("wakeups", t.getWakeups())
                    .field("finalState", t.getFinalState()).endObject();
        }
        j.endArray();
        j.name("cpus").beginArray();
        for (CpuBreakdown c : run.getCpus()) {
            j.beginObject().field("cpu", c.getCpu()).field("userNs", c.getUserNs()).field("kernelNs", c.getKernelNs())
                    .field("spinNs", c.getSpinNs()).field("idleNs", c.getIdleNs()).endObject();
        }
        j.endArray();
        j.endObject();
    }
}
