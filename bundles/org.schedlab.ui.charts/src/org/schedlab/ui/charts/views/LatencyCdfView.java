/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.views;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.swt.widgets.Composite;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.Histogram;
import org.schedlab.model.results.Run;
import org.schedlab.ui.charts.viewers.ChartInput;
import org.schedlab.ui.charts.viewers.ChartViewer;
import org.schedlab.ui.charts.viewers.LineChartViewer;
import org.schedlab.ui.results.ResultSelection;

/**
 * Wakeup latency as a cumulative distribution: the share of wakeups that got a CPU within a given time, for the
 * picked cell and run, overlaid by default with the other variants on the same machine (or the machines under the
 * same variant), a legend naming each series. The runner keeps power-of-two buckets, each point is a bucket's upper
 * bound; the x axis is logarithmic only when the latencies span two decades or more.
 */
public final class LatencyCdfView extends ResultChartView {

    /** The view's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.charts.latency";

    /** The histogram the runner records for wakeup latency. */
    static final String HISTOGRAM = "wakeup_latency";

    /** A log axis when the largest x is at least this many times the smallest. */
    static final double DECADES_FOR_LOG = 100;

    @Override
    protected ChartViewer createViewer(Composite parent) {
        return new LineChartViewer(parent);
    }

    @Override
    protected boolean selectsCells() {
        return true;
    }

    @Override
    protected List<CellPick.Overlay> overlays() {
        return List.of(CellPick.Overlay.VARIANTS, CellPick.Overlay.MACHINES, CellPick.Overlay.CELL);
    }

    @Override
    protected ChartInput compute(ResultSelection s, CellPick pick, IProgressMonitor monitor) {
        List<ChartInput.Series> series = new ArrayList<>();
        for (Cell cell : pick.cells(s.result())) {
            Run run = pick.runOf(cell);
            if (run == null) {
                continue;
            }
            for (Histogram h : run.getHistograms()) {
                if (h.getName().equals(HISTOGRAM) && h.getCount() > 0 && !h.getBuckets().isEmpty()) {
                    series.add(cdf(pick.seriesName(cell), h));
                }
            }
        }
        if (series.isEmpty()) {
            return ChartInput.empty(pick.describe(s.result()) + ": no wakeups recorded (the tasks never slept)");
        }
        series = extendTo100(series);
        boolean log = spansDecades(series);
        return new ChartInput("wakeup latency, " + pick.describe(s.result()),
                log ? "latency (us, log scale)" : "latency (us)", "wakeups served within (%)", List.of(), series, log);
    }

    /** @return the series, those that reach 100 % before the others extended flat to the largest x of them all */
    static List<ChartInput.Series> extendTo100(List<ChartInput.Series> series) {
        double maxX = series.stream().mapToDouble(s -> s.x().length == 0 ? 0 : s.x()[s.x().length - 1]).max().orElse(0);
        List<ChartInput.Series> out = new ArrayList<>();
        for (ChartInput.Series s : series) {
            int n = s.x().length;
            if (n == 0 || s.x()[n - 1] >= maxX) {
                out.add(s);
                continue;
            }
            double[] x = java.util.Arrays.copyOf(s.x(), n + 1);
            double[] y = java.util.Arrays.copyOf(s.y(), n + 1);
            x[n] = maxX;
            y[n] = y[n - 1];
            out.add(new ChartInput.Series(s.name(), x, y));
        }
        return out;
    }

    /** @return true when the x values of the series span {@link #DECADES_FOR_LOG} or more */
    static boolean spansDecades(List<ChartInput.Series> series) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (ChartInput.Series s : series) {
            for (double x : s.x()) {
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
        }
        return min > 0 && max / min >= DECADES_FOR_LOG;
    }

    /**
     * Bucket 0 holds 0 ns, bucket b holds [2^(b-1), 2^b) ns: plotted at its upper bound (1 ns for bucket 0), from one
     * bucket before the first non-empty one to the first that reaches 100 %.
     */
    static ChartInput.Series cdf(String name, Histogram h) {
        int n = h.getBuckets().size();
        int first = 0;
        while (first < n - 1 && h.getBuckets().get(first) == 0) {
            first++;
        }
        first = Math.max(0, first - 1);
        long total = h.getBuckets().stream().mapToLong(Long::longValue).sum();
        int last = n - 1;
        long seen = 0;
        for (int b = 0; b < n; b++) {
            seen += h.getBuckets().get(b);
            if (seen == total) {
                last = b;
                break;
            }
        }
        double[] x = new double[last - first + 1];
        double[] y = new double[last - first + 1];
        long sum = 0;
        for (int b = 0; b <= last; b++) {
            sum += h.getBuckets().get(b);
            if (b >= first) {
                x[b - first] = (b == 0 ? 1 : Math.pow(2, b)) / 1000.0;
                y[b - first] = total == 0 ? 0 : 100.0 * sum / total;
            }
        }
        return new ChartInput.Series(name, x, y);
    }
}
