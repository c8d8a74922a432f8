package org.schedlab.ui.charts.views;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;
import org.schedlab.runner.dsl.CellTraces;
import org.schedlab.runner.dsl.CellTraces.CellTrace;
import org.schedlab.sim.SimResult;
import org.schedlab.ui.charts.viewers.TimelineInput;
import org.schedlab.ui.charts.viewers.TimelineViewer;
import org.schedlab.ui.results.ResultSelection;

/**
 * The CPU timeline of one run of the results editor's selection: the trace of the first run of the selected variant's
 * first cell (of the first cell without a selected variant) comes from the runner ({@link CellTraces}, which
 * re-creates the run from the result's source and the run's seed), fetched in a job; the view only draws it. The
 * window (start and length in ms, in the bar above the lanes) is cut out of that trace on the UI thread, so zooming
 * does not trace again. The view menu exports the timeline as PNG.
 */
public final class CpuTimelineView extends ViewPart implements ISelectionListener {

	/** The view's id, as declared in plugin.xml. */
	public static final String ID = "org.schedlab.ui.charts.timeline";

	/** Trace records kept per run; a longer run's timeline ends at the last record. */
	public static final int TRACE_LIMIT = 400_000;

	private static final int DEFAULT_LENGTH_TENTHS = 200; // 20 ms

	private TimelineViewer viewer;
	private Spinner start;
	private Spinner length;
	private ResultSelection shown;
	private SimResult traced;
	private String title = "";

	@Override
	public void createPartControl(Composite parent) {
		parent.setLayout(new GridLayout(1, false));
		Composite bar = new Composite(parent, SWT.NONE);
		bar.setLayout(new GridLayout(4, false));
		bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
		start = spinner(bar, "Window start (ms):", 0);
		length = spinner(bar, "length (ms):", DEFAULT_LENGTH_TENTHS);
		length.setMinimum(1);
		viewer = new TimelineViewer(parent);
		viewer.control().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
		viewer.setInput(TimelineInput.empty("No result selected"));
		FollowResults.install(getViewSite(), this, this::exportDialog);
	}

	private Spinner spinner(Composite bar, String label, int tenths) {
		new Label(bar, SWT.NONE).setText(label);
		Spinner s = new Spinner(bar, SWT.BORDER);
		s.setDigits(1);
		s.setMinimum(0);
		s.setMaximum(10_000_000);
		s.setIncrement(10);
		s.setPageIncrement(100);
		s.setSelection(tenths);
		s.addModifyListener(e -> showWindow());
		return s;
	}

	/** @return the viewer (for tests and export) */
	public TimelineViewer viewer() {
		return viewer;
	}

	/** Zooms to {@code [startMs, startMs + lengthMs)} of the traced run (UI thread). */
	public void setWindow(double startMs, double lengthMs) {
		start.setSelection((int) Math.round(startMs * 10));
		length.setSelection(Math.max(1, (int) Math.round(lengthMs * 10)));
		showWindow();
	}

	private void showWindow() {
		if (traced == null || viewer.control().isDisposed()) {
			return;
		}
		long from = start.getSelection() * 100_000L;
		long len = length.getSelection() * 100_000L;
		viewer.setInput(TimelineInput.of(traced, title, TRACE_LIMIT, from, len));
	}

	@Override
	public void selectionChanged(IWorkbenchPart part, ISelection selection) {
		if (selection instanceof IStructuredSelection s && s.getFirstElement() instanceof ResultSelection r
				&& !r.equals(shown) && (shown == null || r.result() != shown.result()
						|| !java.util.Objects.equals(r.variant(), shown.variant()))) {
			shown = r;
			update(r);
		}
	}

	private void update(ResultSelection selection) {
		viewer.setInput(TimelineInput.empty("Tracing " + selection.result().getName() + "..."));
		Job job = new Job("Tracing a run for the CPU timeline") {
			@Override
			protected IStatus run(IProgressMonitor monitor) {
				String[] label = new String[1];
				SimResult run;
				String why;
				try {
					run = trace(selection, label);
					why = run == null ? label[0] : null;
				} catch (Exception | LinkageError e) {
					run = null;
					why = "Cannot trace " + selection.result().getName() + ": " + e.getMessage();
				}
				if (monitor.isCanceled()) {
					return Status.CANCEL_STATUS;
				}
				SimResult done = run;
				String message = why;
				getSite().getShell().getDisplay().asyncExec(() -> {
					if (viewer.control().isDisposed() || !selection.equals(shown)) {
						return;
					}
					traced = done;
					title = label[0];
					if (done == null) {
						viewer.setInput(TimelineInput.empty(message));
					} else {
						showWindow();
					}
				});
				return Status.OK_STATUS;
			}

			@Override
			public boolean belongsTo(Object family) {
				return family == ResultChartView.FAMILY;
			}
		};
		job.setSystem(true);
		job.schedule();
	}

	/** The selected cell's first run with its trace, from the runner; null (and why, in label[0]) when none. */
	private static SimResult trace(ResultSelection s, String[] label) {
		CellTrace t = CellTraces.trace(s.result(), s.variant(), TRACE_LIMIT);
		label[0] = t.label();
		return t.run();
	}

	private void exportDialog() {
		PngExport.ask(getSite().getShell(), "cpu-timeline.png", viewer::exportPng);
	}

	@Override
	public void setFocus() {
		viewer.control().setFocus();
	}

	@Override
	public void dispose() {
		FollowResults.uninstall(getViewSite(), this);
		super.dispose();
	}
}
