/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

/**
 * Student's t distribution, exactly (to double precision): the cumulative distribution from the regularized
 * incomplete beta function I_x(a, b) (Lentz's continued fraction, Numerical Recipes 6.4) and the quantile by
 * bisection on it. No table: any positive number of degrees of freedom.
 */
public final class StudentT {
    private static final double EPS = 1e-16;
    private static final double TINY = 1e-300;

    private StudentT() {
    }

    /** @return P(T <= t) for T with {@code df} degrees of freedom */
    public static double cdf(double t, double df) {
        requirePositive(df);
        double x = df / (df + t * t);
        double tail = 0.5 * regularizedBeta(x, df / 2, 0.5); // P(T > |t|)
        return t >= 0 ? 1 - tail : tail;
    }

    /** @return the {@code p} quantile of Student's t with {@code df} degrees of freedom ({@code 0 < p < 1}) */
    public static double quantile(double p, double df) {
        requirePositive(df);
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("probability must lie in (0, 1), not " + p);
        }
        if (p == 0.5) {
            return 0;
        }
        if (p < 0.5) {
            return -quantile(1 - p, df);
        }
        double lo = 0;
        double hi = 1;
        while (cdf(hi, df) < p) {
            lo = hi;
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (cdf(mid, df) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** @return the regularized incomplete beta function I_x(a, b) for {@code 0 <= x <= 1}, {@code a, b > 0} */
    public static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x)
                + b * Math.log1p(-x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * betaFraction(x, a, b) / a;
        }
        return 1 - front * betaFraction(1 - x, b, a) / b;
    }

    /** The continued fraction of I_x(a, b), modified Lentz's method. */
    private static double betaFraction(double x, double a, double b) {
        double qab = a + b;
        double qap = a + 1;
        double qam = a - 1;
        double c = 1;
        double d = 1 - qab * x / qap;
        d = Math.abs(d) < TINY ? TINY : d;
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= 10_000; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
            d = 1 + aa * d;
            d = Math.abs(d) < TINY ? TINY : d;
            c = 1 + aa / c;
            c = Math.abs(c) < TINY ? TINY : c;
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
            d = 1 + aa * d;
            d = Math.abs(d) < TINY ? TINY : d;
            c = 1 + aa / c;
            c = Math.abs(c) < TINY ? TINY : c;
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < EPS) {
                return h;
            }
        }
        throw new ArithmeticException("incomplete beta did not converge for x=" + x + " a=" + a + " b=" + b);
    }

    /** @return ln Gamma(x) for x > 0 (Lanczos, g = 7, nine coefficients; relative error about 1e-15) */
    static double logGamma(double x) {
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
            -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
            1.5056327351493116e-7};
        double z = x - 1;
        double sum = c[0];
        for (int i = 1; i < c.length; i++) {
            sum += c[i] / (z + i);
        }
        double t = z + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }

    private static void requirePositive(double df) {
        if (!(df > 0)) {
            throw new IllegalArgumentException("degrees of freedom must be positive, not " + df);
        }
    }
}
