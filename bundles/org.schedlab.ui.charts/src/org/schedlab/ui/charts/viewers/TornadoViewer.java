/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.viewers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.swt.SWT;
import org.eclipse.swt.events.PaintEvent;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.IAxis;
import org.eclipse.swtchart.ICustomPaintListener;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ILineSeries.PlotSymbolType;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.LineStyle;
import org.eclipse.swtchart.Range;
import org.schedlab.runner.chart.TornadoChart;

/**
 * A tornado chart of one figure's sensitivity ({@link TornadoChart}, as the command line draws it): one row per
 * uncertain value, the largest swing on top, its upper half a bar from the change at the defaults (the vertical line)
 * to the change with the value at the low end of its range, its lower half to the change at the high end. The ends
 * are the chart's two series (a marker each); the bars and the line are painted on SWTChart's plot area, so that the
 * axes, ticks and titles are SWTChart's.
 */
public final class TornadoViewer extends ChartViewer {

    /** The series of the changes at the low ends of the ranges. */
    public static final String LOW = "low end of the range";
    /** The series of the changes at the high ends. */
    public static final String HIGH = "high end of the range";

    private TornadoChart tornado;

    public TornadoViewer(Composite parent) {
        super(parent);
        chart().setOrientation(SWT.VERTICAL);
        chart().getPlotArea().addCustomPaintListener(new ICustomPaintListener() {
            @Override
            public void paintControl(PaintEvent e) {
                paintBars(e.gc);
            }

            @Override
            public boolean drawBehindSeries() {
                return true;
            }
        });
    }

    /** @return the tornado drawn now, or null */
    public TornadoChart tornado() {
        return tornado;
    }

    /** Draws {@code t} (UI thread); null clears the chart and says {@code why}. */
    public void setTornado(TornadoChart t, String why) {
        tornado = t;
        setInput(t == null || t.bars().isEmpty() ? ChartInput.empty(why) : input(t));
    }

    /**
     * @return what the chart draws: the uncertain values as categories from the bottom up (so the largest swing is
     *         on top), the changes at the low and at the high ends as two series; a change that was not measured is
     *         drawn at the defaults' change
     */
    public static ChartInput input(TornadoChart t) {
        List<TornadoChart.Bar> bottomUp = new ArrayList<>(t.bars()).reversed();
        double[] low = new double[bottomUp.size()];
        double[] high = new double[bottomUp.size()];
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < bottomUp.size(); i++) {
            TornadoChart.Bar b = bottomUp.get(i);
            labels.add(b.label());
            low[i] = Double.isFinite(b.atLow()) ? b.atLow() : t.nominal();
            high[i] = Double.isFinite(b.atHigh()) ? b.atHigh() : t.nominal();
        }
        String title = t.title() + String.format(Locale.ROOT, "; line: %+.1f %% at the defaults", t.nominal());
        return new ChartInput(title, "uncertain value (its plausible range)", t.xLabel(), labels,
                List.of(new ChartInput.Series(LOW, new double[0], low), new ChartInput.Series(HIGH, new double[0], high)));
    }

    @Override
    protected void addSeries(Chart target, ChartInput.Series series, Color color) {
        ILineSeries<?> ends = (ILineSeries<?>) target.getSeriesSet().createSeries(SeriesType.LINE, series.name());
        ends.setYSeries(series.y());
        ends.setLineStyle(LineStyle.NONE);
        ends.setSymbolType(series.name().equals(LOW) ? PlotSymbolType.TRIANGLE : PlotSymbolType.INVERTED_TRIANGLE);
        ends.setSymbolSize(4);
        ends.setSymbolColor(color);
        ends.setLineColor(color);
    }

    @Override
    protected void adjust(ChartInput in) {
        IAxis categories = chart().getAxisSet().getXAxis(0);
        categories.getTick().setTickLabelAngle(0);
        categories.getGrid().setStyle(LineStyle.NONE);
        if (tornado == null || in.series().isEmpty()) {
            return;
        }
        IAxis values = chart().getAxisSet().getYAxis(0);
        Range r = values.getRange();
        double lo = Math.min(r.lower, tornado.nominal());
        double hi = Math.max(r.upper, tornado.nominal());
        double pad = Math.max(hi - lo, 1) * 0.06;
        values.setRange(new Range(lo - pad, hi + pad));
        categories.setRange(new Range(-0.6, in.categories().size() - 0.4));
    }

    /** Paints each row's two half bars from the defaults' change to each end's, and the defaults' line. */
    private void paintBars(GC gc) {
        if (tornado == null || tornado.bars().isEmpty() || input().series().size() < 2) {
            return;
        }
        IAxis rows = chart().getAxisSet().getXAxis(0);
        IAxis values = chart().getAxisSet().getYAxis(0);
        double[] low = input().series().get(0).y();
        double[] high = input().series().get(1).y();
        int nominal = values.getPixelCoordinate(tornado.nominal());
        int half = Math.max(2, (int) (Math.abs(rows.getPixelCoordinate(1) - rows.getPixelCoordinate(0)) * 0.38));
        Color lowColor = new Color(new RGB(0, 114, 178));
        Color highColor = new Color(new RGB(230, 159, 0));
        for (int i = 0; i < low.length; i++) {
            int y = rows.getPixelCoordinate(i);
            halfBar(gc, nominal, values.getPixelCoordinate(low[i]), y - half, half, lowColor);
            halfBar(gc, nominal, values.getPixelCoordinate(high[i]), y, half, highColor);
        }
        gc.setForeground(chart().getDisplay().getSystemColor(SWT.COLOR_BLACK));
        gc.setLineStyle(SWT.LINE_SOLID); // the grid before us may have left it dashed
        gc.setLineWidth(2);
        gc.drawLine(nominal, 0, nominal, chart().getPlotArea().getSize().y);
        gc.setLineWidth(1);
    }

    private static void halfBar(GC gc, int from, int to, int y, int height, Color color) {
        gc.setBackground(color);
        gc.fillRectangle(Math.min(from, to), y, Math.max(1, Math.abs(to - from)), height);
    }
}
