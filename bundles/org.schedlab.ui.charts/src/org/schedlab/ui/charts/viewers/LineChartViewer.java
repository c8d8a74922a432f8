/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.viewers;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ILineSeries.PlotSymbolType;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.LineStyle;

/**
 * Lines over a numeric x axis, without symbols, downsampled to at most {@link #MAX_POINTS} points; the n-th series
 * solid, dashed, dotted or dash-dotted.
 */
public final class LineChartViewer extends ChartViewer {

    /** More points than pixels only slow SWTChart down (about 2.5 s for 30k points, its users report). */
    public static final int MAX_POINTS = 2000;

    private static final LineStyle[] STYLES = { LineStyle.SOLID, LineStyle.DASH, LineStyle.DOT, LineStyle.DASHDOT };

    public LineChartViewer(Composite parent) {
        super(parent);
    }

    @Override
    protected void addSeries(Chart target, ChartInput.Series series, Color color) {
        int index = target.getSeriesSet().getSeries().length;
        ILineSeries<?> line = (ILineSeries<?>) target.getSeriesSet().createSeries(SeriesType.LINE, series.name());
        // solid, dashed, dotted...: overlaid series that coincide stay visible
        line.setLineStyle(STYLES[index % STYLES.length]);
        line.setXSeries(downsample(series.x()));
        line.setYSeries(finite(downsample(series.y())));
        line.setSymbolType(PlotSymbolType.NONE);
        line.setLineColor(color);
        line.setLineWidth(2);
        line.setAntialias(SWT.ON);
    }

    /** @return every k-th value so that at most {@link #MAX_POINTS} remain (the last one always kept) */
    public static double[] downsample(double[] values) {
        if (values.length <= MAX_POINTS) {
            return values;
        }
        int step = (values.length + MAX_POINTS - 1) / MAX_POINTS;
        int n = (values.length + step - 1) / step;
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = values[Math.min(values.length - 1, i * step)];
        }
        out[n - 1] = values[values.length - 1];
        return out;
    }
}
