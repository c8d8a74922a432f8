/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Parameter;
import org.schedlab.model.results.RunStatus;

/**
 * A metric against one swept parameter of a result (the workbench's sweep chart): one point per finished cell, the
 * cell's mean over its seeds with the 95 % interval when it has several; one series per variant, per machine when
 * the result has several, and per value of the other swept parameters. When that leaves one point per series (a
 * random sample, whose other values never repeat) the series are the variants and machines only, drawn as points.
 */
public final class SweptMetric {
    /** The values of a log-spaced sweep grow by a factor within this share of their mean factor. */
    static final double LOG_SPACING_TOLERANCE = 0.15;

    /**
     * One series.
     *
     * @param name legend name
     * @param x    the parameter's values, ascending, in the chart's unit
     * @param y    the metric's mean over seeds
     * @param low  the lower end of its 95 % interval (NaN with one seed)
     * @param high the upper end
     */
    public record Series(String name, double[] x, double[] y, double[] low, double[] high) {
    }

    /**
     * The chart.
     *
     * @param title      what is plotted against what, of which experiment
     * @param xTitle     the parameter with its unit
     * @param yTitle     the metric with its unit
     * @param series     the series, by name
     * @param logX       the values span more than two decades, or grow by a constant factor (a {@code log} range)
     * @param pointsOnly the series are samples: points, not lines
     */
    public record Chart(String title, String xTitle, String yTitle, List<Series> series, boolean logX,
            boolean pointsOnly) {
        /** @return the number of points, one per cell drawn */
        public int points() {
            return series.stream().mapToInt(s -> s.x().length).sum();
        }
    }

    private record Point(double x, double y, double low, double high) {
    }

    private SweptMetric() {
    }

    /** @return the swept parameters of {@code result} whose values are numbers in one unit, sorted */
    public static List<String> parameters(ExperimentResult result) {
        Set<String> keys = new TreeSet<>();
        result.getCells().forEach(c -> c.getParameters().forEach(p -> keys.add(p.getKey())));
        return keys.stream().filter(k -> !k.equals(Sensitivity.SHIFTED))
                .filter(k -> ParameterValues.numbers(values(result, k)).isPresent()).toList();
    }

    /** @return {@code metric} of the finished cells of {@code result} against {@code parameter} */
    public static Chart of(ExperimentResult result, String parameter, String metric) {
        ParameterValues.Numbers numbers = ParameterValues.numbers(values(result, parameter))
                .orElseThrow(() -> new IllegalArgumentException(parameter + " is not a swept number"));
        double scale = scale(numbers);
        String unit = scale == 1 ? numbers.unit() : SCALED_UNITS.get(scale);
        Set<String> machines = new TreeSet<>();
        result.getCells().forEach(c -> machines.add(c.getMachine()));
        Map<String, List<Point>> withOthers = new LinkedHashMap<>();
        Map<String, List<Point>> plain = new LinkedHashMap<>();
        String metricUnit = "";
        for (int i = 0; i < result.getCells().size(); i++) {
            Cell c = result.getCells().get(i);
            Double x = numbers.values().get(i);
            Metric m = c.getMetrics().stream().filter(v -> v.getName().equals(metric)).findFirst().orElse(null);
            if (x == null || m == null || c.getStatus() != RunStatus.OK || !Double.isFinite(m.getMean())) {
                continue;
            }
            metricUnit = m.getUnit() == null ? "" : m.getUnit();
            boolean interval = m.getSamples() > 1 && Double.isFinite(m.getCi95Low()) && Double.isFinite(m.getCi95High());
            Point p = new Point(x / scale, m.getMean(), interval ? m.getCi95Low() : Double.NaN,
                    interval ? m.getCi95High() : Double.NaN);
            String name = (machines.size() > 1 ? c.getMachine() + "/" : "") + c.getVariant();
            plain.computeIfAbsent(name, k -> new ArrayList<>()).add(p);
            String others = others(c, parameter);
            withOthers.computeIfAbsent(others.isEmpty() ? name : name + " [" + others + "]", k -> new ArrayList<>())
                    .add(p);
        }
        boolean sample = withOthers.size() > plain.size() && withOthers.values().stream().allMatch(l -> l.size() < 2);
        List<Series> series = new ArrayList<>();
        (sample ? plain : withOthers).forEach((name, points) -> series.add(series(name, points)));
        String xTitle = parameter + (unit.isEmpty() ? "" : " (" + unit + ")");
        boolean log = logScale(series);
        String seeds = result.getRepeats() > 1 ? ", mean over " + result.getRepeats() + " seeds with its 95 % interval"
                : "";
        return new Chart(result.getName() + ": " + metric + " against " + parameter + seeds,
                xTitle + (log ? ", log scale" : ""), metric + (metricUnit.isEmpty() ? "" : " (" + metricUnit + ")"),
                series, log, sample);
    }

    private static final Map<Double, String> SCALED_UNITS = Map.of(1e3, "us", 1e6, "ms", 1e9, "s");

    /** @return the divisor that shows nanoseconds in the largest unit of which every value is at least 1 */
    private static double scale(ParameterValues.Numbers numbers) {
        if (!numbers.unit().equals("ns")) {
            return 1;
        }
        double min = numbers.values().stream().filter(v -> v != null && v != 0).mapToDouble(Math::abs).min()
                .orElse(0);
        for (double s : new double[] {1e9, 1e6, 1e3}) {
            if (min >= s) {
                return s;
            }
        }
        return 1;
    }

    private static Series series(String name, List<Point> points) {
        List<Point> sorted = new ArrayList<>(points);
        sorted.sort(Comparator.comparingDouble(Point::x));
        return new Series(name, sorted.stream().mapToDouble(Point::x).toArray(),
                sorted.stream().mapToDouble(Point::y).toArray(), sorted.stream().mapToDouble(Point::low).toArray(),
                sorted.stream().mapToDouble(Point::high).toArray());
    }

    /** @return the cell's swept values other than {@code parameter}'s, as {@code k=v,...} */
    private static String others(Cell c, String parameter) {
        Map<String, String> rest = new TreeMap<>();
        for (Parameter p : c.getParameters()) {
            if (!p.getKey().equals(parameter)) {
                rest.put(p.getKey(), p.getValue());
            }
        }
        return org.schedlab.dsl.plan.CellSpec.paramsLabel(rest);
    }

    /** @return each cell's value of {@code parameter}, null where a cell has none */
    private static List<String> values(ExperimentResult result, String parameter) {
        List<String> out = new ArrayList<>();
        for (Cell c : result.getCells()) {
            out.add(c.getParameters().stream().filter(p -> p.getKey().equals(parameter)).map(Parameter::getValue)
                    .findFirst().orElse(null));
        }
        return out;
    }

    /**
     * @return true when every x is above zero and the values span more than two decades or, three or more of them,
     *         grow by about the same factor (a {@code log} range)
     */
    static boolean logScale(List<Series> series) {
        Set<Double> xs = new TreeSet<>();
        series.forEach(s -> {
            for (double x : s.x()) {
                xs.add(x);
            }
        });
        if (xs.isEmpty() || xs.iterator().next() <= 0) {
            return false;
        }
        List<Double> v = new ArrayList<>(xs);
        double min = v.get(0);
        double max = v.get(v.size() - 1);
        if (max / min > 100) {
            return true;
        }
        if (v.size() < 3) {
            return false;
        }
        double logRatio = Math.log(max / min) / (v.size() - 1);
        double step = (max - min) / (v.size() - 1);
        boolean geometric = true;
        boolean linear = true;
        for (int i = 1; i < v.size(); i++) {
            double r = Math.log(v.get(i) / v.get(i - 1));
            geometric &= Math.abs(r - logRatio) <= LOG_SPACING_TOLERANCE * logRatio;
            linear &= Math.abs(v.get(i) - v.get(i - 1) - step) <= 1e-9 * Math.max(1, Math.abs(max));
        }
        return geometric && !linear;
    }
}
