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
import org.eclipse.swtchart.IErrorBar;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ILineSeries.PlotSymbolType;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.LineStyle;

/**
 * Points over a numeric x axis, each with its interval as an error bar when it has one; the points of a series are
 * joined by a line unless the input asks for points only (a random sample). Each series has its own marker, so that
 * overlapping series stay apart without colour.
 */
public final class SweepChartViewer extends ChartViewer {

    private static final PlotSymbolType[] SYMBOLS = { PlotSymbolType.CIRCLE, PlotSymbolType.SQUARE,
            PlotSymbolType.TRIANGLE, PlotSymbolType.DIAMOND, PlotSymbolType.INVERTED_TRIANGLE, PlotSymbolType.CROSS,
            PlotSymbolType.PLUS };

    public SweepChartViewer(Composite parent) {
        super(parent);
    }

    @Override
    protected void addSeries(Chart target, ChartInput.Series series, Color color) {
        int index = target.getSeriesSet().getSeries().length;
        ILineSeries<?> line = (ILineSeries<?>) target.getSeriesSet().createSeries(SeriesType.LINE, series.name());
        line.setXSeries(series.x());
        line.setYSeries(finite(series.y()));
        line.setLineStyle(input().pointsOnly() ? LineStyle.NONE : LineStyle.SOLID);
        line.setLineColor(color);
        line.setLineWidth(2);
        line.setSymbolType(SYMBOLS[index % SYMBOLS.length]);
        line.setSymbolColor(color);
        line.setSymbolSize(4);
        line.setAntialias(SWT.ON);
        if (series.hasIntervals()) {
            IErrorBar bars = line.getYErrorBar();
            bars.setType(IErrorBar.ErrorBarType.BOTH);
            bars.setPlusErrors(errors(series.high(), series.y(), 1));
            bars.setMinusErrors(errors(series.low(), series.y(), -1));
            bars.setColor(color);
            bars.setVisible(true);
        }
    }

    /** @return how far each interval end lies from its value (0 where a point has no interval) */
    static double[] errors(double[] ends, double[] values, int sign) {
        double[] out = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            double d = i < ends.length ? sign * (ends[i] - values[i]) : Double.NaN;
            out[i] = Double.isFinite(d) && d > 0 ? d : 0;
        }
        return out;
    }
}
