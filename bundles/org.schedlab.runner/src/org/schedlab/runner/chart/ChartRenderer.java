package org.schedlab.runner.chart;

import java.util.List;
import java.util.Locale;

/** Draws a {@link Chart} on a {@link Canvas}: axes with a few round ticks, bars or lines, a legend. */
public final class ChartRenderer {
    /** Series colours (a colour-blind safe palette). */
    static final List<String> PALETTE = List.of("#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9",
            "#f0e442", "#000000");
    private static final double LEFT = 70;
    private static final double RIGHT = 20;
    private static final double TOP = 40;
    private static final double BOTTOM = 70;

    private ChartRenderer() {
    }

    /** Draws {@code chart} filling a {@code width} x {@code height} canvas. */
    public static void draw(Chart chart, Canvas c, int width, int height) {
        c.rect(0, 0, width, height, "#ffffff");
        c.text(width / 2.0, 22, chart.title(), 14, Canvas.Anchor.MIDDLE, "#000000");
        switch (chart) {
            case Chart.Bars b -> bars(b, c, width, height);
            case Chart.Lines l -> lines(l, c, width, height);
        }
    }

    private static void bars(Chart.Bars b, Canvas c, int width, int height) {
        double max = 0;
        for (Chart.Series s : b.series()) {
            for (double v : s.y()) {
                if (!Double.isNaN(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        double top = axisTop(max);
        double plotW = width - LEFT - RIGHT;
        double plotH = height - TOP - BOTTOM;
        yAxis(c, top, 0, plotH, width, b.yLabel());
        int groups = Math.max(1, b.categories().size());
        int per = Math.max(1, b.series().size());
        double groupW = plotW / groups;
        double barW = groupW * 0.8 / per;
        boolean labels = groups <= 40;
        for (int g = 0; g < b.categories().size(); g++) {
            double gx = LEFT + g * groupW + groupW * 0.1;
            for (int s = 0; s < b.series().size(); s++) {
                double v = b.series().get(s).y()[g];
                if (Double.isNaN(v) || top == 0) {
                    continue;
                }
                double h = plotH * v / top;
                c.rect(gx + s * barW, TOP + plotH - h, Math.max(barW - 1, 0.5), h, PALETTE.get(s % PALETTE.size()));
            }
            if (labels) {
                c.text(LEFT + (g + 0.5) * groupW, TOP + plotH + 16, b.categories().get(g), 11, Canvas.Anchor.MIDDLE,
                        "#000000");
            }
        }
        legend(c, b.series(), height);
    }

    private static void lines(Chart.Lines l, Canvas c, int width, int height) {
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMax = 0;
        double yMin = 0;
        for (Chart.Series s : l.series()) {
            for (double x : s.x()) {
                xMin = Math.min(xMin, x);
                xMax = Math.max(xMax, x);
            }
            for (double y : s.y()) {
                yMax = Math.max(yMax, y);
                yMin = Math.min(yMin, y);
            }
        }
        if (!(xMax > xMin)) {
            xMin = 0;
            xMax = 1;
        }
        double top = axisTop(yMax);
        double plotW = width - LEFT - RIGHT;
        double plotH = height - TOP - BOTTOM;
        yAxis(c, top, yMin, plotH, width, l.yLabel());
        double xStep = niceCeil((xMax - xMin) / 5);
        for (double x = Math.ceil(xMin / xStep) * xStep; x <= xMax + xStep * 1e-9; x += xStep) {
            double px = LEFT + plotW * (x - xMin) / (xMax - xMin);
            c.line(px, TOP + plotH, px, TOP + plotH + 4, "#000000", 1);
            c.text(px, TOP + plotH + 16, tick(x), 11, Canvas.Anchor.MIDDLE, "#000000");
        }
        c.text(LEFT + plotW / 2, TOP + plotH + 34, l.xLabel(), 12, Canvas.Anchor.MIDDLE, "#000000");
        for (int s = 0; s < l.series().size(); s++) {
            Chart.Series series = l.series().get(s);
            int n = Math.min(series.x().length, series.y().length);
            double[] xs = new double[n];
            double[] ys = new double[n];
            for (int i = 0; i < n; i++) {
                xs[i] = LEFT + plotW * (series.x()[i] - xMin) / (xMax - xMin);
                ys[i] = TOP + plotH - (top == yMin ? 0 : plotH * (series.y()[i] - yMin) / (top - yMin));
            }
            c.polyline(xs, ys, PALETTE.get(s % PALETTE.size()), 1.5);
        }
        legend(c, l.series(), height);
    }

    private static void yAxis(Canvas c, double top, double bottom, double plotH, int width, String label) {
        c.line(LEFT, TOP, LEFT, TOP + plotH, "#000000", 1);
        c.line(LEFT, TOP + plotH, width - RIGHT, TOP + plotH, "#000000", 1);
        double step = niceCeil((top - bottom) / 5);
        for (double v = bottom; v <= top + step * 1e-9; v += step) {
            double y = TOP + plotH - plotH * (v - bottom) / (top - bottom);
            c.line(LEFT - 4, y, LEFT, y, "#000000", 1);
            if (v > bottom) {
                c.line(LEFT, y, width - RIGHT, y, "#dddddd", 0.5);
            }
            c.text(LEFT - 6, y + 4, tick(v), 11, Canvas.Anchor.END, "#000000");
        }
        c.text(8, TOP - 10, label, 12, Canvas.Anchor.START, "#000000");
    }

    private static void legend(Canvas c, List<Chart.Series> series, int height) {
        double x = LEFT;
        for (int s = 0; s < series.size(); s++) {
            c.rect(x, height - 22, 12, 12, PALETTE.get(s % PALETTE.size()));
            c.text(x + 16, height - 12, series.get(s).name(), 12, Canvas.Anchor.START, "#000000");
            x += 28 + 7 * series.get(s).name().length();
        }
    }

    /** @return the top of a value axis from 0 showing {@code max}: a whole number of nice steps (about 5) */
    static double axisTop(double max) {
        double step = niceCeil(max / 5);
        return Math.max(step, Math.ceil(max / step) * step);
    }

    /** @return the smallest 1, 2 or 5 times a power of ten at or above {@code v} (1 for v <= 0) */
    static double niceCeil(double v) {
        if (!(v > 0)) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }

    static String tick(double v) {
        double a = Math.abs(v);
        if (a >= 1e9) {
            return String.format(Locale.ROOT, "%.3gG", v / 1e9);
        }
        if (a >= 1e6) {
            return String.format(Locale.ROOT, "%.3gM", v / 1e6);
        }
        if (a >= 1e4) {
            return String.format(Locale.ROOT, "%.3gk", v / 1e3);
        }
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
