/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.plan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The numbers behind {@code sweep x = A .. B log N | points N | step S} and {@code sample N latin over (...)}:
 * pure arithmetic, independent of the language, so that the expansion is tested on its own.
 *
 * <p>When both ends of a range are whole numbers the points are rounded to whole numbers (base units: ns,
 * cycles, B, Hz or plain counts) and repeated points are dropped, so {@code 16 .. 1024 log 7} gives
 * 16, 32, 64, 128, 256, 512, 1024.
 */
public final class SweepValues {
    /** Most points one range or sample may give (a million-cell plan is fine, a typo of 10^9 is not). */
    public static final int MAX_POINTS = 10_000_000;

    private SweepValues() {
    }

    /** @return {@code n} points spaced evenly from {@code from} to {@code to}, both included */
    public static List<Double> linear(double from, double to, int n) {
        check(n);
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(n == 1 ? from : from + (to - from) * i / (n - 1));
        }
        return whole(out, from, to);
    }

    /** @return {@code n} points spaced evenly on a log scale from {@code from} to {@code to}; both must be > 0 */
    public static List<Double> log(double from, double to, int n) {
        check(n);
        if (!(from > 0 && to > 0)) {
            throw new IllegalArgumentException("a log range needs both ends above zero, not " + text(from) + " .. "
                    + text(to));
        }
        List<Double> out = new ArrayList<>();
        double a = Math.log(from);
        double b = Math.log(to);
        for (int i = 0; i < n; i++) {
            out.add(i == 0 ? from : i == n - 1 ? to : Math.exp(a + (b - a) * i / (n - 1)));
        }
        return whole(out, from, to);
    }

    /** @return {@code from}, {@code from + step}, ... up to {@code to} (included when a step lands on it) */
    public static List<Double> step(double from, double to, double step) {
        if (!(step > 0) || Double.isInfinite(step)) {
            throw new IllegalArgumentException("a step must be above zero, not " + text(step));
        }
        if (to < from) {
            throw new IllegalArgumentException("a stepped range must rise: " + text(from) + " .. " + text(to));
        }
        double count = Math.floor((to - from) / step + 1e-9) + 1;
        if (count > MAX_POINTS) {
            throw new IllegalArgumentException("the range gives " + (long) count + " points, more than "
                    + MAX_POINTS);
        }
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < (int) count; i++) {
            out.add(from + i * step);
        }
        return whole(out, from, to);
    }

    /**
     * A Latin hypercube: {@code n} points in the unit cube of {@code dims} dimensions such that each dimension's
     * {@code n} equal strata hold exactly one point each. Deterministic: the same seed gives the same points.
     *
     * @return {@code n} rows of {@code dims} fractions in [0, 1)
     */
    public static double[][] latin(int n, int dims, long seed) {
        check(n);
        if (dims < 1) {
            throw new IllegalArgumentException("a sample needs at least one dimension");
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[][] out = new double[n][dims];
        for (int d = 0; d < dims; d++) {
            int[] strata = new int[n];
            for (int i = 0; i < n; i++) {
                strata[i] = i;
            }
            for (int i = n - 1; i > 0; i--) { // Fisher-Yates
                int j = random.nextInt(i + 1);
                int t = strata[i];
                strata[i] = strata[j];
                strata[j] = t;
            }
            for (int i = 0; i < n; i++) {
                out[i][d] = (strata[i] + random.nextDouble()) / n;
            }
        }
        return out;
    }

    /** @return {@code low + f * (high - low)}, rounded when both ends are whole */
    public static double scale(double f, double low, double high) {
        double v = low + f * (high - low);
        return isWhole(low) && isWhole(high) ? Math.rint(v) : v;
    }

    private static List<Double> whole(List<Double> points, double from, double to) {
        if (!isWhole(from) || !isWhole(to)) {
            return points;
        }
        LinkedHashSet<Double> rounded = new LinkedHashSet<>();
        points.forEach(p -> rounded.add(Math.rint(p)));
        return new ArrayList<>(rounded);
    }

    private static boolean isWhole(double v) {
        return v == Math.rint(v) && Math.abs(v) < 9e15;
    }

    private static void check(int n) {
        if (n < 1 || n > MAX_POINTS) {
            throw new IllegalArgumentException("the number of points must be 1 to " + MAX_POINTS + ", not " + n);
        }
    }

    private static String text(double v) {
        return isWhole(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
