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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.core.resources.IFile;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Event;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.schedlab.ui.charts.viewers.TimelineInput;
import org.schedlab.ui.charts.viewers.TimelineViewer;
import org.schedlab.ui.charts.views.CpuTimelineView;
import org.schedlab.ui.results.ResultsEditor;
import org.schedlab.ui.run.RunExperimentShortcut;

/** The CPU timeline follows the results editor: a traced run of the selected cell, a lane per CPU, zoomable. */
class CpuTimelineTest {

    @Test
    void timelineShowsALanePerCpuWithSlicesAndZooms() throws Exception {
        IWorkbenchPage page = Workbench.page();
        IFile file = Workbench.copy("timeline", "timeline.sched");
        new RunExperimentShortcut().launch(new StructuredSelection(file), "run");
        assertTrue(Workbench.waitFor(() -> page.getActiveEditor() instanceof ResultsEditor
                && page.getActiveEditor().getTitle().startsWith("timeline"), 180_000), "the results editor opens");
        ResultsEditor editor = (ResultsEditor) page.getActiveEditor();
        int cpus = editor.result().getCells().get(0).getRuns().get(0).getCpus().size();
        assertEquals(4, cpus, "timeline.sched's machine quad has 4 CPUs");

        CpuTimelineView view = assertInstanceOf(CpuTimelineView.class, page.showView(CpuTimelineView.ID));
        page.activate(editor);
        assertTrue(Workbench.waitFor(() -> !view.viewer().input().slices().isEmpty(), 60_000),
                "the traced run is drawn: " + view.viewer().input().title());
        TimelineInput in = view.viewer().input();
        assertEquals(cpus, in.nrCpus(), "a lane per CPU");
        Set<Integer> busyCpus = in.busySlices().stream().map(TimelineInput.Slice::cpu).collect(Collectors.toSet());
        assertTrue(busyCpus.size() >= 2, "two workers and three sleepers run on several CPUs: " + busyCpus);
        assertTrue(in.slices().stream().allMatch(s -> s.fromNs() >= in.startNs() && s.toNs() <= in.endNs()
                && s.toNs() > s.fromNs() && s.cpu() >= 0 && s.cpu() < cpus), "slices are clipped to the window");
        assertTrue(in.marks().stream().anyMatch(m -> m.kind() == TimelineInput.MarkKind.WAKEUP),
                "the sleepers' wakeups are marked");
        assertTrue(in.marks().stream().anyMatch(m -> m.kind() == TimelineInput.MarkKind.HALT),
                "five threads, mostly asleep, leave CPUs idle: halts are marked");

        view.setWindow(2, 3);
        TimelineInput zoomed = view.viewer().input();
        assertEquals(2_000_000, zoomed.startNs());
        assertEquals(5_000_000, zoomed.endNs());
        assertEquals(cpus, zoomed.nrCpus());
        assertTrue(!zoomed.busySlices().isEmpty() && zoomed.slices().stream()
                .allMatch(s -> s.fromNs() >= 2_000_000 && s.toNs() <= 5_000_000), "the zoomed window is cut out");
        Path export = Workbench.screenshotDir().resolve("chart-timeline-export.png");
        view.viewer().exportPng(export);
        assertTrue(Files.size(export) > 0);

        view.setWindow(0, 20);
        page.activate(view);
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        try {
            Workbench.screenshot("chart-timeline");
        } finally {
            page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
        }
    }

    @Test
    void wheelZoomsAroundThePointerDragAndKeysPanTooltipsTellTheWakeup() throws Exception {
        IWorkbenchPage page = Workbench.page();
        IFile file = Workbench.copy("timeline", "timeline.sched");
        new RunExperimentShortcut().launch(new StructuredSelection(file), "run");
        assertTrue(Workbench.waitFor(() -> page.getActiveEditor() instanceof ResultsEditor
                && page.getActiveEditor().getTitle().startsWith("timeline"), 180_000), "the results editor opens");
        CpuTimelineView view = assertInstanceOf(CpuTimelineView.class, page.showView(CpuTimelineView.ID));
        page.activate(view);
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        try {
            assertTrue(Workbench.waitFor(() -> !view.viewer().input().slices().isEmpty(), 60_000), "traced");
            TimelineViewer v = view.viewer();
            TimelineInput first = v.input();
            assertEquals(0, first.startNs(), "the first window starts where the measurement does (no warm-up here)");
            long perCpu = first.busySlices().size() / first.nrCpus();
            assertTrue(perCpu >= 3 && perCpu <= 60, "a readable first window: " + perCpu + " stretches per CPU in "
                    + (first.endNs() - first.startNs()) / 1e6 + " ms");
            Workbench.screenshot("timeline-first-window");

            Canvas canvas = (Canvas) v.control();
            int x = v.plotLeft() + v.plotWidth() / 4;
            long length = first.endNs() - first.startNs();
            long atPointer = first.startNs() + Math.round((x - v.plotLeft()) / (double) v.plotWidth() * length);
            Event wheel = new Event();
            wheel.x = x;
            wheel.y = 40;
            wheel.count = 3;
            canvas.notifyListeners(SWT.MouseVerticalWheel, wheel);
            TimelineInput zoomed = v.input();
            long zoomedLength = zoomed.endNs() - zoomed.startNs();
            assertEquals(length * 0.8, zoomedLength, length * 0.01, "one notch zooms in by 0.8");
            long stillAtPointer = zoomed.startNs()
                    + Math.round((x - v.plotLeft()) / (double) v.plotWidth() * zoomedLength);
            assertEquals(atPointer, stillAtPointer, length / 100.0, "the time under the pointer stays under it");
            view.setWindow(5, 2);
            TimelineInput before = v.input();
            mouse(canvas, SWT.MouseDown, 600, 0);
            mouse(canvas, SWT.MouseMove, 500, SWT.BUTTON1);
            mouse(canvas, SWT.MouseUp, 500, 0);
            long moved = v.input().startNs() - before.startNs();
            assertEquals(100.0 * 2_000_000 / v.plotWidth(), moved, 2_000_000 / 100.0,
                    "dragging 100 px left shows later times by 100 px");
            assertEquals(2_000_000, v.input().endNs() - v.input().startNs(), "dragging keeps the length");
            long startBeforeKey = v.input().startNs();
            key(canvas, 'd');
            assertEquals(startBeforeKey + 400_000, v.input().startNs(), "D pans right by a fifth");
            key(canvas, 'a');
            assertEquals(startBeforeKey, v.input().startNs(), "A pans back");
            key(canvas, 'w');
            assertTrue(v.input().endNs() - v.input().startNs() < 2_000_000, "W zooms in");
            key(canvas, 's');
            key(canvas, 's');
            assertTrue(v.input().endNs() - v.input().startNs() > 2_000_000, "S zooms out");

            view.setWindow(0, 200);
            TimelineInput all = v.input();
            int checked = 0;
            for (TimelineInput.Mark m : all.marks()) {
                if (m.kind() == TimelineInput.MarkKind.IPI || m.kind() == TimelineInput.MarkKind.REMOTE_WAKEUP) {
                    for (TimelineInput.Slice ran : all.slices()) {
                        if (ran.cpu() == m.cpu() && ran.startedNs() == m.timeNs() && ran.pid() == m.pid()) {
                            assertEquals(m.kind() == TimelineInput.MarkKind.IPI ? TimelineInput.Ipi.SENT
                                    : TimelineInput.Ipi.NONE, ran.wakeup().ipi(),
                                    "an arrow is an IPI only when the trace recorded one: " + m);
                            checked++;
                        }
                    }
                }
            }
            assertTrue(checked > 0, "three sleepers on four CPUs are woken across CPUs");
            view.setWindow(5, 2);
            TimelineInput.Slice busy = v.input().busySlices().stream().filter(s -> s.wakeup() != null).findFirst()
                    .orElseThrow();
            int sx = v.plotLeft() + (int) ((busy.fromNs() + busy.toNs()) / 2 - v.input().startNs())
                    * v.plotWidth() / 2_000_000;
            String tip = null;
            int sy = 0;
            for (int y = 0; y < canvas.getSize().y && tip == null; y++) {
                String t = v.tooltipAt(sx, y);
                tip = t != null && t.startsWith(v.input().name(busy.pid())) && t.contains("CPU " + busy.cpu()) ? t : null;
                sy = y + 4;
            }
            assertTrue(tip != null && tip.contains("woken at") && tip.contains("duration"), "tooltip: " + tip);
            Point onScreen = canvas.toDisplay(sx, sy);
            Event hover = new Event();
            hover.type = SWT.MouseMove;
            hover.x = onScreen.x;
            hover.y = onScreen.y;
            canvas.getDisplay().post(hover);
            Workbench.settle(1500);
            Workbench.screenshot("timeline-zoomed-tooltip");
        } finally {
            page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
        }
    }

    @Test
    void aSecondCellStacksBelowOnTheSameTimeAxisAndMovesWithTheFirst() throws Exception {
        IWorkbenchPage page = Workbench.page();
        IFile file = Workbench.copy("compare-timeline", "seed004_netperf.sched");
        new RunExperimentShortcut().launch(new StructuredSelection(file), "run");
        assertTrue(Workbench.waitFor(() -> page.getActiveEditor() instanceof ResultsEditor
                && page.getActiveEditor().getTitle().startsWith("netperf"), 180_000), "the results editor opens");
        ResultsEditor editor = (ResultsEditor) page.getActiveEditor();
        CpuTimelineView view = assertInstanceOf(CpuTimelineView.class, page.showView(CpuTimelineView.ID));
        page.activate(editor);
        assertTrue(Workbench.waitFor(() -> !view.viewer().input().slices().isEmpty(), 60_000), "first traced");
        assertTrue(!view.compareViewer().control().isVisible(), "no second timeline until a cell is picked");
        view.selector().select("tiger", "rc1", 0);
        assertTrue(Workbench.waitFor(() -> view.viewer().input().title().contains("tiger/rc1")
                && !view.viewer().input().slices().isEmpty(), 60_000), "rc1 on top: " + view.viewer().input().title());
        view.compareWith("tiger/rc2_fix");
        TimelineViewer below = view.compareViewer();
        assertTrue(Workbench.waitFor(() -> below.input().title().contains("tiger/rc2_fix")
                && !below.input().slices().isEmpty(), 60_000), "rc2_fix below: " + below.input().title());
        assertTrue(below.control().isVisible());
        assertTrue(below.control().getBounds().y > view.viewer().control().getBounds().y, "stacked below");
        assertEquals(view.viewer().input().startNs(), below.input().startNs(), "one time axis");
        assertEquals(view.viewer().input().endNs(), below.input().endNs(), "one time axis");

        view.setWindow(5, 2);
        assertEquals(5_000_000, below.input().startNs(), "the window applies to both");
        assertEquals(7_000_000, below.input().endNs());
        assertTrue(!below.input().busySlices().isEmpty(), "rc2_fix's tasks run in the window (rc1's polling idle "
                + "loop leaves netperf waiting: its lanes may be idle)");
        key((Canvas) below.control(), 'd');
        assertEquals(5_400_000, view.viewer().input().startNs(), "panning the lower one moves the upper one");
        assertEquals(view.viewer().input().startNs(), below.input().startNs());
        below.zoomAt(0.5, below.plotLeft() + below.plotWidth() / 2);
        assertEquals(1_000_000, view.viewer().input().endNs() - view.viewer().input().startNs(), 1000,
                "zooming the lower one zooms both");
        assertEquals(view.viewer().input().startNs(), below.input().startNs());
        assertEquals(view.viewer().input().endNs(), below.input().endNs());
        page.activate(view);
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        try {
            Workbench.screenshot("timeline-compare-rc1-rc2fix");
        } finally {
            page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
        }
        view.compareWith("(none)");
        assertTrue(!below.control().isVisible(), "(none) removes the second timeline");
    }

    private static void mouse(Canvas canvas, int type, int x, int state) {
        Event e = new Event();
        e.x = x;
        e.y = 60;
        e.button = type == SWT.MouseMove ? 0 : 1;
        e.stateMask = state;
        canvas.notifyListeners(type, e);
    }

    private static void key(Canvas canvas, char c) {
        Event e = new Event();
        e.character = c;
        canvas.notifyListeners(SWT.KeyDown, e);
    }

    /** Leaves no result behind for the chart views of the next tests: closes the editors and the chart views. */
    @AfterEach
    void closeResultAndCharts() {
        Workbench.closeResultsAndCharts();
    }
}
