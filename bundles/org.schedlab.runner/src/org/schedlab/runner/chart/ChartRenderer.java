/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.chart;

import java.util.List;

/**
 * Draws a {@link Chart} on a {@link Canvas}: a value axis with 1-2-5 ticks (a logarithmic x axis at powers of ten on
 * request), grid lines and thousands separators
 * ({@link AxisScale}), axis titles with their units, bars or lines, and a legend. Bars grow from the zero line:
 * up for positive values, down for negative ones, so a value axis with negative values has its zero line
 * inside the plot.
 */
public final class ChartRenderer {
    /** Series colours (a colour-blind safe palette). */
    static final List<String> PALETTE = List.of("#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9",
            "#f0e442", "#000000");
    private static final double RIGHT = 20;
    private static final double TOP = 40;
    private static final double BOTTOM = 70;
    private static final double TICK_FONT = 11;
    private static final String INK = "#000000";
    private static final String GRID = "#dddddd";

    private ChartRenderer() {
    }

    /** Draws {@code chart} filling a {@code width} x {@code height} canvas. */
    public static void draw(Chart chart, Canvas c, int width, int height) {
        c.rect(0, 0, width, height, "#ffffff");
        c.text(width / 2.0, 22, chart.title(), 14, Canvas.Anchor.MIDDLE, INK);
        switch (chart) {
            case Chart.Bars b -> bars(b, c, width, height);
            case Chart.Lines l -> lines(l, c, width, height);
            case Chart.Timeline t -> TimelineRenderer.draw(t, c, width, height);
        }
    }

    /** The plot area in canvas pixels and the value axis mapped onto it. */
    record Plot(double left, double top, double width, double height, AxisScale y) {
        double y(double v) {
            return top + height * (1 - y.fraction(v));
        }

        double bottom() {
            return top + height;
        }

        double right() {
            return left + width;
        }
    }

    private static Plot plot(AxisScale y, int width, int height) {
        int longest = 0;
        for (double t : y.ticks()) {
            longest = Math.max(longest, y.label(t).length());
        }
        double left = Math.max(50, 14 + textWidth(longest, TICK_FONT));
        return new Plot(left, TOP, width - left - RIGHT, height - TOP - BOTTOM, y);
    }

    private static void bars(Chart.Bars b, Canvas c, int width, int height) {
        double min = 0;
        double max = 0;
        for (Chart.Series s : b.series()) {
            for (double v : s.y()) {
                if (Double.isFinite(v)) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        Plot p = plot(AxisScale.covering(min, max), width, height);
        valueAxis(c, p, b.yLabel());
        double zero = p.y(0);
        int groups = Math.max(1, b.categories().size());
        int per = Math.max(1, b.series().size());
        double groupW = p.width() / groups;
        double barW = groupW * 0.8 / per;
        boolean labels = groups <= 40;
        for (int g = 0; g < b.categories().size(); g++) {
            double gx = p.left() + g * groupW + groupW * 0.1;
            for (int s = 0; s < b.series().size(); s++) {
                double[] values = b.series().get(s).y();
                double v = g < values.length ? values[g] : Double.NaN;
                if (!Double.isFinite(v)) {
                    continue;
                }
                double end = p.y(v);
                c.rect(gx + s * barW, Math.min(end, zero), Math.max(barW - 1, 0.5), Math.abs(zero - end),
                        PALETTE.get(s % PALETTE.size()));
            }
            if (labels) {
                c.text(p.left() + (g + 0.5) * groupW, p.bottom() + 16, b.categories().get(g), TICK_FONT,
                        Canvas.Anchor.MIDDLE, INK);
            }
        }
        c.line(p.left(), zero, p.right(), zero, INK, 1);
        xTitle(c, p, b.xLabel());
        legend(c, b.series(), width, height);
    }

    private static void lines(Chart.Lines l, Canvas c, int width, int height) {
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMin = 0;
        double yMax = 0;
        for (Chart.Series s : l.series()) {
            for (double raw : s.x()) {
                double x = l.logX() ? Math.log10(raw) : raw;
                if (Double.isFinite(x)) {
                    xMin = Math.min(xMin, x);
                    xMax = Math.max(xMax, x);
                }
            }
            for (double y : s.y()) {
                if (Double.isFinite(y)) {
                    yMin = Math.min(yMin, y);
                    yMax = Math.max(yMax, y);
                }
            }
        }
        if (!(xMax >= xMin)) {
            xMin = 0;
            xMax = 1;
        }
        Plot p = plot(AxisScale.covering(yMin, yMax), width, height);
        valueAxis(c, p, l.yLabel());
        AxisScale x = l.logX() ? new AxisScale(Math.floor(xMin), Math.max(Math.floor(xMin) + 1, Math.ceil(xMax)), 1)
                : AxisScale.covering(xMin, xMax);
        for (double t : x.ticks()) {
            double px = p.left() + p.width() * x.fraction(t);
            c.line(px, p.bottom(), px, p.bottom() + 4, INK, 1);
            String label = l.logX() ? powerOfTen((int) Math.round(t)) : x.label(t);
            c.text(px, p.bottom() + 16, label, TICK_FONT, Canvas.Anchor.MIDDLE, INK);
        }
        c.line(p.left(), p.y(0), p.right(), p.y(0), INK, 1);
        xTitle(c, p, l.xLabel());
        for (int s = 0; s < l.series().size(); s++) {
            Chart.Series series = l.series().get(s);
            int n = Math.min(series.x().length, series.y().length);
            double[] xs = new double[n];
            double[] ys = new double[n];
            for (int i = 0; i < n; i++) {
                xs[i] = p.left() + p.width() * x.fraction(l.logX() ? Math.log10(series.x()[i]) : series.x()[i]);
                ys[i] = p.y(series.y()[i]);
            }
            c.polyline(xs, ys, PALETTE.get(s % PALETTE.size()), 1.5);
        }
        legend(c, l.series(), width, height);
    }

    /** @return 10^e as a tick label: {@code 1,000}, {@code 0.01} */
    static String powerOfTen(int e) {
        return e >= 0 ? String.format(java.util.Locale.ROOT, "%,d", java.math.BigInteger.TEN.pow(e))
                : java.math.BigDecimal.ONE.movePointLeft(-e).toPlainString();
    }

    /** The value axis: its line, a tick, label and grid line at every step, and its title above it. */
    private static void valueAxis(Canvas c, Plot p, String title) {
        c.line(p.left(), p.top(), p.left(), p.bottom(), INK, 1);
        for (double v : p.y().ticks()) {
            double y = p.y(v);
            c.line(p.left() - 4, y, p.left(), y, INK, 1);
            c.line(p.left(), y, p.right(), y, GRID, 0.5);
            c.text(p.left() - 6, y + 4, p.y().label(v), TICK_FONT, Canvas.Anchor.END, INK);
        }
        c.text(8, p.top() - 10, title, 12, Canvas.Anchor.START, INK);
    }

    static void xTitle(Canvas c, Plot p, String title) {
        c.text(p.left() + p.width() / 2, p.bottom() + 34, title, 12, Canvas.Anchor.MIDDLE, INK);
    }

    /** One row of colour boxes with the series names, cut with an ellipsis where the canvas ends. */
    static void legend(Canvas c, List<Chart.Series> series, int width, int height) {
        double x = 8;
        for (int s = 0; s < series.size(); s++) {
            String name = series.get(s).name();
            double w = 28 + textWidth(name.length(), 12);
            if (x + w > width && s > 0) {
                c.text(x, height - 12, "\u2026", 12, Canvas.Anchor.START, INK);
                return;
            }
            c.rect(x, height - 22, 12, 12, PALETTE.get(s % PALETTE.size()));
            c.text(x + 16, height - 12, name, 12, Canvas.Anchor.START, INK);
            x += w;
        }
    }

    /** @return an estimate of a sans-serif text's width: about 0.6 em per character */
    static double textWidth(int chars, double size) {
        return chars * size * 0.6;
    }
}
