/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.viewers;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.custom.StackLayout;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.IAxis;
import org.eclipse.swtchart.ISeries;

/**
 * Our only door to SWTChart: a chart control filled from a {@link ChartInput}. Subclasses create one kind of series;
 * everything else (titles, clearing, suspending updates while filling, PNG export) is here. An input without series
 * is not drawn as bare axes: its title, which says why there is nothing to draw, is shown as a wrapped message in
 * the chart's place.
 */
public abstract class ChartViewer {

    /** A colour-blind-safe palette (Okabe-Ito), cycled over the series. */
    private static final RGB[] PALETTE = { new RGB(0, 114, 178), new RGB(230, 159, 0), new RGB(0, 158, 115),
            new RGB(204, 121, 167), new RGB(86, 180, 233), new RGB(213, 94, 0), new RGB(240, 228, 66),
            new RGB(0, 0, 0) };

    private final Composite frame;
    private final StackLayout stack = new StackLayout();
    private final Chart chart;
    private final Label message;
    private ChartInput input = ChartInput.empty("");

    protected ChartViewer(Composite parent) {
        frame = new Composite(parent, SWT.NONE);
        frame.setLayout(stack);
        chart = new Chart(frame, SWT.NONE);
        chart.getTitle().setText("");
        Composite page = new Composite(frame, SWT.NONE);
        page.setBackground(chart.getBackground());
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 16;
        layout.marginHeight = 16;
        page.setLayout(layout);
        message = new Label(page, SWT.WRAP);
        message.setBackground(chart.getBackground());
        message.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        stack.topControl = page;
    }

    /** @return the SWTChart chart (for subclasses that draw more than series) */
    protected Chart chart() {
        return chart;
    }

    /** @return the control to lay out (the chart, or in its place the message of an empty input) */
    public Control control() {
        return frame;
    }

    /** @return the message shown in the chart's place, or "" when the chart is drawn */
    public String message() {
        return stack.topControl == chart ? "" : message.getText();
    }

    /** @return what the chart shows */
    public ChartInput input() {
        return input;
    }

    /** @return the names of the series the chart draws now */
    public List<String> seriesNames() {
        return Arrays.stream(chart.getSeriesSet().getSeries()).map(ISeries::getId).toList();
    }

    /** @return the lower and upper end of the value axis as drawn now */
    public double[] valueRange() {
        org.eclipse.swtchart.Range r = chart.getAxisSet().getYAxis(0).getRange();
        return new double[] { r.lower, r.upper };
    }

    /** Shows {@code in} (UI thread). */
    public void setInput(ChartInput in) {
        this.input = in;
        chart.suspendUpdate(true);
        try {
            for (ISeries<?> s : chart.getSeriesSet().getSeries()) {
                chart.getSeriesSet().deleteSeries(s.getId());
            }
            chart.getTitle().setText(in.title());
            IAxis x = chart.getAxisSet().getXAxis(0);
            x.getTitle().setText(in.xTitle());
            chart.getAxisSet().getYAxis(0).getTitle().setText(in.yTitle());
            boolean categories = !in.categories().isEmpty();
            x.enableLogScale(false);
            x.enableCategory(categories);
            if (categories) {
                x.setCategorySeries(in.categories().toArray(String[]::new));
            }
            // many categories: slanted labels, so that they do not run into each other
            x.getTick().setTickLabelAngle(in.categories().size() > 6 ? 45 : 0);
            for (int i = 0; i < in.series().size(); i++) {
                addSeries(chart, in.series().get(i), new Color(PALETTE[i % PALETTE.length]));
            }
            chart.getLegend().setVisible(in.series().size() > 1);
            if (in.logX() && !categories && !in.series().isEmpty()) {
                x.enableLogScale(true);
            }
            chart.getAxisSet().adjustRange();
            adjust(in);
        } finally {
            chart.suspendUpdate(false);
        }
        chart.redraw();
        Control top = in.series().isEmpty() ? message.getParent() : chart;
        message.setText(in.series().isEmpty() ? in.title() : "");
        if (stack.topControl != top) {
            stack.topControl = top;
        }
        frame.layout(true, true);
    }

    /** Called after the series are added and the axes fitted to them, before drawing; nothing unless overridden. */
    protected void adjust(ChartInput in) {
        // for subclasses
    }

    /** Adds one series of this viewer's kind. */
    protected abstract void addSeries(Chart target, ChartInput.Series series, Color color);

    /** Writes the chart as it is drawn now to a PNG file. */
    public void exportPng(Path file) {
        chart.save(file.toString(), SWT.IMAGE_PNG);
    }

    /** @return the values with NaN (a missing figure) drawn as 0 */
    protected static double[] finite(double[] values) {
        return Arrays.stream(values).map(v -> Double.isFinite(v) ? v : 0).toArray();
    }
}
