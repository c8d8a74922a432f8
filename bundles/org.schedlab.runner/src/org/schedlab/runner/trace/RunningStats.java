/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

/** Count, mean, variance (Welford), min and max of a stream of durations in ns, in constant memory. */
final class RunningStats {
    long n;
    double mean;
    double m2;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;

    void add(long x) {
        n++;
        double d = x - mean;
        mean += d / n;
        m2 += d * (x - mean);
        min = Math.min(min, x);
        max = Math.max(max, x);
    }

    double sd() {
        return n < 2 ? 0 : Math.sqrt(m2 / (n - 1));
    }

    /** @return the coefficient of variation (0 for a constant or a single value) */
    double cv() {
        return mean <= 0 ? 0 : sd() / mean;
    }

    /**
     * @return a .sched amount fitted to the values: the constant mean when they vary by under 5 % (cv), a normal
     *         distribution below a cv of 0.5, else an exponential one of the same mean
     */
    String fitted() {
        return fitted(1);
    }

    /**
     * @return the amount of one of {@code parts} equal pieces of {@link #fitted()}: a piece's mean is the mean over
     *         {@code parts}, a normal piece's variance the variance over {@code parts} (so that the pieces add up to
     *         the fitted distribution), an exponential piece's mean the mean over {@code parts} (the pieces add up to
     *         an Erlang distribution of the same mean, less spread than the exponential)
     */
    String fitted(int parts) {
        long m = Math.max(1, Math.round(mean / parts));
        double cv = cv();
        if (cv < 0.05) {
            return TaskHistory.time(m);
        }
        if (cv < 0.5) {
            return "normal(" + TaskHistory.time(m) + ", " + TaskHistory.time(Math.max(1, Math.round(sd()
                    / Math.sqrt(parts)))) + ")";
        }
        return "exponential(" + TaskHistory.time(m) + ")";
    }

    /** @return n, mean, cv and range, for a comment */
    String describe() {
        return n + " x, mean " + TaskHistory.time(Math.round(mean)) + String.format(java.util.Locale.ROOT,
                ", cv %.2f, %s .. %s", cv(), TaskHistory.time(min), TaskHistory.time(max));
    }
}
