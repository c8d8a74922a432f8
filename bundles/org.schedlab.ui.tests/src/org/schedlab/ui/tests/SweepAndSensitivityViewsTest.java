/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.core.commands.Command;
import org.eclipse.core.resources.IFile;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.Sensitivity;
import org.schedlab.runner.dsl.UncertainPlans;
import org.schedlab.ui.charts.sensitivity.SensitivityJob;
import org.schedlab.ui.charts.sensitivity.SensitivityView;
import org.schedlab.ui.charts.viewers.ChartInput;
import org.schedlab.ui.charts.viewers.TornadoViewer;
import org.schedlab.ui.charts.views.SweepChartView;
import org.schedlab.ui.results.ResultSelection;
import org.schedlab.ui.results.ResultsEditor;
import org.schedlab.ui.run.RunExperimentShortcut;

/**
 * The Sensitivity view (a tornado per published figure, from Run Sensitivity's job) and the Sweep view (a metric
 * against a swept parameter of a result): what they draw is the runner's figures, in the right order.
 */
class SweepAndSensitivityViewsTest {

    @Test
    void theTornadoHasABarPerUncertainValueLargestSwingOnTopEndingAtTheSensitivityFigures() throws Exception {
        IWorkbenchPage page = Workbench.page();
        Command command = PlatformUI.getWorkbench().getService(ICommandService.class)
                .getCommand("org.schedlab.ui.charts.runSensitivity");
        assertTrue(command.isDefined() && command.isHandled(), "Run Sensitivity is a command with its handler");
        IFile file = Workbench.copy("sensitivity", "sensitivity.sched");
        Sensitivity.Settings settings = new Sensitivity.Settings(2, 0);
        SensitivityJob job = new SensitivityJob(file, settings);
        job.schedule();
        assertTrue(Workbench.waitFor(() -> job.getResult() != null, 300_000), "the job ends");
        assertTrue(job.getResult().isOK(), job.getResult().toString());
        assertTrue(Workbench.waitFor(() -> page.findView(SensitivityView.ID) instanceof SensitivityView v
                && !v.figures().isEmpty(), 30_000), "the view shows the figures");
        SensitivityView view = (SensitivityView) page.findView(SensitivityView.ID);
        assertEquals(List.of("t-cfs"), view.figures().stream().map(f -> f.id()).toList());

        List<Sensitivity.Row> rows = view.figures().get(0).rows();
        assertEquals(independently(file, settings), rows, "the runner's figures, computed again on their own");
        assertEquals(20, rows.size(), "19 [U] costs of the default profile with ranges, and work");
        assertEquals("work", rows.get(0).parameter(), "the workload's work moves the change most");

        ChartInput in = view.viewer().input();
        List<String> topDown = new ArrayList<>(in.categories()).reversed();
        double[] low = reversed(in.series().get(0).y());
        double[] high = reversed(in.series().get(1).y());
        assertEquals(List.of(TornadoViewer.LOW, TornadoViewer.HIGH), view.viewer().seriesNames());
        assertEquals(rows.size(), topDown.size(), "a bar per uncertain value");
        for (int i = 0; i < rows.size(); i++) {
            Sensitivity.Row r = rows.get(i);
            assertEquals(r.parameter() + " (" + r.low() + " .. " + r.high() + ")", topDown.get(i), "row " + i);
            assertEquals(r.atLow(), low[i], 1e-12, "low end of " + r.parameter());
            assertEquals(r.atHigh(), high[i], 1e-12, "high end of " + r.parameter());
            if (i > 0) {
                assertTrue(Math.abs(high[i] - low[i]) <= Math.abs(high[i - 1] - low[i - 1]) + 1e-12,
                        "sorted by swing, top down: " + topDown.get(i - 1) + " over " + topDown.get(i));
            }
        }
        assertEquals(rows.get(0).nominal(), view.viewer().tornado().nominal(), 1e-12, "the line at the defaults");
        double[] range = view.viewer().valueRange();
        for (int i = 0; i < rows.size(); i++) {
            assertTrue(range[0] < Math.min(low[i], high[i]) && Math.max(low[i], high[i]) < range[1],
                    "the value axis shows both ends of " + topDown.get(i));
        }
        assertTrue(in.yTitle().endsWith(", %") && in.yTitle().contains("work"), in.yTitle());
        CellSelectionTest.maximized(page, view, "sensitivity-tornado");
    }

    @Test
    void theSweepChartHasASeriesPerVariantAndAPointPerCellWithItsIntervalOnALogAxis() throws Exception {
        IWorkbenchPage page = Workbench.page();
        IFile file = Workbench.copy("sweeps", "sweep.sched");
        new RunExperimentShortcut().launch(new StructuredSelection(file), "run");
        assertTrue(Workbench.waitFor(() -> page.getActiveEditor() instanceof ResultsEditor r
                && r.result().getName().equals("spin_sweep"), 180_000), "the results editor opens");
        ResultsEditor editor = (ResultsEditor) page.getActiveEditor();
        SweepChartView view = assertInstanceOf(SweepChartView.class, page.showView(SweepChartView.ID));
        page.activate(editor);
        editor.setSelection(new StructuredSelection(new ResultSelection(editor.result(), "work", null)));
        assertTrue(Workbench.waitFor(() -> view.viewer().seriesNames().size() == 2, 60_000),
                "drawn: " + view.viewer().input().title());
        ExperimentResult r = editor.result();
        assertEquals(10, r.getCells().size(), "2 variants x 5 values of n");
        assertEquals(List.of("stock", "o1"), view.viewer().seriesNames());
        ChartInput in = view.viewer().input();
        assertEquals(r.getCells().size(), in.series().stream().mapToInt(s -> s.x().length).sum(), "a point per cell");
        for (ChartInput.Series s : in.series()) {
            List<Cell> cells = r.getCells().stream().filter(c -> c.getVariant().equals(s.name()))
                    .sorted(java.util.Comparator.comparingInt(SweepAndSensitivityViewsTest::n)).toList();
            assertArrayEquals(cells.stream().mapToDouble(c -> n(c)).toArray(), s.x(), s.name() + ": the values of n");
            assertArrayEquals(cells.stream().mapToDouble(c -> work(c).getMean()).toArray(), s.y(), 1e-9, s.name());
            assertArrayEquals(cells.stream().mapToDouble(c -> work(c).getCi95Low()).toArray(), s.low(), 1e-9);
            assertArrayEquals(cells.stream().mapToDouble(c -> work(c).getCi95High()).toArray(), s.high(), 1e-9);
            assertTrue(s.hasIntervals(), s.name() + ": two seeds give intervals");
        }
        double[] range = view.viewer().valueRange();
        for (ChartInput.Series s : in.series()) {
            for (int i = 0; i < s.y().length; i++) {
                assertTrue(range[0] <= s.low()[i] && s.high()[i] <= range[1], "the value axis shows the interval of "
                        + s.name() + " point " + i + ": " + s.low()[i] + " .. " + s.high()[i] + " in " + range[0]
                        + " .. " + range[1]);
            }
        }
        assertTrue(in.logX(), "n = 2 .. 32 log 5");
        assertEquals("n, log scale", in.xTitle());
        assertTrue(in.yTitle().startsWith("work ("), in.yTitle());
        CellSelectionTest.maximized(page, view, "sweep-chart");

        view.select("switches", "n");
        assertTrue(Workbench.waitFor(() -> view.viewer().input().title().contains("switches against n"), 60_000),
                view.viewer().input().title());
    }

    private static int n(Cell c) {
        return Integer.parseInt(c.getParameters().stream().filter(p -> p.getKey().equals("n")).findFirst()
                .orElseThrow().getValue());
    }

    private static Metric work(Cell c) {
        return c.getMetrics().stream().filter(m -> m.getName().equals("work")).findFirst().orElseThrow();
    }

    /** @return the sensitivity rows of the file's one experiment, by the runner alone */
    private static List<Sensitivity.Row> independently(IFile file, Sensitivity.Settings settings) throws Exception {
        Path path = file.getLocation().toFile().toPath();
        UncertainPlans.Experiment x = UncertainPlans.load(path, InstalledEngines.catalog()).get(0);
        return Sensitivity.run(x.plan(), x.uncertain(), Set.of(), settings,
                plan -> new ExperimentRunner().run(plan, 0, RunMonitor.NONE));
    }

    private static double[] reversed(double[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[a.length - 1 - i];
        }
        return out;
    }

    @AfterEach
    void closeEditorsAndCharts() {
        Workbench.closeResultsAndCharts();
    }
}
