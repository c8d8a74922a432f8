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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.schedlab.ui.charts.editors.OpenTracesSideBySideHandler;
import org.schedlab.ui.charts.editors.TraceTimelineEditor;
import org.schedlab.ui.charts.traces.TraceLoader;
import org.schedlab.ui.charts.traces.TraceTimeline;
import org.schedlab.ui.charts.viewers.TimelineInput;
import org.schedlab.ui.charts.viewers.TimelineViewer;

/**
 * Trace files open on the CPU timeline: the recorded hackbench trace (Linux 6.18, 2 CPUs) by double click (its
 * content type), a malformed one with a located message, and the recording over its simulated replay (SchedLab's
 * JSON, {@code schedlab trace --format json} of the imported workload) on one time axis.
 */
class TraceTimelineEditorTest {

    private static final String REAL = "linux-6.18-hackbench.trace";
    private static final String SIM = "hackbench-sim.json";

    @Test
    void aRecordedTraceOpensByItsContentTypeWithALanePerCpu() throws Exception {
        IWorkbenchPage page = Workbench.page();
        IFile file = Workbench.copy("traces", REAL);
        IFile txt = create("traces", "hackbench-copy.txt", Workbench.class.getResourceAsStream("data/" + REAL));
        IFile notes = create("traces", "notes.txt", text("just some notes\n[001] not a trace\n"));
        assertEquals("org.schedlab.ui.charts.ftrace", txt.getContentDescription().getContentType().getId(),
                "a .txt holding ftrace text is a trace");
        assertNotEquals("org.schedlab.ui.charts.ftrace", notes.getContentDescription().getContentType().getId(),
                "a .txt that is not a trace stays text");

        TraceTimelineEditor editor = assertInstanceOf(TraceTimelineEditor.class, IDE.openEditor(page, file),
                "double click (IDE.openEditor) picks the trace timeline");
        assertTrue(Workbench.waitFor(editor::isLoaded, 60_000), "read");
        TraceTimeline t = editor.traces().get(0);
        assertEquals(2, t.nrCpus());
        assertTrue(editor.headerText().startsWith(REAL + ": ftrace text, 2 CPUs, "), editor.headerText());
        assertTrue(editor.headerText().contains("from 8526.614529 s"), "the header says where times count from");
        TimelineInput.Slice first = t.lanes().get(1).get(0);
        assertEquals(22462, first.pid(), "CPU 1 runs bash-22462 from its first record");
        assertEquals(0, first.startedNs(), "the first record (8526.614529 s) is time 0");
        assertEquals(643_000, first.endedNs(), "until its switch to rcu_preempt at 8526.615172 s");
        assertEquals('R', first.endState());
        assertEquals("hackbench", t.names().get(22466), "the last comm seen names the task");
        assertTrue(t.lanes().stream().flatMap(List::stream).anyMatch(s -> s.wakeup() != null
                && s.wakeup().timeNs() <= s.startedNs() && s.wakeup().ipi() == TimelineInput.Ipi.UNTRACED),
                "stretches carry their wakeup, across CPUs without an IPI claim");

        TimelineInput shown = editor.viewers().get(0).input();
        Set<Integer> busy = shown.busySlices().stream().map(TimelineInput.Slice::cpu).collect(Collectors.toSet());
        assertEquals(Set.of(0, 1), busy, "both lanes drawn");
        assertTrue(shown.endNs() < t.lengthNs(), "the first window is a readable part of the 126 ms");
        assertTrue(shown.marks().stream().anyMatch(m -> m.kind() == TimelineInput.MarkKind.WAKEUP), "wakeups");
    }

    @Test
    void aMalformedLineIsShownWithItsLocation() throws Exception {
        IWorkbenchPage page = Workbench.page();
        IFile bad = create("traces", "bad.trace", text("# tracer: nop\n#\n"
                + "            bash-22462   [001] d..2.  8526.614556: sched_wakeup_new: comm=bash pid=22466\n"));
        TraceTimelineEditor editor = assertInstanceOf(TraceTimelineEditor.class, IDE.openEditor(page, bad));
        assertTrue(Workbench.waitFor(editor::isLoaded, 60_000), "read");
        Workbench.flush();
        String header = editor.headerText();
        assertTrue(header.startsWith("Cannot show /traces/bad.trace:3: "), header);
        assertFalse(header.contains("Exception"), "no stack trace or exception name: " + header);
        assertEquals(0, editor.viewers().get(0).input().nrCpus(), "no lanes for a file that could not be read");
    }

    @Test
    void theRecordingAndItsSimulationStackOnOneTimeAxis() throws Exception {
        IWorkbenchPage page = Workbench.page();
        IFile real = Workbench.copy("traces", REAL);
        IFile sim = Workbench.copy("traces", SIM);
        assertEquals("org.schedlab.ui.charts.chromeTrace", sim.getContentDescription().getContentType().getId());
        IEditorPart part = OpenTracesSideBySideHandler.open(page, new StructuredSelection(List.of(sim, real)));
        TraceTimelineEditor editor = assertInstanceOf(TraceTimelineEditor.class, part);
        assertTrue(Workbench.waitFor(editor::isLoaded, 60_000), "read");
        Workbench.flush();
        assertEquals(REAL, editor.traces().get(0).title(), "the recording goes above the simulation");
        assertTrue(editor.traces().get(1).title().startsWith(SIM), editor.traces().get(1).title());
        assertTrue(editor.headerText().contains(SIM + ": SchedLab JSON trace"), editor.headerText());

        editor.showWindow(20_000_000, 10_000_000);
        for (TimelineViewer v : editor.viewers()) {
            TimelineInput in = v.input();
            assertEquals(20_000_000, in.startNs(), "one window for both: " + in.title());
            assertEquals(30_000_000, in.endNs());
            Set<Integer> busy = in.busySlices().stream().map(TimelineInput.Slice::cpu).collect(Collectors.toSet());
            assertEquals(Set.of(0, 1), busy, "lanes drawn on both CPUs of " + in.title());
        }
        editor.viewers().get(1).navigate(25_000_000, 5_000_000);
        assertEquals(25_000_000, editor.viewers().get(0).input().startNs(), "panning the lower one moves the upper");

        editor.showWindow(0, 20_000_000);
        page.setPartState(page.getReference(editor), IWorkbenchPage.STATE_MAXIMIZED);
        try {
            Workbench.screenshot("trace-side-by-side");
        } finally {
            page.setPartState(page.getReference(editor), IWorkbenchPage.STATE_RESTORED);
        }
    }

    @Test
    void aLongTraceKeepsItsFirstEventsAndSaysSo() throws Exception {
        TraceTimeline all;
        TraceTimeline first;
        try (InputStream in = Workbench.class.getResourceAsStream("data/" + REAL)) {
            all = TraceLoader.load(in, REAL, 0, TraceLoader.MAX_EVENTS, new NullProgressMonitor());
        }
        try (InputStream in = Workbench.class.getResourceAsStream("data/" + REAL)) {
            first = TraceLoader.load(in, REAL, 0, 500, new NullProgressMonitor());
        }
        assertFalse(all.summary().contains("only the first"), all.summary());
        assertTrue(first.summary().contains("500 sched events")
                && first.summary().endsWith("only the first 500 events are shown, the file goes on"), first.summary());
        assertTrue(first.lengthNs() < all.lengthNs(), "the kept part ends early: " + first.lengthNs());
        assertEquals(all.lanes().get(1).get(0), first.lanes().get(1).get(0), "the same start");
    }

    private static InputStream text(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    private static IFile create(String project, String name, InputStream in) throws Exception {
        Workbench.copy(project, REAL); // makes the project
        IFile f = ResourcesPlugin.getWorkspace().getRoot().getProject(project).getFile(name);
        try (in) {
            if (f.exists()) {
                f.setContents(in, true, false, null);
            } else {
                f.create(in, true, null);
            }
        }
        return f;
    }

    @AfterEach
    void closeEditors() {
        Workbench.page().closeAllEditors(false);
        Workbench.flush();
    }
}
