/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.views;

import java.util.List;

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
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;
import org.schedlab.ui.charts.viewers.ChartInput;
import org.schedlab.ui.charts.viewers.ChartViewer;
import org.schedlab.ui.results.ResultSelection;

/**
 * A chart view that follows the results editor's selection: each new {@link ResultSelection} is turned into a
 * {@link ChartInput} by a job off the UI thread, and the chart is filled with {@code asyncExec}. A view that shows cells
 * has a {@link CellSelector} above the chart (machine, variant, seed, overlay, pin). The view menu exports the chart
 * as PNG.
 */
public abstract class ResultChartView extends ViewPart implements ISelectionListener {

    /** What an empty chart view says: how to get a result to draw. */
    public static final String NO_RESULT = "No result selected. Open a .sched file and choose Run As > SchedLab "
            + "Experiment, or create the examples with File > New > Example... > SchedLab examples; the charts "
            + "follow the results editor.";

    /** Family of the jobs that compute chart inputs (for tests). */
    public static final Object FAMILY = ResultChartView.class;

    private ChartViewer viewer;
    private ResultSelection shown;
    private CellSelector selector;
    private volatile CellPick pick = new CellPick(null, null, 0, CellPick.Overlay.CELL);

    @Override
    public void createPartControl(Composite parent) {
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        layout.marginHeight = 0;
        parent.setLayout(layout);
        if (selectsCells()) {
            selector = new CellSelector(parent, overlays(), this::picked);
            pick = selector.pick();
        }
        createControls(parent);
        viewer = createViewer(parent);
        viewer.control().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer.setInput(ChartInput.empty(NO_RESULT));
        FollowResults.install(getViewSite(), this, this::exportDialog);
    }

    /** @return this view's chart */
    protected abstract ChartViewer createViewer(Composite parent);

    /** Adds the view's own controls above the chart (a one-column grid); none unless overridden. */
    protected void createControls(Composite parent) {
        // for subclasses
    }

    /** @return true for a view of cells, with a cell selector (false, the default: a view of the whole result) */
    protected boolean selectsCells() {
        return false;
    }

    /** @return the overlays the cell selector offers, the first the default (none: no overlay combo) */
    protected List<CellPick.Overlay> overlays() {
        return List.of();
    }

    /**
     * Computes what to draw for {@code selection} and the selector's {@code pick}; runs off the UI thread, must not
     * touch widgets.
     */
    protected abstract ChartInput compute(ResultSelection selection, CellPick pick, IProgressMonitor monitor);

    /** @return the cell selector, or null for a view without one */
    public CellSelector selector() {
        return selector;
    }

    private void picked() {
        pick = selector.pick();
        refresh();
    }

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
            if (selector != null) {
                if (!selector.follow(r)) {
                    return;
                }
                pick = selector.pick();
            }
            shown = r;
            update(r);
        }
    }

    private void update(ResultSelection selection) {
        CellPick p = pick;
        Job job = new Job("Preparing chart " + getPartName()) {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                ChartInput input = compute(selection, p, monitor);
                if (monitor.isCanceled()) {
                    return Status.CANCEL_STATUS;
                }
                getSite().getShell().getDisplay().asyncExec(() -> {
                    if (!viewer.control().isDisposed() && selection.equals(shown) && p.equals(pick)) {
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
