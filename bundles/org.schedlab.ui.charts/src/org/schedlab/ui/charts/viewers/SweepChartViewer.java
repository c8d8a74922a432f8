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
import org.eclipse.swtchart.IAxis;
import org.eclipse.swtchart.IErrorBar;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ILineSeries.PlotSymbolType;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.LineStyle;
import org.eclipse.swtchart.Range;

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

    /** Widens the value axis to the intervals' ends, which SWTChart's fit leaves out. */
    @Override
    protected void adjust(ChartInput in) {
        IAxis y = chart().getAxisSet().getYAxis(0);
        double lo = y.getRange().lower;
        double hi = y.getRange().upper;
        for (ChartInput.Series s : in.series()) {
            for (double v : s.low()) {
                lo = Double.isFinite(v) ? Math.min(lo, v) : lo;
            }
            for (double v : s.high()) {
                hi = Double.isFinite(v) ? Math.max(hi, v) : hi;
            }
        }
        if (hi > lo && (lo < y.getRange().lower || hi > y.getRange().upper)) {
            double pad = (hi - lo) * 0.03;
            y.setRange(new Range(lo - pad, hi + pad));
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
