/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.views;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.dsl.CellTraces;
import org.schedlab.runner.dsl.CellTraces.CellTrace;
import org.schedlab.sim.SimResult;
import org.schedlab.ui.charts.viewers.TimelineInput;
import org.schedlab.ui.charts.viewers.TimelineViewer;

/**
 * The CPU timeline's second cell, stacked below the first on the same time axis: "Compare with" picks a cell of the
 * result (its run of the same index as the first timeline's, else its first), traced in a job as the first is; every
 * window the first timeline shows, the second shows too, and zooming or panning either moves both.
 */
final class TimelineComparison {

    /** The combo's first entry: no second timeline. */
    static final String NONE = "(none)";

    private final Combo with;
    private final TimelineViewer viewer;
    private final GridData layoutData = new GridData(SWT.FILL, SWT.FILL, true, true);
    private final Composite parent;
    private final Display display;
    private ExperimentResult result;
    private int runIndex;
    private String shown = NONE;
    private SimResult traced;
    private String title = "";
    private long startNs;
    private long lengthNs = 1;

    /**
     * @param bar       the row the combo goes in (two columns)
     * @param parent    the view's body, whose last child the second timeline becomes
     * @param navigator takes the windows the second timeline's mouse and keys move to (the view's, for both)
     */
    TimelineComparison(Composite bar, Composite parent, TimelineViewer.Navigator navigator) {
        this.parent = parent;
        this.display = parent.getDisplay();
        new Label(bar, SWT.NONE).setText("Compare with:");
        with = new Combo(bar, SWT.READ_ONLY | SWT.DROP_DOWN);
        with.setItems(new String[] { NONE });
        with.select(0);
        with.setToolTipText("A second cell's timeline below this one, on the same time axis");
        with.addListener(SWT.Selection, e -> picked());
        viewer = new TimelineViewer(parent);
        viewer.setNavigator(navigator);
        layoutData.exclude = true;
        viewer.control().setLayoutData(layoutData);
        viewer.control().setVisible(false);
    }

    /** @return the second timeline (for tests and export) */
    TimelineViewer viewer() {
        return viewer;
    }

    /** The first timeline shows {@code r}'s run {@code run}: the combo lists {@code r}'s cells (UI thread). */
    void setResult(ExperimentResult r, int run) {
        runIndex = run;
        if (r == result) {
            return;
        }
        result = r;
        with.setItems(new String[] { NONE });
        r.getCells().forEach(c -> with.add(Comparisons.cellLabel(c)));
        with.select(0);
        picked();
    }

    /** Picks the cell labelled {@code label} ({@link #NONE}: none), as the user would (UI thread). */
    void select(String label) {
        int i = with.indexOf(label);
        if (i < 0) {
            throw new IllegalArgumentException("no cell " + label + " to compare with");
        }
        with.select(i);
        picked();
    }

    /** Shows window {@code [startNs, startNs + lengthNs)} of the second run, as the first timeline does (UI thread). */
    void setWindowNs(long start, long length) {
        startNs = start;
        lengthNs = Math.max(1, length);
        if (traced != null && !viewer.control().isDisposed()) {
            viewer.setInput(TimelineInput.of(traced, title, CpuTimelineView.TRACE_LIMIT, startNs, lengthNs));
        }
    }

    private void picked() {
        String label = with.getItem(Math.max(0, with.getSelectionIndex()));
        if (label.equals(shown)) {
            return;
        }
        shown = label;
        traced = null;
        boolean on = !label.equals(NONE);
        layoutData.exclude = !on;
        viewer.control().setVisible(on);
        parent.layout(true);
        if (on) {
            viewer.setInput(TimelineInput.empty("Tracing " + label + "..."));
            trace(result, cellLabelled(label), label);
        }
    }

    private Cell cellLabelled(String label) {
        return result.getCells().stream().filter(c -> Comparisons.cellLabel(c).equals(label)).findFirst().orElse(null);
    }

    private void trace(ExperimentResult r, Cell cell, String label) {
        int index = cell == null || runIndex >= cell.getRuns().size() ? 0 : runIndex;
        Job job = new Job("Tracing a run to compare in the CPU timeline") {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                CellTrace t;
                String why;
                try {
                    t = CellTraces.trace(r, cell, cell == null || cell.getRuns().isEmpty() ? null
                            : cell.getRuns().get(index), CpuTimelineView.TRACE_LIMIT);
                    why = t.run() == null ? t.label() : null;
                } catch (Exception | LinkageError e) {
                    t = null;
                    why = "Cannot trace " + label + ": " + java.util.Objects.toString(e.getMessage(), e.toString());
                }
                CellTrace done = t;
                String message = why;
                display.asyncExec(() -> {
                    if (viewer.control().isDisposed() || r != result || !label.equals(shown)) {
                        return;
                    }
                    if (message != null) {
                        viewer.setInput(TimelineInput.empty(message));
                        return;
                    }
                    traced = done.run();
                    title = done.label();
                    setWindowNs(startNs, lengthNs);
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
}
