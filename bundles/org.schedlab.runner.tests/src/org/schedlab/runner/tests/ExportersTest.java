/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.Published;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.chart.ChartFiles;
import org.schedlab.runner.export.CsvExporter;
import org.schedlab.runner.export.JsonExporter;
import org.schedlab.runner.export.PerfettoTrace;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.metrics.TraceEvent;
import org.w3c.dom.Document;

class ExportersTest {
    private static ExperimentResult result;

    @TempDir
    Path dir;

    @BeforeAll
    static void run() {
        List<CellSpec> cells = new ArrayList<>(Fixtures.matrix());
        cells.add(new CellSpec("t", "duo", "broken, \"really\"", Map.of(),
                Fixtures.config(2, Fixtures.failingAtCreate(), Fixtures.rr(10))));
        result = Fixtures.runner().run(Fixtures.plan(cells, 2,
                List.of(Published.relative("F-1", "duo", "rr", Map.of(), "work", 1, "work/s", 0.1))), 2,
                RunMonitor.NONE);
    }

    @Test
    void csvParsesAndCarriesTheCellStatistics() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CsvExporter.write(result, out);
        List<List<String>> rows = Csv.parse(out.toString(StandardCharsets.UTF_8));
        assertEquals(CsvExporter.HEADER, rows.get(0));
        assertEquals(1 + 4 * 2 + 1, rows.size(), "two metrics per good cell, one row for the failed cell");
        for (List<String> row : rows) {
            assertEquals(CsvExporter.HEADER.size(), row.size());
        }
        int mean = CsvExporter.HEADER.indexOf("mean");
        Cell duoRr = result.getCells().get(2);
        Metric work = Comparisons.metric(duoRr, "work");
        List<String> row = rows.stream().filter(r -> r.get(1).equals("duo/rr") && r.get(6).equals("work"))
                .findFirst().orElseThrow();
        assertEquals(work.getMean(), Double.parseDouble(row.get(mean)), 0);
        assertEquals(work.getStddev(), Double.parseDouble(row.get(mean + 1)), 0);
        assertEquals("2", row.get(CsvExporter.HEADER.indexOf("samples")));
        List<String> broken = rows.get(rows.size() - 1);
        assertEquals("broken, \"really\"", broken.get(3), "quoted field survives");
        assertEquals("failed", broken.get(5));
        assertTrue(broken.get(15).contains("engine exploded at create"));
    }

    @Test
    void jsonParsesAndCarriesTheResult() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonExporter.write(result, out);
        JsonObject o = JsonParser.parseString(out.toString(StandardCharsets.UTF_8)).getAsJsonObject();
        assertEquals("http://www.schedlab.org/results/1.0", o.get("schema").getAsString());
        assertEquals("t", o.get("name").getAsString());
        assertEquals("failed", o.get("status").getAsString());
        assertEquals("2026-11-30T12:00:00Z", o.get("created").getAsString());
        assertTrue(o.get("sourceFile").isJsonNull());
        JsonArray cells = o.getAsJsonArray("cells");
        assertEquals(5, cells.size());
        JsonObject duoRr = cells.get(2).getAsJsonObject();
        assertEquals("duo/rr", duoRr.get("label").getAsString());
        Cell model = result.getCells().get(2);
        for (String m : List.of("switches", "work")) {
            JsonObject metric = duoRr.getAsJsonObject("metrics").getAsJsonObject(m);
            assertEquals(Comparisons.metric(model, m).getMean(), metric.get("mean").getAsDouble(), 0);
            assertEquals(Comparisons.metric(model, m).getCi95High(), metric.get("ci95High").getAsDouble(), 0);
        }
        JsonObject run0 = duoRr.getAsJsonArray("runs").get(0).getAsJsonObject();
        assertEquals(11, run0.get("seed").getAsLong());
        assertEquals(model.getRuns().get(0).getTasks().size(), run0.getAsJsonArray("tasks").size());
        assertEquals(2, run0.getAsJsonArray("cpus").size());
        assertEquals("rr", duoRr.getAsJsonObject("provenance").get("engine").getAsString());
        JsonObject broken = cells.get(4).getAsJsonObject();
        assertEquals("failed", broken.get("status").getAsString());
        assertEquals("broken, \"really\"", broken.get("variant").getAsString());
        JsonObject cmp = o.getAsJsonArray("comparisons").get(0).getAsJsonObject();
        assertEquals("F-1", cmp.get("id").getAsString());
        assertFalse(cmp.get("ok").getAsBoolean());
        assertEquals(Comparisons.metric(model, "work").getMean(), cmp.get("simulated").getAsDouble(), 0);
    }

    @Test
    void perfettoTraceParsesAndFollowsTheSchedule() throws IOException {
        CellSpec cell = Fixtures.matrix().get(3);
        SimResult run = Fixtures.runner().traceRun(cell, cell.seed(0), 100_000);
        assertFalse(run.trace().isEmpty());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PerfettoTrace.write(run, cell.label(), 100_000, out);
        JsonObject o = JsonParser.parseString(out.toString(StandardCharsets.UTF_8)).getAsJsonObject();
        JsonArray events = o.getAsJsonArray("traceEvents");
        Map<Integer, Double> busyUs = new HashMap<>();
        int slices = 0;
        int wakeups = 0;
        double lastEnd = 0;
        for (JsonElement e : events) {
            JsonObject ev = e.getAsJsonObject();
            String ph = ev.get("ph").getAsString();
            if (ph.equals("X")) {
                slices++;
                double dur = ev.get("dur").getAsDouble();
                assertTrue(dur >= 0, ev.toString());
                assertTrue(ev.get("name").getAsString().startsWith("worker"), ev.toString());
                busyUs.merge(ev.get("tid").getAsInt(), dur, Double::sum);
                lastEnd = Math.max(lastEnd, ev.get("ts").getAsDouble() + dur);
            } else if (ph.equals("i")) {
                wakeups++;
            }
        }
        long switches = run.trace().stream().filter(t -> t.kind() == TraceEvent.Kind.SWITCH && t.pid() >= 0).count();
        assertEquals(switches + 2, slices, "one slice per switch away from a task, plus one still running per CPU");
        assertEquals(run.trace().stream().filter(t -> t.kind() == TraceEvent.Kind.WAKEUP).count(), wakeups);
        // the last slices close at the run's end, or at a switch a kernel path's cycles pushed a little past it
        double endUs = Fixtures.DURATION / 1000.0;
        assertTrue(lastEnd >= endUs && lastEnd < endUs + 100, "slices end at the run's end: " + lastEnd);
        for (int cpu = 0; cpu < 2; cpu++) {
            // four always-runnable threads on two CPUs: each CPU is busy nearly all the time
            assertTrue(busyUs.get(cpu) > 0.9 * Fixtures.DURATION / 1000.0, "CPU " + cpu + " " + busyUs);
            assertTrue(busyUs.get(cpu) <= lastEnd + 1e-6);
        }
    }

    @Test
    void truncatedTraceEndsAtItsLastRecord() throws IOException {
        CellSpec cell = Fixtures.matrix().get(3);
        SimResult run = Fixtures.runner().traceRun(cell, cell.seed(0), 50);
        assertEquals(50, run.trace().size());
        Path file = dir.resolve("trace.json");
        PerfettoTrace.writeFile(run, cell.label(), 50, file);
        JsonArray events = JsonParser.parseString(Files.readString(file)).getAsJsonObject()
                .getAsJsonArray("traceEvents");
        double lastRecordUs = run.trace().get(49).timeNs() / 1000.0;
        boolean marked = false;
        for (JsonElement e : events) {
            JsonObject ev = e.getAsJsonObject();
            if (ev.get("ph").getAsString().equals("X")) {
                double endUs = ev.get("ts").getAsDouble() + ev.get("dur").getAsDouble();
                assertTrue(endUs <= lastRecordUs + 1e-6, ev.toString());
            }
            marked |= ev.get("name").getAsString().equals("trace truncated");
        }
        assertTrue(marked);
    }

    @Test
    void chartsAreWellFormedSvgAndPng() throws Exception {
        List<Path> files = ChartFiles.write(result, dir, "t", true, RunMonitor.NONE);
        List<String> names = files.stream().map(p -> p.getFileName().toString()).toList();
        assertEquals(List.of("t-switches.svg", "t-switches.png", "t-work.svg", "t-work.png", "t-runqueue.svg",
                "t-runqueue.png", "t-tasks.svg", "t-tasks.png"), names);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document svg = f.newDocumentBuilder().parse(dir.resolve("t-work.svg").toFile());
        assertEquals("svg", svg.getDocumentElement().getLocalName());
        assertEquals("http://www.w3.org/2000/svg", svg.getDocumentElement().getNamespaceURI());
        // background + 4 bars (two machines x two variants; the failed variant has none) + legend boxes (3)
        assertEquals(1 + 4 + 3, svg.getElementsByTagName("rect").getLength());
        String text = Files.readString(dir.resolve("t-work.svg"));
        assertTrue(text.contains("broken, &quot;really&quot;"), "legend text escaped");
        Document series = f.newDocumentBuilder().parse(dir.resolve("t-runqueue.svg").toFile());
        assertEquals(4, series.getElementsByTagName("polyline").getLength(), "one line per completed cell");
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(Files.readAllBytes(dir.resolve("t-work.png"))));
        assertNotNull(png);
        assertEquals(ChartFiles.WIDTH, png.getWidth());
        assertEquals(ChartFiles.HEIGHT, png.getHeight());
        assertEquals(RunStatus.FAILED, result.getCells().get(4).getStatus());
    }
}
