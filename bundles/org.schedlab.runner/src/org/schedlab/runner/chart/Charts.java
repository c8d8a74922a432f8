/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.chart;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.schedlab.model.results.Histogram;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.TaskBreakdown;
import org.schedlab.model.results.TimeSeries;
import org.schedlab.runner.DeltaTable;

/**
 * Builds the standard charts of a result: comparison bars, a time series, a per-task distribution, a latency CDF.
 */
public final class Charts {
    private Charts() {
    }

    /** @return bars of one metric: a group per machine (column), a bar per variant */
    public static Chart.Bars comparison(String experiment, DeltaTable table) {
        List<Chart.Series> series = new ArrayList<>();
        for (DeltaTable.Row r : table.rows()) {
            series.add(Chart.Series.bars(r.variant(), r.values()));
        }
        return new Chart.Bars(experiment + ": " + table.metric() + " by machine and variant", "machine",
                table.metric() + " (" + table.unit() + ")", table.columns(), series);
    }

    /** @return the series over simulated time in ms, one line each */
    public static Chart.Lines timeSeries(String title, List<String> names, List<TimeSeries> series) {
        List<Chart.Series> lines = new ArrayList<>();
        String yLabel = series.isEmpty() ? "" : series.get(0).getName() + " (" + series.get(0).getUnit() + ")";
        for (int i = 0; i < series.size(); i++) {
            TimeSeries ts = series.get(i);
            double[] x = new double[ts.getValues().size()];
            double[] y = new double[x.length];
            for (int k = 0; k < x.length; k++) {
                x[k] = (k + 1) * ts.getIntervalNs() / 1e6;
                y[k] = ts.getValues().get(k);
            }
            lines.add(new Chart.Series(names.get(i), x, y));
        }
        return new Chart.Lines(title, "simulated time (ms)", yLabel, lines);
    }

    /**
     * @return the cumulative share of wakeups (%) by latency (us), a line per histogram: 0 % at the lower bound of the
     *         first non-empty power-of-two bucket, then a point at each bucket's upper bound up to the first that
     *         reaches 100 % (so a histogram of one bucket is a line too)
     */
    public static Chart.Lines latencyCdf(String title, List<String> names, List<Histogram> histograms) {
        List<Chart.Series> lines = new ArrayList<>();
        for (int i = 0; i < histograms.size(); i++) {
            List<Long> buckets = histograms.get(i).getBuckets();
            long total = buckets.stream().mapToLong(Long::longValue).sum();
            List<double[]> points = new ArrayList<>();
            long seen = 0;
            for (int b = 0; b < buckets.size() && total > 0; b++) {
                if (seen == 0 && buckets.get(b) > 0 && b > 0) { // 0 % at the first bucket's lower bound
                    points.add(new double[] {(b == 1 ? 0.5 : Math.pow(2, b - 1)) / 1000.0, 0});
                }
                seen += buckets.get(b);
                if (seen > 0) {
                    points.add(new double[] {(b == 0 ? 1 : Math.pow(2, b)) / 1000.0, 100.0 * seen / total});
                }
                if (seen == total) {
                    break;
                }
            }
            lines.add(new Chart.Series(names.get(i), points.stream().mapToDouble(p -> p[0]).toArray(),
                    points.stream().mapToDouble(p -> p[1]).toArray()));
        }
        return new Chart.Lines(title, "wakeup latency (us, logarithmic; power-of-two buckets)",
                "wakeups at or below (%)", lines, true);
    }

    /** @return the CPU time each task received in one run, largest first (the fairness picture) */
    public static Chart.Bars taskDistribution(String title, Run run) {
        List<TaskBreakdown> tasks = new ArrayList<>(run.getTasks());
        tasks.sort(Comparator.comparingLong(TaskBreakdown::getCpuNs).reversed()
                .thenComparingInt(TaskBreakdown::getPid));
        List<String> labels = new ArrayList<>();
        List<Double> ms = new ArrayList<>();
        for (TaskBreakdown t : tasks) {
            labels.add(Integer.toString(t.getPid()));
            ms.add(t.getCpuNs() / 1e6);
        }
        return new Chart.Bars(title, "task (pid), most CPU time first", "CPU time per task (ms)", labels, List.of(Chart.Series.bars("CPU time", ms)));
    }
}
