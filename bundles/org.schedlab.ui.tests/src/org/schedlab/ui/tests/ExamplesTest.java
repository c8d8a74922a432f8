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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWizard;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.wizards.IWizardCategory;
import org.eclipse.ui.wizards.IWizardDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.schedlab.model.results.Comparison;
import org.schedlab.model.results.RunStatus;
import org.schedlab.ui.charts.views.ComparisonChartView;
import org.schedlab.ui.charts.views.CpuTimelineView;
import org.schedlab.ui.charts.views.ResultChartView;
import org.schedlab.ui.examples.ExamplesProject;
import org.schedlab.ui.examples.ExamplesWizard;
import org.schedlab.ui.examples.WelcomeEditor;
import org.schedlab.ui.results.ResultsEditor;

/**
 * The first run: File &gt; New &gt; Example... &gt; SchedLab examples creates the examples project, the empty chart
 * views say how to get a result, and the welcome page runs seed 004 from the project with its charts.
 */
class ExamplesTest {

    /** What a user runs, as the checkout's examples/ has them. */
    private static final List<String> EXAMPLES = List.of("cfs_group_shares.sched", "container_cap.sched",
            "hello.sched", "seed000_hartner_yield.sched", "seed001_schreter_yield.sched",
            "seed002_cfs_rightmost.sched", "seed003_libenzi_slotizer.sched", "seed004_ia64_idle.sched",
            "calibration/cal000_lat_proc.sched", "calibration/cal000_volanomark.sched",
            "calibration/cal001_contention.sched", "calibration/cal002_cfs_netperf.sched",
            "calibration/cal003_threads_c.sched");

    @Test
    void examplesWizardCreatesTheProjectWithEveryExample() throws Exception {
        IWorkbenchPage page = Workbench.page();
        var registry = PlatformUI.getWorkbench().getNewWizardRegistry();
        IWizardDescriptor descriptor = registry.findWizard(ExamplesWizard.ID);
        assertNotNull(descriptor, "the examples wizard is registered");
        assertEquals("SchedLab examples", descriptor.getLabel());
        IWizardCategory examples = registry.findCategory("org.eclipse.ui.Examples");
        assertNotNull(examples, "the platform's Examples category (File > New > Example...)");
        assertTrue(List.of(examples.getWizards()).contains(descriptor), "the wizard is under Examples");

        IWorkbenchWizard wizard = descriptor.createWizard();
        wizard.init(PlatformUI.getWorkbench(), StructuredSelection.EMPTY);
        assertTrue(wizard.performFinish(), "the wizard finishes");

        IProject project = ExamplesProject.project();
        assertTrue(project.exists() && project.isOpen(), "project " + ExamplesProject.NAME);
        List<String> missing = new ArrayList<>();
        for (String name : EXAMPLES) {
            if (!project.getFile(name).exists()) {
                missing.add(name);
            }
        }
        assertEquals(List.of(), missing, "every example is in the project");
        assertEquals(EXAMPLES.stream().sorted().toList(), ExamplesProject.files(), "nothing else is bundled");
        // the bundled copies are the checkout's files (when the tests run in the checkout, as the build does)
        Path checkout = Path.of("..", "..", "examples");
        if (Files.isDirectory(checkout)) {
            for (String name : EXAMPLES) {
                try (InputStream in = project.getFile(name).getContents()) {
                    assertArrayEquals(Files.readAllBytes(checkout.resolve(name)), in.readAllBytes(), name);
                }
            }
        }
        assertTrue(Workbench.waitFor(() -> page.getActiveEditor() != null
                && page.getActiveEditor().getEditorInput() instanceof IFileEditorInput in
                && in.getFile().equals(project.getFile(ExamplesProject.HELLO)), 30_000), "hello.sched opens");
        Workbench.screenshot("examples-project");

        // a second run keeps what the user changed
        IFile hello = project.getFile(ExamplesProject.HELLO);
        page.closeAllEditors(false);
        hello.setContents(new java.io.ByteArrayInputStream("// mine\n".getBytes()), true, false, null);
        assertTrue(wizard.performFinish());
        try (InputStream in = hello.getContents()) {
            assertEquals("// mine\n", new String(in.readAllBytes()));
        }
        hello.delete(true, null);
        ExamplesProject.create(null);
        assertTrue(hello.exists(), "a deleted example comes back");
    }

    @Test
    void emptyChartViewsSayHowToGetAResult() throws Exception {
        IWorkbenchPage page = Workbench.page();
        closeResultAndCharts();
        ResultChartView bars = assertInstanceOf(ResultChartView.class, page.showView(ComparisonChartView.ID));
        Workbench.flush();
        assertEquals(ResultChartView.NO_RESULT, bars.viewer().message(), "the chart's place says what to do");
        assertTrue(bars.viewer().message().contains("Run As > SchedLab Experiment"));
        assertTrue(bars.viewer().message().contains("File > New > Example... > SchedLab examples"));
        assertTrue(bars.viewer().seriesNames().isEmpty());
        Workbench.screenshot("chart-empty");
        CpuTimelineView timeline = assertInstanceOf(CpuTimelineView.class, page.showView(CpuTimelineView.ID));
        Workbench.flush();
        assertEquals(ResultChartView.NO_RESULT, timeline.viewer().input().title());
        assertEquals(0, timeline.viewer().input().nrCpus(), "no lanes, no axis");
        Workbench.screenshot("timeline-empty");
    }

    @Test
    void welcomePageRunsSeed004FromTheExamplesProjectWithItsCharts() throws Exception {
        IWorkbenchPage page = Workbench.page();
        closeResultAndCharts();
        WelcomeEditor welcome = WelcomeEditor.open(page);
        Workbench.screenshot("welcome");
        Button run = welcome.buttons().get(1);
        assertEquals("Run seed 004 and show its charts", run.getText());
        run.notifyListeners(SWT.Selection, new Event());
        assertTrue(Workbench.waitFor(() -> welcome.status().startsWith("Running"), 60_000), welcome.status());
        IFile netperf = ExamplesProject.project().getFile("seed004_ia64_idle-netperf.schedresult");
        assertTrue(Workbench.waitFor(() -> page.getActiveEditor() instanceof ResultsEditor r
                && r.getEditorInput() instanceof IFileEditorInput in && in.getFile().equals(netperf), 180_000),
                "netperf's results are in front when the run is done");
        assertTrue(ExamplesProject.project().getFile("seed004_ia64_idle-volanomark.schedresult").exists());
        ResultsEditor editor = (ResultsEditor) page.getActiveEditor();
        assertEquals(RunStatus.OK, editor.result().getStatus());
        assertEquals(List.of("004-netperf"), editor.result().getComparisons().stream().map(Comparison::getId).toList());
        IViewReference comparison = page.findViewReference(ComparisonChartView.ID);
        assertNotNull(comparison, "the Comparison chart is shown");
        ResultChartView bars = (ResultChartView) comparison.getView(true);
        assertTrue(Workbench.waitFor(() -> !bars.viewer().seriesNames().isEmpty(), 30_000), "bars drawn");
        assertFalse(bars.viewer().message().contains("No result"));
        Workbench.screenshot("seed004-first-run");
    }

    /** Leaves no result behind for the next tests: closes the editors and the chart views. */
    @AfterEach
    void closeResultAndCharts() {
        Workbench.closeResultsAndCharts();
    }
}
