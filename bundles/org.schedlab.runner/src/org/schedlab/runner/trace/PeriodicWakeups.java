/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

import java.util.Arrays;

/**
 * Whether a task's own wakeups (those no imported task made: its timer's) keep to an absolute grid, as rt-app's
 * {@code timer} and cyclictest's clock_nanosleep(TIMER_ABSTIME) make them, and the grid's period. A task that sleeps
 * a relative time after each run drifts: every late run moves all its later wakeups; a task on a grid comes back to
 * it after a late one. So: most intervals between two wakeups are within {@value #NEAR_PCT} % of their median, and,
 * against the least-squares grid through every wakeup (each counted by its nearest whole number of medians from the
 * first), most wakeups lie within {@value #ON_GRID_PCT} % of a period of their point. A late wakeup and the early
 * one after it (a missed point) spoil two intervals and no grid point; a relative sleeper's one long delay moves
 * half its wakeups off any grid. A task whose runs never vary keeps a grid with either kind of sleep; only when its
 * sleeps vary (coefficient of variation at least {@link #SLEEPS_VARY}) while its wakeups keep the grid are they a
 * timer's; otherwise the importer keeps the relative sleep, which replays the same as long as nothing delays it.
 */
final class PeriodicWakeups {
    /** Fewer intervals than this tell nothing. */
    static final int MIN_INTERVALS = 10;
    static final int NEAR_PCT = 2;
    static final int ON_GRID_PCT = 10;
    /** "Most": the share of the intervals, and of the wakeups, that must pass each test. */
    static final double MOST = 0.8;
    /** The sleeps' coefficient of variation from which a grid is a timer's: below it they are of a fixed length. */
    static final double SLEEPS_VARY = 0.05;

    private PeriodicWakeups() {
    }

    /**
     * @param t the wakeups' times (ns), ascending
     * @param n how many of {@code t} are set
     * @return the grid's period (ns), or -1 when the wakeups keep to none
     */
    static long period(long[] t, int n) {
        if (n < MIN_INTERVALS + 1) {
            return -1;
        }
        long[] d = new long[n - 1];
        for (int i = 1; i < n; i++) {
            d[i - 1] = t[i] - t[i - 1];
        }
        long[] sorted = d.clone();
        Arrays.sort(sorted);
        double median = sorted[sorted.length / 2];
        if (median <= 0 || Arrays.stream(d).filter(x -> Math.abs(x - median) * 100 <= NEAR_PCT * median).count()
                < MOST * d.length) {
            return -1;
        }
        long[] k = new long[n];
        for (int i = 0; i < n; i++) {
            k[i] = Math.round((t[i] - t[0]) / median);
        }
        double[] grid = fit(t, k, n, null);
        if (grid == null) {
            return -1;
        }
        boolean[] on = new boolean[n];
        int onGrid = 0;
        for (int i = 0; i < n; i++) {
            on[i] = Math.abs(t[i] - t[0] - grid[0] - grid[1] * k[i]) * 100 <= ON_GRID_PCT * grid[1];
            onGrid += on[i] ? 1 : 0;
        }
        if (onGrid < MOST * n) {
            return -1;
        }
        double[] refit = fit(t, k, n, on); // the grid again without the late wakeups, which pull a line off it
        return Math.round(refit == null ? grid[1] : refit[1]);
    }

    /**
     * @return {a, p} of the least-squares line t - t[0] = a + p k over the wakeups {@code use} keeps (null: all), or
     *         null when they do not fix one
     */
    private static double[] fit(long[] t, long[] k, int n, boolean[] use) {
        double m = 0;
        double sk = 0;
        double st = 0;
        double skk = 0;
        double skt = 0;
        for (int i = 0; i < n; i++) {
            if (use != null && !use[i]) {
                continue;
            }
            double x = t[i] - t[0];
            m++;
            sk += k[i];
            st += x;
            skk += (double) k[i] * k[i];
            skt += k[i] * x;
        }
        double den = m * skk - sk * sk;
        if (den <= 0) {
            return null;
        }
        double p = (m * skt - sk * st) / den;
        return new double[] { (st - p * sk) / m, p };
    }
}
