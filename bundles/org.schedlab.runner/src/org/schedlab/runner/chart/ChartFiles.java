/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.chart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Histogram;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.model.results.TimeSeries;
import org.schedlab.runner.AtomicFiles;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.DeltaTable;
import org.schedlab.runner.RunMonitor;
import org.schedlab.sim.SimResult;

/**
 * Writes a result's charts as files, each atomically: {@code NAME-METRIC.svg} (comparison bars per metric),
 * {@code NAME-runqueue.svg} (run-queue length over time, first run of each cell), {@code NAME-series-cpus_used_G.svg},
 * {@code NAME-series-throttled_G.svg} and {@code NAME-series-nr_throttled_G.svg} (task group G's CPUs, throttled queues and
 * throttled periods per second over time, when the run has groups), {@code NAME-latency.svg}
 * (wakeup-latency CDF, first run of each cell), {@code NAME-tasks.svg} (CPU time per task, first run of the first
 * cell) and, for each traced cell given, {@code NAME-timeline-CELL.svg} (its CPU timeline,
 * {@link TimelineCharts}); with {@code png}, a PNG beside each SVG.
 */
public final class ChartFiles {
    /** Chart size in pixels. */
    public static final int WIDTH = 800;
    public static final int HEIGHT = 450;

    private ChartFiles() {
    }

    /** @return the files written (no timelines) */
    public static List<Path> write(ExperimentResult result, Path dir, String baseName, boolean png, RunMonitor monitor)
            throws IOException {
        return write(result, dir, baseName, png, monitor, Map.of());
    }

    /**
     * @param traced each cell's traced first run by cell label ({@link TimelineCharts#traceFirstRuns}), drawn as
     *               its CPU timeline; empty for none
     * @return the files written
     */
    public static List<Path> write(ExperimentResult result, Path dir, String baseName, boolean png, RunMonitor monitor,
                                   Map<String, SimResult> traced) throws IOException {
        List<Path> out = new ArrayList<>();
        for (DeltaTable t : Comparisons.deltaTables(result)) {
            out.addAll(write(Charts.comparison(result.getName(), t), dir, baseName + "-" + safe(t.metric()), png,
                    monitor));
        }
        List<String> names = new ArrayList<>();
        List<TimeSeries> series = new ArrayList<>();
        List<String> cdfNames = new ArrayList<>();
        List<Histogram> latencies = new ArrayList<>();
        Run firstRun = null;
        Map<String, List<TimeSeries>> other = new java.util.LinkedHashMap<>();
        Map<String, List<String>> otherCells = new java.util.LinkedHashMap<>();
        for (Cell cell : result.getCells()) {
            for (Run run : cell.getRuns()) {
                if (run.getStatus() == RunStatus.OK) {
                    firstRun = firstRun == null ? run : firstRun;
                    run.getSeries().stream().filter(s -> s.getName().equals("runqueue")).findFirst().ifPresent(s -> {
                        names.add(Comparisons.cellLabel(cell));
                        series.add(s);
                    });
                    for (TimeSeries s : run.getSeries()) {
                        if (!s.getName().equals("runqueue")) {
                            other.computeIfAbsent(s.getName(), n -> new ArrayList<>()).add(s);
                            otherCells.computeIfAbsent(s.getName(), n -> new ArrayList<>()).add(
                                    Comparisons.cellLabel(cell));
                        }
                    }
                    run.getHistograms().stream().filter(h -> h.getName().equals("wakeup_latency") && h.getCount() > 0)
                            .findFirst().ifPresent(h -> {
                                cdfNames.add(Comparisons.cellLabel(cell));
                                latencies.add(h);
                            });
                    break;
                }
            }
        }
        if (!latencies.isEmpty()) {
            out.addAll(write(Charts.latencyCdf(result.getName() + ": wakeup latency CDF, first run of each cell",
                    cdfNames, latencies), dir, baseName + "-latency", png, monitor));
        }
        for (Map.Entry<String, SimResult> e : traced.entrySet()) {
            SimResult run = e.getValue();
            long start = run.metrics().startNs();
            String title = result.getName() + ": CPU timeline of " + e.getKey() + ", seed " + seedOf(result, e.getKey())
                    + ", first " + TimelineCharts.WINDOW_NS / 1_000_000 + " ms measured";
            out.addAll(write(TimelineCharts.of(title, run, start, TimelineCharts.WINDOW_NS), dir,
                    baseName + "-timeline-" + safe(e.getKey()), png, monitor));
        }
        if (!series.isEmpty()) {
            out.addAll(write(Charts.timeSeries(result.getName() + ": run-queue length", names, series), dir,
                    baseName + "-runqueue", png, monitor));
        }
        for (Map.Entry<String, List<TimeSeries>> e : other.entrySet()) {
            // a task group's cpu.stat over time (RunRecorder.groupSeries): CPUs used, throttled queues, periods
            out.addAll(write(Charts.timeSeries(result.getName() + ": " + e.getKey() + " over time, first run of each"
                    + " cell", otherCells.get(e.getKey()), e.getValue()), dir, baseName + "-series-" + safe(e.getKey()), png,
                    monitor));
        }
        if (firstRun != null) {
            Cell cell = (Cell) firstRun.eContainer();
            out.addAll(write(Charts.taskDistribution(result.getName() + ": CPU time per task, "
                    + Comparisons.cellLabel(cell) + " seed " + firstRun.getSeed(), firstRun), dir, baseName + "-tasks",
                    png, monitor));
        }
        return out;
    }

    private static List<Path> write(Chart chart, Path dir, String name, boolean png, RunMonitor monitor)
            throws IOException {
        List<Path> out = new ArrayList<>();
        Path svg = dir.resolve(name + ".svg");
        byte[] text = SvgCanvas.render(chart, WIDTH, HEIGHT).getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(svg, o -> o.write(text), monitor::isCancelled);
        out.add(svg);
        if (png) {
            Path p = dir.resolve(name + ".png");
            AtomicFiles.write(p, o -> ImageCanvas.writePng(chart, WIDTH, HEIGHT, o), monitor::isCancelled);
            out.add(p);
        }
        return out;
    }

    private static String seedOf(ExperimentResult result, String cellLabel) {
        return result.getCells().stream().filter(c -> Comparisons.cellLabel(c).equals(cellLabel))
                .filter(c -> !c.getRuns().isEmpty()).map(c -> Long.toString(c.getRuns().get(0).getSeed())).findFirst()
                .orElse("of its first run");
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9_.-]", "_");
    }
}
