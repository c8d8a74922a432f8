/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.List;

/**
 * Statistics of one metric over a cell's repeats: mean, sample standard deviation (n - 1), extremes and
 * the 95% confidence interval of the mean from Student's t distribution (two-sided).
 *
 * @param n        samples
 * @param mean     arithmetic mean
 * @param stddev   sample standard deviation (0 for one sample)
 * @param min      smallest sample
 * @param max      largest sample
 * @param ci95Low  mean - t(0.975, n-1) * stddev / sqrt(n) (the mean for one sample)
 * @param ci95High mean + t(0.975, n-1) * stddev / sqrt(n)
 */
public record Stats(int n, double mean, double stddev, double min, double max, double ci95Low, double ci95High) {
    /** @return the statistics of {@code samples} (at least one) */
    public static Stats of(List<Double> samples) {
        int n = samples.size();
        if (n == 0) {
            throw new IllegalArgumentException("no samples");
        }
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : samples) {
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        double mean = sum / n;
        if (n == 1) {
            return new Stats(1, mean, 0, min, max, mean, mean);
        }
        double sq = 0;
        for (double v : samples) {
            sq += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(sq / (n - 1));
        double half = t975(n - 1) * sd / Math.sqrt(n);
        return new Stats(n, mean, sd, min, max, mean - half, mean + half);
    }

    /** @return half the width of the 95% confidence interval of the mean */
    public double halfWidth() {
        return (ci95High - ci95Low) / 2;
    }

    /** @return the two-sided 95% quantile of Student's t with {@code df} degrees of freedom, exactly ({@link StudentT}) */
    public static double t975(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be positive");
        }
        return StudentT.quantile(0.975, df);
    }
}
