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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.schedlab.model.results.RunStatus;
import org.schedlab.ui.charts.views.ComparisonChartView;
import org.schedlab.ui.charts.views.LatencyCdfView;
import org.schedlab.ui.charts.views.ResultChartView;
import org.schedlab.ui.charts.views.TaskDistributionView;
import org.schedlab.ui.charts.views.TimeSeriesView;
import org.schedlab.ui.results.CompareInput;
import org.schedlab.ui.results.ResultsCompareEditor;
import org.schedlab.ui.results.ResultsEditor;
import org.schedlab.ui.run.ExperimentJob;
import org.schedlab.ui.run.RunExperimentShortcut;

/** Run As > SchedLab Experiment: the result file, the results editor, the chart views; and cancelling a run. */
class RunExperimentTest {

    @Test
    void runAsWritesTheResultOpensItAndTheChartsShowItsSeries() throws Exception {
        IWorkbenchPage page = Workbench.page();
        IFile file = Workbench.copy("run", "compare.sched");
        IFile result = file.getParent().getFile(new org.eclipse.core.runtime.Path("compare.schedresult"));
        assertFalse(result.exists());

        new RunExperimentShortcut().launch(new StructuredSelection(file), "run");
        assertTrue(Workbench.waitFor(() -> page.getActiveEditor() instanceof ResultsEditor, 180_000),
                "the results editor opens when the run is done");
        assertTrue(result.exists(), "compare.schedresult is written beside compare.sched");
        ResultsEditor editor = (ResultsEditor) page.getActiveEditor();
        assertEquals(RunStatus.OK, editor.result().getStatus());
        assertEquals(List.of("duo/stock", "duo/hartner", "quad/stock", "quad/hartner"),
                editor.result().getCells().stream().map(org.schedlab.runner.Comparisons::cellLabel).toList());

        ResultChartView bars = show(page, ComparisonChartView.ID);
        page.activate(editor);
        assertTrue(Workbench.waitFor(() -> !bars.viewer().seriesNames().isEmpty(), 30_000), "bars drawn");
        assertEquals(List.of("stock", "hartner"), bars.viewer().seriesNames());
        assertEquals(2, editor.result().getComparisons().size(), "published figures are compared");
        Workbench.screenshot("results-editor");
        bars.viewer().exportPng(Workbench.screenshotDir().resolve("chart-comparison-export.png"));
        assertTrue(Files.size(Workbench.screenshotDir().resolve("chart-comparison-export.png")) > 0);

        for (String id : List.of(TimeSeriesView.ID, TaskDistributionView.ID, LatencyCdfView.ID)) {
            ResultChartView view = show(page, id);
            page.activate(editor);
            assertTrue(Workbench.waitFor(() -> !view.viewer().seriesNames().isEmpty()
                    || !view.viewer().input().title().startsWith("No result"), 30_000), id + " follows the editor");
            page.activate(view);
            Workbench.screenshot("chart-" + id.substring(id.lastIndexOf('.') + 1));
        }
        page.activate(bars);
        Workbench.screenshot("chart-comparison");

        IFile copy = file.getParent().getFile(new org.eclipse.core.runtime.Path("compare-again.schedresult"));
        result.copy(copy.getFullPath(), true, null);
        ResultsCompareEditor compare = assertInstanceOf(ResultsCompareEditor.class,
                page.openEditor(new CompareInput(result, copy), ResultsCompareEditor.ID));
        assertEquals(8, compare.rows().size(), "2 metrics x 4 cells");
        assertTrue(compare.rows().stream().allMatch(r -> r.get(4).equals("+0.0%")), "a copy changes nothing");
        Workbench.screenshot("results-compare");
    }

    private static ResultChartView show(IWorkbenchPage page, String id) throws Exception {
        return assertInstanceOf(ResultChartView.class, page.showView(id));
    }

    @Test
    void cancellingARunLeavesNoResultFile() throws Exception {
        Workbench.page();
        IFile file = Workbench.copy("cancel", "slow.sched");
        Path result = file.getLocation().toFile().toPath().resolveSibling("slow.schedresult");
        ExperimentJob job = new ExperimentJob(file, false);
        job.schedule();
        assertTrue(Workbench.waitFor(() -> job.getState() == Job.RUNNING, 30_000), "the job starts");
        Workbench.settle(1500);
        assertEquals(Job.RUNNING, job.getState(), "600 s of simulated time is still running after 1.5 s");
        long cancelled = System.currentTimeMillis();
        job.cancel();
        assertTrue(Workbench.waitFor(() -> job.getResult() != null, 30_000), "the job ends after cancel");
        assertEquals(IStatus.CANCEL, job.getResult().getSeverity(), job.getResult().toString());
        assertTrue(System.currentTimeMillis() - cancelled < 10_000, "cancel is prompt");
        assertFalse(Files.exists(result), "a cancelled run writes no result file");
    }
}
