package org.schedlab.runner.chart;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.model.results.TimeSeries;
import org.schedlab.runner.AtomicFiles;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.DeltaTable;
import org.schedlab.runner.RunMonitor;

/**
 * Writes a result's charts as files, each atomically: {@code NAME-METRIC.svg} (comparison bars per metric),
 * {@code NAME-runqueue.svg} (run-queue length over time, first run of each cell) and
 * {@code NAME-tasks.svg} (CPU time per task, first run of the first cell); with {@code png}, a PNG beside
 * each SVG.
 */
public final class ChartFiles {
    /** Chart size in pixels. */
    public static final int WIDTH = 800;
    public static final int HEIGHT = 450;

    private ChartFiles() {
    }

    /** @return the files written */
    public static List<Path> write(ExperimentResult result, Path dir, String baseName, boolean png, RunMonitor monitor)
            throws IOException {
        List<Path> out = new ArrayList<>();
        for (DeltaTable t : Comparisons.deltaTables(result)) {
            out.addAll(write(Charts.comparison(result.getName(), t), dir, baseName + "-" + safe(t.metric()), png,
                    monitor));
        }
        List<String> names = new ArrayList<>();
        List<TimeSeries> series = new ArrayList<>();
        Run firstRun = null;
        for (Cell cell : result.getCells()) {
            for (Run run : cell.getRuns()) {
                if (run.getStatus() == RunStatus.OK) {
                    firstRun = firstRun == null ? run : firstRun;
                    run.getSeries().stream().filter(s -> s.getName().equals("runqueue")).findFirst().ifPresent(s -> {
                        names.add(Comparisons.cellLabel(cell));
                        series.add(s);
                    });
                    break;
                }
            }
        }
        if (!series.isEmpty()) {
            out.addAll(write(Charts.timeSeries(result.getName() + ": run-queue length", names, series), dir,
                    baseName + "-runqueue", png, monitor));
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

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9_.-]", "_");
    }
}
