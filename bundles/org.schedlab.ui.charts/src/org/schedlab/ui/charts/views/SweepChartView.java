/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.views;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IWorkbenchPart;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.SweptMetric;
import org.schedlab.ui.charts.viewers.ChartInput;
import org.schedlab.ui.charts.viewers.ChartViewer;
import org.schedlab.ui.charts.viewers.SweepChartViewer;
import org.schedlab.ui.results.ResultSelection;

/**
 * A metric against a swept parameter of the selected result ({@link SweptMetric}): a <b>Metric</b> and an
 * <b>Against</b> selector above the chart, a series per variant (and machine, and value of the other swept
 * parameters), each cell's mean over seeds with its 95 % interval as an error bar; a logarithmic x axis for a
 * log-spaced sweep or one spanning more than two decades. The metric follows the results editor's until one is
 * picked here.
 */
public final class SweepChartView extends ResultChartView {

    /** The view's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.charts.sweep";

    private Combo metricCombo;
    private Combo parameterCombo;
    private ExperimentResult listed;
    private volatile String metric;
    private volatile String parameter;

    @Override
    protected ChartViewer createViewer(Composite parent) {
        return new SweepChartViewer(parent);
    }

    @Override
    protected void createControls(Composite parent) {
        Composite row = new Composite(parent, SWT.NONE);
        row.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        GridLayout layout = new GridLayout(4, false);
        layout.marginHeight = 2;
        row.setLayout(layout);
        new Label(row, SWT.NONE).setText("Metric:");
        metricCombo = new Combo(row, SWT.READ_ONLY | SWT.DROP_DOWN);
        metricCombo.addListener(SWT.Selection, e -> {
            metric = metricCombo.getText();
            refresh();
        });
        new Label(row, SWT.NONE).setText("Against:");
        parameterCombo = new Combo(row, SWT.READ_ONLY | SWT.DROP_DOWN);
        parameterCombo.addListener(SWT.Selection, e -> {
            parameter = parameterCombo.getText();
            refresh();
        });
    }

    @Override
    public void selectionChanged(IWorkbenchPart part, ISelection selection) {
        if (selection instanceof IStructuredSelection s && s.getFirstElement() instanceof ResultSelection r
                && metricCombo != null) {
            list(r);
        }
        super.selectionChanged(part, selection);
    }

    /** Fills the selectors from a newly selected result; keeps the picked parameter when the result has it. */
    private void list(ResultSelection r) {
        if (r.result() != listed) {
            listed = r.result();
            List<String> params = SweptMetric.parameters(r.result());
            parameterCombo.setItems(params.toArray(String[]::new));
            parameter = params.contains(parameter) ? parameter : params.isEmpty() ? null : params.get(0);
            parameterCombo.setText(parameter == null ? "" : parameter);
            metricCombo.setItems(r.result().getMetricNames().toArray(String[]::new));
        }
        if (r.metric() != null) {
            metric = r.metric();
            metricCombo.setText(metric);
        }
        metricCombo.getParent().layout(true);
    }

    /** Picks the metric and the parameter (UI thread), as the selectors do. */
    public void select(String newMetric, String newParameter) {
        metric = newMetric;
        parameter = newParameter;
        metricCombo.setText(newMetric);
        parameterCombo.setText(newParameter);
        refresh();
    }

    @Override
    protected ChartInput compute(ResultSelection s, CellPick pick, IProgressMonitor monitor) {
        String p = parameter;
        String m = metric != null ? metric : s.metric();
        if (p == null || !SweptMetric.parameters(s.result()).contains(p)) {
            return ChartInput.empty(s.result().getName() + ": no swept parameter with numbers (add `sweep` or"
                    + " `sample` to the experiment)");
        }
        SweptMetric.Chart c = SweptMetric.of(s.result(), p, m);
        if (c.series().isEmpty()) {
            return ChartInput.empty(s.result().getName() + ": no finished cell has " + m);
        }
        List<ChartInput.Series> series = new ArrayList<>();
        for (SweptMetric.Series x : c.series()) {
            series.add(new ChartInput.Series(x.name(), x.x(), x.y(), x.low(), x.high()));
        }
        return new ChartInput(c.title(), c.xTitle(), c.yTitle(), List.of(), series, c.logX(), c.pointsOnly());
    }
}
