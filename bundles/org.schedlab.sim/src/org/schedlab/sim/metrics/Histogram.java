/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.metrics;

import java.util.Arrays;

/**
 * A latency histogram with power-of-two buckets: bucket 0 holds 0 ns, bucket {@code b >= 1} holds
 * values in [2^(b-1), 2^b) ns. Exact count, sum, min and max are kept beside the buckets. Each bucket above 16 ns
 * is also split into {@link #SUB} equal parts, which only the quantiles read (to within 1/16 of the value).
 */
public final class Histogram {
    /** Linear parts per power-of-two bucket that the quantiles use. */
    static final int SUB = 16;
    private final long[] buckets = new long[64];
    private final long[] fine = new long[64 * SUB];
    private long count;
    private long sum;
    private long min = Long.MAX_VALUE;
    private long max;

    /** Records one value in ns (negative values are an error). */
    public void record(long ns) {
        if (ns < 0) {
            throw new IllegalArgumentException("negative latency " + ns);
        }
        int b = 64 - Long.numberOfLeadingZeros(ns);
        buckets[b]++;
        fine[b * SUB + part(ns, b)]++;
        count++;
        sum += ns;
        min = Math.min(min, ns);
        max = Math.max(max, ns);
    }

    /** @return number of values */
    public long count() {
        return count;
    }

    /** @return mean in ns, 0 when empty */
    public double mean() {
        return count == 0 ? 0 : (double) sum / count;
    }

    /** @return smallest value, 0 when empty */
    public long min() {
        return count == 0 ? 0 : min;
    }

    /** @return largest value */
    public long max() {
        return max;
    }

    /** @return the count in bucket {@code b} */
    public long bucket(int b) {
        return buckets[b];
    }

    /** @return the exclusive upper bound of bucket {@code b} in ns */
    public static long bucketUpperNs(int b) {
        return b == 0 ? 1 : (b >= 63 ? Long.MAX_VALUE : 1L << b);
    }

    /** @return which of the {@link #SUB} parts of bucket {@code b} holds {@code ns} (0 for the buckets below 32 ns) */
    private static int part(long ns, int b) {
        return b <= 5 ? 0 : (int) ((ns >>> (b - 5)) & (SUB - 1));
    }

    /**
     * @return an upper bound of the {@code q}-quantile (0..1): the upper edge of the sixteenth of its power-of-two
     *         bucket that holds it, capped at max
     */
    public long quantileUpperNs(double q) {
        if (count == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(q * count);
        long seen = 0;
        for (int i = 0; i < fine.length; i++) {
            seen += fine[i];
            if (seen >= rank && seen > 0) {
                int b = i / SUB;
                long upper = b <= 5 ? bucketUpperNs(b) : (1L << (b - 1)) + ((long) (i % SUB + 1) << (b - 5));
                return Math.min(max, upper - 1);
            }
        }
        return max;
    }

    /** @return an independent copy */
    public Histogram copy() {
        Histogram h = new Histogram();
        System.arraycopy(buckets, 0, h.buckets, 0, buckets.length);
        System.arraycopy(fine, 0, h.fine, 0, fine.length);
        h.count = count;
        h.sum = sum;
        h.min = min;
        h.max = max;
        return h;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Histogram h && count == h.count && sum == h.sum && max == h.max
                && Arrays.equals(buckets, h.buckets);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(buckets) * 31 + Long.hashCode(sum);
    }

    @Override
    public String toString() {
        return String.format("n=%d mean=%.0fns max=%dns", count, mean(), max);
    }
}
