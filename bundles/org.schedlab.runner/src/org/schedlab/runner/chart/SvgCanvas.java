/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.chart;

import java.util.Locale;

/** A {@link Canvas} that writes SVG 1.1 text; needs no display. */
public final class SvgCanvas implements Canvas {
    private final StringBuilder body = new StringBuilder();
    private final int width;
    private final int height;

    public SvgCanvas(int width, int height) {
        this.width = width;
        this.height = height;
    }

    /** @return the chart drawn so far as a complete SVG document */
    public static String render(Chart chart, int width, int height) {
        SvgCanvas c = new SvgCanvas(width, height);
        ChartRenderer.draw(chart, c, width, height);
        return c.document();
    }

    @Override
    public void rect(double x, double y, double w, double h, String fill) {
        body.append(f("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>%n", x, y, w, h, fill));
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, String stroke, double width) {
        body.append(f("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"/>%n",
                x1, y1, x2, y2, stroke, width));
    }

    @Override
    public void polyline(double[] xs, double[] ys, String stroke, double width) {
        body.append("<polyline fill=\"none\" stroke=\"").append(stroke).append(f("\" stroke-width=\"%.1f\" points=\"",
                width));
        for (int i = 0; i < xs.length; i++) {
            body.append(f("%s%.1f,%.1f", i == 0 ? "" : " ", xs[i], ys[i]));
        }
        body.append("\"/>\n");
    }

    @Override
    public void text(double x, double y, String text, double size, Anchor anchor, String fill) {
        String a = switch (anchor) {
            case START -> "start";
            case MIDDLE -> "middle";
            case END -> "end";
        };
        body.append(f("<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.0f\" text-anchor=\"%s\" fill=\"%s\">", x, y, size, a,
                fill)).append(escape(text)).append("</text>\n");
    }

    /** @return the SVG document */
    public String document() {
        return f("<?xml version=\"1.0\" encoding=\"UTF-8\"?>%n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                + "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">%n", width, height, width, height)
                + body + "</svg>\n";
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
