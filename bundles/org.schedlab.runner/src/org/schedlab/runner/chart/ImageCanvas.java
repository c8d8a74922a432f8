/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import javax.imageio.ImageIO;

/**
 * A {@link Canvas} drawing into a {@link BufferedImage} with Java 2D, for PNG files. Works without a
 * display: offscreen images need no window system ({@code java.awt.headless} is set if unset).
 */
public final class ImageCanvas implements Canvas {
    private final BufferedImage image;
    private final Graphics2D g;

    public ImageCanvas(int width, int height) {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    }

    /** Draws {@code chart} and writes it as PNG to {@code out}. */
    public static void writePng(Chart chart, int width, int height, OutputStream out) throws IOException {
        ImageCanvas c = new ImageCanvas(width, height);
        ChartRenderer.draw(chart, c, width, height);
        c.g.dispose();
        if (!ImageIO.write(c.image, "png", out)) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }

    @Override
    public void rect(double x, double y, double w, double h, String fill) {
        g.setColor(Color.decode(fill));
        g.fill(new Rectangle2D.Double(x, y, w, h));
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, String stroke, double width) {
        g.setColor(Color.decode(stroke));
        g.setStroke(new BasicStroke((float) width));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void polyline(double[] xs, double[] ys, String stroke, double width) {
        if (xs.length == 0) {
            return;
        }
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) {
            p.lineTo(xs[i], ys[i]);
        }
        g.setColor(Color.decode(stroke));
        g.setStroke(new BasicStroke((float) width));
        g.draw(p);
    }

    @Override
    public void text(double x, double y, String text, double size, Anchor anchor, String fill) {
        g.setColor(Color.decode(fill));
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, (int) Math.round(size)));
        double w = g.getFontMetrics().stringWidth(text);
        double dx = switch (anchor) {
            case START -> 0;
            case MIDDLE -> -w / 2;
            case END -> -w;
        };
        g.drawString(text, (float) (x + dx), (float) y);
    }

    /** Writes what was drawn on this canvas as PNG to {@code out}. */
    public void writePng(OutputStream out) throws IOException {
        if (!ImageIO.write(image, "png", out)) {
            throw new IOException("no PNG writer in this Java runtime");
        }
    }
}
