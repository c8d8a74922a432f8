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
import java.util.Objects;

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
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Run;
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
 * does not trace again. "Compare with" stacks a second cell's timeline below on the same time axis
 * ({@link TimelineComparison}); every window applies to both. The view menu exports the timeline as PNG.
 */
public final class CpuTimelineView extends ViewPart implements ISelectionListener {

    /** The view's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.charts.timeline";

    /** Trace records kept per run; a longer run's timeline ends at the last record. */
    public static final int TRACE_LIMIT = 400_000;

    /** The first window of a run shows about this many stretches per CPU. */
    public static final int SLICES_PER_CPU = 12;

    private TimelineViewer viewer;
    private CellSelector selector;
    private Spinner start;
    private Spinner length;
    private boolean settingWindow;
    private ExperimentResult result;
    private CellPick shownPick;
    private SimResult traced;
    private String title = "";
    private TimelineComparison comparison;

    @Override
    public void createPartControl(Composite parent) {
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        layout.marginHeight = 0;
        parent.setLayout(layout);
        selector = new CellSelector(parent, List.of(), this::picked);
        Composite bar = new Composite(parent, SWT.NONE);
        GridLayout barLayout = new GridLayout(6, false);
        barLayout.marginHeight = 0;
        bar.setLayout(barLayout);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        start = spinner(bar, "Window start (ms):", 0);
        length = spinner(bar, "length (ms):", 200);
        length.setMinimum(1);
        viewer = new TimelineViewer(parent);
        viewer.control().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer.setInput(TimelineInput.empty(ResultChartView.NO_RESULT));
        viewer.setNavigator(this::setWindowNs);
        comparison = new TimelineComparison(bar, parent, this::setWindowNs);
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
        s.addModifyListener(e -> {
            if (!settingWindow) {
                setWindowNs(start.getSelection() * 100_000L, length.getSelection() * 100_000L);
            }
        });
        return s;
    }

    /** @return the viewer (for tests and export) */
    public TimelineViewer viewer() {
        return viewer;
    }

    /** @return the second timeline, below the first (empty and hidden until a cell is picked to compare with) */
    public TimelineViewer compareViewer() {
        return comparison.viewer();
    }

    /**
     * Picks the cell to compare with (its label, as {@code tiger/rc1}; {@code "(none)"} for none) as the user would
     * (UI thread).
     */
    public void compareWith(String cellLabel) {
        comparison.select(cellLabel);
    }

    /** @return the cell selector */
    public CellSelector selector() {
        return selector;
    }

    /** Zooms to {@code [startMs, startMs + lengthMs)} of the traced run (UI thread). */
    public void setWindow(double startMs, double lengthMs) {
        setWindowNs(Math.round(startMs * 1e6), Math.round(lengthMs * 1e6));
    }

    /** Shows {@code [startNs, startNs + lengthNs)} of the traced run, the spinners following (UI thread). */
    public void setWindowNs(long startNs, long lengthNs) {
        settingWindow = true;
        try {
            start.setSelection((int) Math.min(start.getMaximum(), startNs / 100_000L));
            length.setSelection((int) Math.max(1, Math.min(length.getMaximum(), lengthNs / 100_000L)));
        } finally {
            settingWindow = false;
        }
        if (traced != null && !viewer.control().isDisposed()) {
            viewer.setInput(TimelineInput.of(traced, title, TRACE_LIMIT, startNs, Math.max(1, lengthNs)));
        }
        comparison.setWindowNs(startNs, lengthNs);
    }

    @Override
    public void selectionChanged(IWorkbenchPart part, ISelection selection) {
        if (selection instanceof IStructuredSelection s && s.getFirstElement() instanceof ResultSelection r
                && selector.follow(r)) {
            result = r.result();
            picked();
        }
    }

    private void picked() {
        CellPick pick = selector.pick();
        if (result != null) {
            comparison.setResult(result, pick.run());
        }
        if (result == null || (traced != null || shownPick != null) && pick.equals(shownPick)) {
            return;
        }
        shownPick = pick;
        update(result, pick);
    }

    private void update(ExperimentResult r, CellPick pick) {
        traced = null;
        viewer.setInput(TimelineInput.empty("Tracing " + pick.describe(r) + "..."));
        Job job = new Job("Tracing a run for the CPU timeline") {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                String[] label = new String[1];
                SimResult run;
                String why;
                Cell cell = pick.cell(r);
                try {
                    run = trace(r, cell, pick.runOf(cell), label);
                    why = run == null ? label[0] : null;
                } catch (Exception | LinkageError e) {
                    run = null;
                    why = "Cannot trace " + pick.describe(r) + ": " + Objects.toString(e.getMessage(), e.toString());
                }
                if (monitor.isCanceled()) {
                    return Status.CANCEL_STATUS;
                }
                SimResult done = run;
                String message = why;
                long window = done == null ? 0 : TimelineInput.readableWindowNs(done, TRACE_LIMIT, SLICES_PER_CPU);
                long from = done == null ? 0 : TimelineInput.firstWindowStartNs(done, TRACE_LIMIT);
                getSite().getShell().getDisplay().asyncExec(() -> {
                    if (viewer.control().isDisposed() || r != result || !Objects.equals(pick, shownPick)) {
                        return;
                    }
                    traced = done;
                    title = label[0];
                    if (done == null) {
                        viewer.setInput(TimelineInput.empty(message));
                    } else {
                        setWindowNs(from, window);
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

    /** {@code run} of {@code cell} with its trace, from the runner; null (and why, in label[0]) when none. */
    private static SimResult trace(ExperimentResult result, Cell cell, Run run, String[] label) {
        CellTrace t = CellTraces.trace(result, cell, run, TRACE_LIMIT);
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
