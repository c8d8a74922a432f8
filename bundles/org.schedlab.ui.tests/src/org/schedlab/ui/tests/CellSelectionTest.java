/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.schedlab.ui.charts.views.CellPick;
import org.schedlab.ui.charts.views.CpuTimelineView;
import org.schedlab.ui.charts.views.LatencyCdfView;
import org.schedlab.ui.charts.views.TaskDistributionView;
import org.schedlab.ui.charts.views.TimeSeriesView;
import org.schedlab.ui.results.ResultSelection;
import org.schedlab.ui.results.ResultsEditor;
import org.schedlab.ui.run.RunExperimentShortcut;

/**
 * Cell selection and overlays: the per-task, latency CDF and CPU timeline views show any cell (machine x variant x
 * seed) of a result, following the results editor unless pinned; the CDF and time series overlay the variants of a
 * machine with a legend naming each.
 */
class CellSelectionTest {

    @Test
    void seed000Smp8CellShowsInTimelinePerTaskAndCdfAndAPinnedViewKeepsIt() throws Exception {
        IWorkbenchPage page = Workbench.page();
        ResultsEditor editor = run(page, "seed000_smp8.sched", "volanomark_10_100", 600_000);
        TaskDistributionView tasks = show(page, TaskDistributionView.ID, TaskDistributionView.class);
        LatencyCdfView cdf = show(page, LatencyCdfView.ID, LatencyCdfView.class);
        CpuTimelineView timeline = show(page, CpuTimelineView.ID, CpuTimelineView.class);
        page.activate(editor);
        editor.setSelection(new StructuredSelection(new ResultSelection(editor.result(), "messages", "stock", "smp8")));

        assertTrue(Workbench.waitFor(() -> tasks.viewer().input().title().startsWith("smp8/stock"), 60_000),
                "per-task follows the editor to smp8/stock: " + tasks.viewer().input().title());
        assertTrue(Workbench.waitFor(() -> !tasks.viewer().seriesNames().isEmpty(), 60_000),
                "VolanoMark's threads all exit, and their figures are kept: " + tasks.viewer().input().title());
        List<String> groups = tasks.viewer().input().categories();
        assertTrue(groups.size() >= 4 && groups.stream().anyMatch(g -> g.contains("srv_recv")),
                "the per-task view draws VolanoMark's groups: " + groups);
        assertTrue(tasks.viewer().input().series().get(3).y()[0] > 0, "the busiest group got CPU time");

        assertTrue(Workbench.waitFor(() -> cdf.viewer().seriesNames().size() == 2, 60_000), "CDF drawn");
        assertEquals(List.of("stock", "hartner"), cdf.viewer().seriesNames(), "the variants of smp8, overlaid");
        assertTrue(cdf.viewer().input().title().contains("variants on smp8"), cdf.viewer().input().title());

        assertTrue(Workbench.waitFor(() -> timeline.viewer().input().nrCpus() == 8, 300_000),
                "the smp8 cell is traced, 8 lanes: " + timeline.viewer().input().title());
        assertTrue(timeline.viewer().input().title().contains("smp8/stock"), timeline.viewer().input().title());
        assertFalse(timeline.viewer().input().busySlices().isEmpty());
        assertTrue(timeline.viewer().input().busySlices().stream()
                .noneMatch(s -> timeline.viewer().input().name(s.pid()).startsWith("pid ")),
                "every VolanoMark thread is named by its group and index");
        maximized(page, timeline, "cell-seed000-smp8-timeline");
        maximized(page, tasks, "cell-seed000-smp8-tasks");
        maximized(page, cdf, "cell-seed000-smp8-cdf");

        tasks.selector().setPinned(true);
        page.activate(editor); // the page passes on the selection of the active part
        editor.setSelection(new StructuredSelection(new ResultSelection(editor.result(), "messages", "hartner", "smp4")));
        assertTrue(Workbench.waitFor(() -> cdf.viewer().input().title().contains("variants on smp4"), 60_000),
                "the unpinned CDF follows to smp4: " + cdf.viewer().input().title());
        Workbench.settle(1000);
        assertTrue(tasks.viewer().input().title().startsWith("smp8/stock"),
                "the pinned per-task view keeps smp8/stock: " + tasks.viewer().input().title());

        tasks.selector().select("smp4", "hartner", 0);
        assertTrue(Workbench.waitFor(() -> tasks.viewer().input().title().startsWith("smp4/hartner"), 60_000),
                "the view-local selector picks smp4/hartner: " + tasks.viewer().input().title());
    }

    @Test
    void rc1AndRc2FixOverlayInOneCdfAndTimeSeriesAndTheSeedComboPicksTheSecondRun() throws Exception {
        IWorkbenchPage page = Workbench.page();
        ResultsEditor editor = run(page, "seed004_netperf.sched", "netperf", 180_000);
        LatencyCdfView cdf = show(page, LatencyCdfView.ID, LatencyCdfView.class);
        TimeSeriesView series = show(page, TimeSeriesView.ID, TimeSeriesView.class);
        page.activate(editor);
        assertTrue(Workbench.waitFor(() -> cdf.viewer().seriesNames().size() == 3, 60_000), "CDF drawn");
        assertEquals(Set.of("rc2_fix", "rc1", "idle_2_6_14"), Set.copyOf(cdf.viewer().seriesNames()),
                "the variants of tiger overlay in one CDF");
        assertTrue(cdf.viewer().input().series().stream().allMatch(s -> s.y()[s.y().length - 1] > 99.99),
                "each CDF reaches 100 %");
        maximized(page, cdf, "overlay-seed004-cdf");
        assertTrue(Workbench.waitFor(() -> series.viewer().seriesNames().size() == 3, 60_000),
                "time series drawn: " + series.viewer().input().title());
        assertTrue(series.viewer().seriesNames().containsAll(List.of("rc1", "rc2_fix")));
        maximized(page, series, "overlay-seed004-timeseries");

        String firstTitle = cdf.viewer().input().title();
        cdf.selector().select("tiger", "rc1", 1);
        assertTrue(Workbench.waitFor(() -> cdf.viewer().input().title().contains("run 2"), 60_000),
                "the seed combo picks the second run: " + cdf.viewer().input().title());
        assertFalse(cdf.viewer().input().title().equals(firstTitle));
        cdf.selector().selectOverlay(CellPick.Overlay.CELL);
        assertTrue(Workbench.waitFor(() -> cdf.viewer().seriesNames().equals(List.of("tiger/rc1")), 60_000),
                "this cell only: " + cdf.viewer().seriesNames());
    }

    @Test
    void hundredsOfTasksAreDrawnByGroup() throws Exception {
        IWorkbenchPage page = Workbench.page();
        ResultsEditor editor = run(page, "many.sched", "many", 180_000);
        TaskDistributionView tasks = show(page, TaskDistributionView.ID, TaskDistributionView.class);
        page.activate(editor);
        assertTrue(Workbench.waitFor(() -> !tasks.viewer().seriesNames().isEmpty(), 60_000), "per-task drawn");
        assertEquals(List.of("worker (60)", "sleeper (20)"), tasks.viewer().input().categories(),
                "80 tasks in two groups, named by group with their counts");
        assertEquals(List.of("least", "median", "mean", "most"), tasks.viewer().seriesNames());
        double[] least = tasks.viewer().input().series().get(0).y();
        double[] most = tasks.viewer().input().series().get(3).y();
        assertTrue(least[0] <= most[0] && most[0] > 0, "the workers' spread: " + least[0] + " .. " + most[0]);
        maximized(page, tasks, "tasks-by-group");
    }

    static ResultsEditor run(IWorkbenchPage page, String sched, String experiment, long timeoutMs)
            throws Exception {
        IFile file = Workbench.copy("cells", sched);
        new RunExperimentShortcut().launch(new StructuredSelection(file), "run");
        assertTrue(Workbench.waitFor(() -> page.getActiveEditor() instanceof ResultsEditor r
                && r.result().getName().equals(experiment), timeoutMs), "the results editor opens");
        return (ResultsEditor) page.getActiveEditor();
    }

    static <T extends IViewPart> T show(IWorkbenchPage page, String id, Class<T> type) throws Exception {
        return assertInstanceOf(type, page.showView(id));
    }

    static void maximized(IWorkbenchPage page, IViewPart view, String screenshot) throws Exception {
        page.activate(view);
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        try {
            Workbench.screenshot(screenshot);
        } finally {
            page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
        }
    }

    /** Leaves no result behind for the chart views of the next tests: closes the editors and the chart views. */
    @AfterEach
    void closeResultAndCharts() {
        Workbench.closeResultsAndCharts();
    }
}
