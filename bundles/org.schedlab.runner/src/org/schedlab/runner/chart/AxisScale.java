/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.chart;

import java.math.BigDecimal;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A linear axis with "nice" ticks: the step is 1, 2 or 5 times a power of ten, chosen so that about five steps
 * cover the data, and the axis runs from a whole number of steps at or below the smallest value to a whole
 * number at or above the largest. Tick labels carry thousands separators ({@code 12,500}) and as many decimals
 * as the step needs ({@code 0.05}).
 *
 * @param low  the axis' first tick
 * @param high the axis' last tick
 * @param step the distance between two ticks
 */
public record AxisScale(double low, double high, double step) {
    /** About this many steps between the first and the last tick. */
    static final int TARGET_STEPS = 5;

    /**
     * @return the scale covering {@code min .. max} (non-finite bounds count as 0; an empty range becomes one
     *         step)
     */
    public static AxisScale covering(double min, double max) {
        double lo = Double.isFinite(min) ? min : 0;
        double hi = Double.isFinite(max) ? max : 0;
        if (hi < lo) {
            double t = lo;
            lo = hi;
            hi = t;
        }
        double step = niceStep((hi - lo) / TARGET_STEPS);
        if (hi == lo) {
            step = niceStep(Math.abs(hi) / TARGET_STEPS);
        }
        double first = Math.floor(lo / step + 1e-9) * step;
        double last = Math.ceil(hi / step - 1e-9) * step;
        if (last <= first) {
            last = first + step;
        }
        return new AxisScale(round(first, step), round(last, step), step);
    }

    /** @return the smallest 1, 2 or 5 times a power of ten at or above {@code v} (1 for v <= 0 or not finite) */
    public static double niceStep(double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5}) {
            if (m * p >= v * (1 - 1e-12)) {
                return round(m * p, m * p);
            }
        }
        return round(10 * p, 10 * p);
    }

    /** @return every tick from {@link #low} to {@link #high}, exact decimal multiples of the step */
    public List<Double> ticks() {
        List<Double> ticks = new ArrayList<>();
        long n = Math.round((high - low) / step);
        for (long i = 0; i <= n; i++) {
            ticks.add(round(low + i * step, step));
        }
        return ticks;
    }

    /** @return where {@code v} lies between {@link #low} (0) and {@link #high} (1) */
    public double fraction(double v) {
        return (v - low) / (high - low);
    }

    /** @return a tick's label: thousands separators, the decimals the step needs, never {@code -0} */
    public String label(double v) {
        DecimalFormat f = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        f.setMinimumFractionDigits(decimals());
        f.setMaximumFractionDigits(decimals());
        return f.format(v == 0 ? 0.0 : v);
    }

    private int decimals() {
        return Math.max(0, BigDecimal.valueOf(step).stripTrailingZeros().scale());
    }

    /** @return {@code v} rounded to the decimal digits of {@code step} (removes 0.30000000000000004) */
    private static double round(double v, double step) {
        int scale = Math.max(0, BigDecimal.valueOf(step).stripTrailingZeros().scale());
        return BigDecimal.valueOf(v).setScale(scale, java.math.RoundingMode.HALF_EVEN).doubleValue();
    }
}
