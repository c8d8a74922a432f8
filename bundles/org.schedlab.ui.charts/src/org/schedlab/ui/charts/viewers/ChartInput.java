/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.viewers;

import java.util.List;

/**
 * What a chart shows, as plain arrays computed off the UI thread: titles, optional category labels of the x axis and
 * the series.
 *
 * @param title      chart title
 * @param xTitle     x axis title, with its unit
 * @param yTitle     y axis title, with its unit
 * @param categories x axis categories (bar charts), empty for a numeric x axis
 * @param series     the series
 * @param logX       true for a logarithmic x axis (x values must be positive)
 * @param pointsOnly true to draw each series as unconnected points (a random sample), where the viewer can
 */
public record ChartInput(String title, String xTitle, String yTitle, List<String> categories, List<Series> series,
        boolean logX, boolean pointsOnly) {

    public ChartInput {
        categories = List.copyOf(categories);
        series = List.copyOf(series);
    }

    /** A chart whose series are drawn as lines (by the viewers that can draw points). */
    public ChartInput(String title, String xTitle, String yTitle, List<String> categories, List<Series> series,
            boolean logX) {
        this(title, xTitle, yTitle, categories, series, logX, false);
    }

    /** A chart with a linear x axis. */
    public ChartInput(String title, String xTitle, String yTitle, List<String> categories, List<Series> series) {
        this(title, xTitle, yTitle, categories, series, false);
    }

    /**
     * One series.
     *
     * @param name legend name
     * @param x    x values (ignored by category charts; may be empty there)
     * @param y    y values
     * @param low  the lower end of each y value's interval (empty: no intervals; NaN: none for that point)
     * @param high the upper end of each y value's interval
     */
    public record Series(String name, double[] x, double[] y, double[] low, double[] high) {

        /** A series without intervals. */
        public Series(String name, double[] x, double[] y) {
            this(name, x, y, new double[0], new double[0]);
        }

        /** @return whether some point has an interval */
        public boolean hasIntervals() {
            for (int i = 0; i < Math.min(low.length, high.length); i++) {
                if (Double.isFinite(low[i]) && Double.isFinite(high[i]) && high[i] > low[i]) {
                    return true;
                }
            }
            return false;
        }
    }

    /** @return an empty chart that says why it is empty */
    public static ChartInput empty(String why) {
        return new ChartInput(why, "", "", List.of(), List.of());
    }
}
