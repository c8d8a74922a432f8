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

/** What a chart shows, independent of how it is drawn. */
public sealed interface Chart permits Chart.Bars, Chart.Lines, Chart.Timeline {
    /** @return the title line */
    String title();

    /**
     * Grouped bars: one group per category, one bar per series in each group.
     *
     * @param title      title
     * @param xLabel     category axis label
     * @param yLabel     value axis label (with unit)
     * @param categories group labels
     * @param series     bar series; each has one value per category (NaN: no bar; negative: a bar below zero)
     */
    record Bars(String title, String xLabel, String yLabel, List<String> categories, List<Series> series) implements Chart {
        public Bars {
            categories = List.copyOf(categories);
            series = List.copyOf(series);
        }
    }

    /**
     * Lines over a numeric x axis.
     *
     * @param title  title
     * @param xLabel x axis label (with unit)
     * @param yLabel y axis label (with unit)
     * @param series each with its x and y values
     * @param logX   a logarithmic x axis (ticks at powers of ten; x values must be positive)
     */
    record Lines(String title, String xLabel, String yLabel, List<Series> series, boolean logX) implements Chart {
        public Lines {
            series = List.copyOf(series);
        }

        /** Lines over a linear x axis. */
        public Lines(String title, String xLabel, String yLabel, List<Series> series) {
            this(title, xLabel, yLabel, series, false);
        }
    }

    /**
     * A CPU timeline: a lane per CPU, a bar for each stretch a task ran, coloured by its task group.
     *
     * @param title   title
     * @param xLabel  time axis label (with unit)
     * @param startMs the window's start
     * @param endMs   the window's end
     * @param nrCpus  lanes
     * @param slices  the stretches tasks ran in the window (idle is not drawn)
     */
    record Timeline(String title, String xLabel, double startMs, double endMs, int nrCpus, List<Slice> slices)
            implements Chart {
        public Timeline {
            slices = List.copyOf(slices);
        }
    }

    /**
     * A stretch one task ran on one CPU.
     *
     * @param cpu    the lane
     * @param fromMs start
     * @param toMs   end
     * @param group  the task, or its group (its name without its index), which picks the colour and legend entry
     */
    record Slice(int cpu, double fromMs, double toMs, String group) {
    }

    /**
     * One named series.
     *
     * @param name legend text
     * @param x    x values (Lines only; empty for Bars)
     * @param y    values
     */
    record Series(String name, double[] x, double[] y) {
        /** @return a bar series */
        public static Series bars(String name, List<Double> values) {
            return new Series(name, new double[0], values.stream().mapToDouble(Double::doubleValue).toArray());
        }
    }
}
