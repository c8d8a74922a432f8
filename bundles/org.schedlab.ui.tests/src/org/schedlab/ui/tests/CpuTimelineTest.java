package org.schedlab.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.schedlab.ui.charts.viewers.TimelineInput;
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

	/** Leaves no result behind for the chart views of the next tests: closes the editors and the chart views. */
	@AfterEach
	void closeResultAndCharts() {
		IWorkbenchPage page = Workbench.page();
		page.closeAllEditors(false);
		for (IViewReference ref : page.getViewReferences()) {
			if (ref.getId().startsWith("org.schedlab.ui.charts.")) {
				page.hideView(ref);
			}
		}
		Workbench.flush();
	}
}
