/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.chart;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import org.schedlab.dsl.plan.Published;
import org.schedlab.runner.AtomicFiles;
import org.schedlab.runner.Sensitivity;

/**
 * A tornado chart of one figure's sensitivity: one horizontal bar per uncertain value, largest swing on top, from the
 * change at the defaults (the vertical line) to the change with the value at the low end of its range (blue) and at
 * the high end (orange), the two halves of the bar's row. Drawn on any {@link Canvas} (SVG and PNG files); the workbench's
 * Sensitivity view draws the same bars with SWTChart.
 *
 * @param title   title line (figure id, cell, metric)
 * @param xLabel  axis label (the change's unit)
 * @param nominal the change at the defaults
 * @param bars    one per uncertain value, in drawing order (top first)
 */
public record TornadoChart(String title, String xLabel, double nominal, List<Bar> bars) {
    /** Chart width in pixels. */
    public static final int WIDTH = 1000;
    /** At most this many bars are drawn (the rest have the smallest swings). */
    public static final int MAX_BARS = 20;
    private static final String LOW = "#0072b2";
    private static final String HIGH = "#e69f00";
    private static final double LEFT = 340;
    private static final double RIGHT = 30;
    private static final double TOP = 60;
    private static final double BOTTOM = 60;
    private static final double ROW = 22;

    /**
     * One uncertain value.
     *
     * @param label  its name and range
     * @param atLow  the change with the value at its low end (NaN: not measured)
     * @param atHigh the change at its high end
     */
    public record Bar(String label, double atLow, double atHigh) {
    }

    public TornadoChart {
        bars = List.copyOf(bars.size() > MAX_BARS ? bars.subList(0, MAX_BARS) : bars);
    }

    /**
     * @return the tornado of figure {@code f} from its rows ({@link Sensitivity#run}, largest swing first): a bar per
     *         uncertain value named with its range, the change at the defaults as the line, the seed-to-seed standard
     *         deviation in the title (the command line's chart and the workbench's view)
     */
    public static TornadoChart of(Published f, List<Sensitivity.Row> rows) {
        double nominal = rows.isEmpty() ? Double.NaN : rows.get(0).nominal();
        List<Bar> bars = rows.stream().map(r -> new Bar(r.parameter() + " (" + r.low() + " .. " + r.high() + ")",
                r.atLow(), r.atHigh())).toList();
        double noise = rows.isEmpty() ? Double.NaN : rows.get(0).noise();
        return new TornadoChart(f.id() + ": " + f.cellLabel() + " vs " + f.against() + ", " + f.metric()
                + (Double.isNaN(noise) ? "" : String.format(Locale.ROOT, " (seed-to-seed sd %.1f pp)", noise)),
                "change of " + f.metric() + " against " + f.against() + ", %", nominal, bars);
    }

    /** @return the chart's height in pixels for its number of bars */
    public int height() {
        return (int) (TOP + BOTTOM + ROW * Math.max(1, bars.size()));
    }

    /** Draws the chart filling a {@link #WIDTH} x {@link #height()} canvas. */
    public void draw(Canvas c) {
        int height = height();
        c.rect(0, 0, WIDTH, height, "#ffffff");
        c.text(WIDTH / 2.0, 22, title, 14, Canvas.Anchor.MIDDLE, "#000000");
        double min = nominal;
        double max = nominal;
        for (Bar b : bars) {
            for (double v : new double[] {b.atLow(), b.atHigh()}) {
                if (Double.isFinite(v)) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        double[] ticks = ticks(min, max);
        double lo = ticks[0];
        double hi = ticks[ticks.length - 1];
        double plotW = WIDTH - LEFT - RIGHT;
        double plotBottom = height - BOTTOM;
        java.util.function.DoubleUnaryOperator x = v -> LEFT + plotW * (v - lo) / (hi - lo);
        for (double t : ticks) {
            c.line(x.applyAsDouble(t), TOP - 4, x.applyAsDouble(t), plotBottom, "#e0e0e0", 1);
            c.text(x.applyAsDouble(t), plotBottom + 16, label(t), 11, Canvas.Anchor.MIDDLE, "#000000");
        }
        c.text(LEFT + plotW / 2, plotBottom + 36, xLabel, 12, Canvas.Anchor.MIDDLE, "#000000");
        for (int i = 0; i < bars.size(); i++) {
            Bar b = bars.get(i);
            double y = TOP + i * ROW;
            c.text(LEFT - 8, y + ROW * 0.65, b.label(), 11, Canvas.Anchor.END, "#000000");
            bar(c, x, nominal, b.atLow(), y + 3, LOW);
            bar(c, x, nominal, b.atHigh(), y + ROW / 2, HIGH);
        }
        double nx = x.applyAsDouble(nominal);
        c.line(nx, TOP - 4, nx, plotBottom, "#000000", 1.5);
        c.rect(LEFT, 36, 12, 12, LOW);
        c.text(LEFT + 18, 46, "low end of the range", 11, Canvas.Anchor.START, "#000000");
        c.rect(LEFT + 180, 36, 12, 12, HIGH);
        c.text(LEFT + 198, 46, "high end", 11, Canvas.Anchor.START, "#000000");
        c.text(LEFT + 280, 46, String.format(Locale.ROOT, "line: %s at the defaults", label(nominal)),
                11, Canvas.Anchor.START, "#000000");
    }

    private static void bar(Canvas c, java.util.function.DoubleUnaryOperator x, double from, double to, double y,
                            String fill) {
        if (!Double.isFinite(to)) {
            return;
        }
        double a = x.applyAsDouble(Math.min(from, to));
        double b = x.applyAsDouble(Math.max(from, to));
        c.rect(a, y, Math.max(b - a, 1), ROW / 2 - 3, fill);
    }

    /** @return round tick values covering [min, max] (at least two) */
    static double[] ticks(double min, double max) {
        if (!(max > min)) {
            min -= 1;
            max += 1;
        }
        double step = step((max - min) / 6);
        double first = Math.floor(min / step) * step;
        List<Double> out = new ArrayList<>();
        for (double t = first; t < max + step * 0.999; t += step) {
            out.add(t);
        }
        if (out.size() < 2) {
            out.add(first + step);
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** @return the chart as an SVG document */
    public String svg() {
        SvgCanvas c = new SvgCanvas(WIDTH, height());
        draw(c);
        return c.document();
    }

    /** Writes the chart as PNG. */
    public void png(OutputStream out) throws IOException {
        ImageCanvas c = new ImageCanvas(WIDTH, height());
        draw(c);
        c.writePng(out);
    }

    /** Writes {@code BASE.svg} and, with {@code png}, {@code BASE.png} in {@code dir}, each atomically. */
    public List<Path> write(Path dir, String base, boolean png, BooleanSupplier cancelled) throws IOException {
        List<Path> out = new ArrayList<>();
        Path svg = dir.resolve(base + ".svg");
        byte[] text = svg().getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(svg, o -> o.write(text), cancelled);
        out.add(svg);
        if (png) {
            Path p = dir.resolve(base + ".png");
            AtomicFiles.write(p, this::png, cancelled);
            out.add(p);
        }
        return out;
    }

    /** @return the smallest 1, 2 or 5 times a power of ten at or above {@code v} (1 for v <= 0) */
    private static double step(double v) {
        if (!(v > 0)) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /** @return a tick or value label: {@code -20}, {@code +2.5} */
    private static String label(double v) {
        double r = Math.abs(v) < 1e-9 ? 0 : v;
        return r == Math.rint(r) ? String.format(Locale.ROOT, "%+.0f", r) : String.format(Locale.ROOT, "%+.3g", r);
    }
}
