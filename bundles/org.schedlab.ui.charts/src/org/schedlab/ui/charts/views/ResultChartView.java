package org.schedlab.ui.charts.views;


import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;
import org.schedlab.ui.charts.viewers.ChartInput;
import org.schedlab.ui.charts.viewers.ChartViewer;
import org.schedlab.ui.results.ResultSelection;

/**
 * A chart view that follows the results editor's selection: each new {@link ResultSelection} is turned into a
 * {@link ChartInput} by a job off the UI thread, and the chart is filled with {@code asyncExec}. The view menu exports
 * the chart as PNG.
 */
public abstract class ResultChartView extends ViewPart implements ISelectionListener {

	/** Family of the jobs that compute chart inputs (for tests). */
	public static final Object FAMILY = ResultChartView.class;

	private ChartViewer viewer;
	private ResultSelection shown;

	@Override
	public void createPartControl(Composite parent) {
		parent.setLayout(new FillLayout());
		viewer = createViewer(parent);
		viewer.setInput(ChartInput.empty("No result selected"));
		FollowResults.install(getViewSite(), this, this::exportDialog);
	}

	/** @return this view's chart */
	protected abstract ChartViewer createViewer(Composite parent);

	/** Computes what to draw for {@code selection}; runs off the UI thread, must not touch widgets. */
	protected abstract ChartInput compute(ResultSelection selection, IProgressMonitor monitor);

	/** Called on the UI thread after a new input is drawn; does nothing unless overridden. */
	protected void inputShown() {
		// for subclasses
	}

	/** Computes and draws the current selection again (after a view option changed). */
	protected final void refresh() {
		if (shown != null) {
			update(shown);
		}
	}

	/** @return the viewer (for tests and export) */
	public ChartViewer viewer() {
		return viewer;
	}

	@Override
	public void selectionChanged(IWorkbenchPart part, ISelection selection) {
		if (selection instanceof IStructuredSelection s && s.getFirstElement() instanceof ResultSelection r
				&& !r.equals(shown)) {
			shown = r;
			update(r);
		}
	}

	private void update(ResultSelection selection) {
		Job job = new Job("Preparing chart " + getPartName()) {
			@Override
			protected IStatus run(IProgressMonitor monitor) {
				ChartInput input = compute(selection, monitor);
				if (monitor.isCanceled()) {
					return Status.CANCEL_STATUS;
				}
				getSite().getShell().getDisplay().asyncExec(() -> {
					if (!viewer.control().isDisposed() && selection.equals(shown)) {
						viewer.setInput(input);
						inputShown();
					}
				});
				return Status.OK_STATUS;
			}

			@Override
			public boolean belongsTo(Object family) {
				return family == FAMILY;
			}
		};
		job.setSystem(true);
		job.schedule();
	}

	private void exportDialog() {
		PngExport.ask(getSite().getShell(), getPartName().replace(' ', '-').toLowerCase(java.util.Locale.ROOT) + ".png", viewer::exportPng);
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
