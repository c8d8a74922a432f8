/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.memory;

/**
 * One front-side bus as a shared resource. Every transaction (a miss to memory, a cache-to-cache transfer, an
 * invalidation, a write-back, a spinner's re-read) occupies it for a time; a transaction waits for the ones
 * ahead of it.
 *
 * <p>The simulation runs each kernel path atomically at its event while the CPUs' cursors stand at slightly
 * different times, so the bus cannot be one first-come-first-served timeline (a CPU whose cursor is behind
 * would queue behind "future" traffic). It keeps the demand per time bucket of about 1 us instead: the wait of
 * a transaction is the backlog carried into its bucket from buckets whose demand exceeded the bus's capacity,
 * plus the mean wait of a queue with deterministic service at the bucket's utilisation so far (M/D/1:
 * service x rho / (2 (1 - rho)), rho capped at 0.95). Traffic posted into a bucket older than the ring (4 ms)
 * is counted but waits only its own service.
 */
final class Bus {
    private static final int SHIFT = 10;
    private static final long BUCKET_NS = 1L << SHIFT;
    private static final int RING = 1 << 12;
    private static final int MASK = RING - 1;
    /** Ring entries of 4 longs, one bucket each: tag (the bucket number), demand, backlog, unused (alignment). */
    private static final int TAG = 0, DEMAND = 1, BACKLOG = 2, STRIDE = 4;
    /** The bucket's utilisation is capped at 0.95: demand (in half-ns, see {@link #queueWait}) from here on is capped. */
    private static final int CAPPED = (int) Math.ceil(0.95 * 2 * BUCKET_NS);
    private final long[] ring = new long[RING * STRIDE];
    private long head = Long.MIN_VALUE;
    private long transactions;
    private long waitNs;
    private long busyNs;
    /** {@link #queueWait} by doubled demand below {@link #CAPPED}, then the capped value; for {@link #waitOcc}. */
    private long[] waits;
    private long waitOcc = -1;

    Bus() {
        for (int i = 0; i < RING; i++) {
            ring[i * STRIDE + TAG] = Long.MIN_VALUE;
        }
    }

    /**
     * A transaction occupying the bus for {@code occupancyNs} at time {@code t}.
     *
     * @return how long it waited for the bus, ns
     */
    long transact(long t, long occupancyNs) {
        return transact(t, 1, occupancyNs);
    }

    /**
     * {@code n} transactions of one CPU back to back from time {@code t} (a refill, a spinner's re-reads),
     * queued as one batch at the utilisation the batch meets halfway through.
     *
     * @return how long they waited for the bus in all, ns
     */
    long transact(long t, int n, long occupancyNs) {
        long b = t >> SHIFT;
        if (b > head) {
            advance(b);
        }
        long batch = n * occupancyNs;
        transactions += n;
        busyNs += batch;
        if (b <= head - RING) {
            return 0; // older than the ring: counted, not queued
        }
        long[] r = ring;
        int i = (int) (b & MASK) * STRIDE;
        if (r[i + TAG] != b) { // a bucket the newest one skipped over: empty so far
            r[i + TAG] = b;
            r[i + DEMAND] = 0;
            r[i + BACKLOG] = 0;
        }
        long d = r[i + DEMAND];
        long wait = n * (r[i + BACKLOG] + queueWait(2 * d + batch - occupancyNs, occupancyNs));
        r[i + DEMAND] = d + batch;
        waitNs += wait;
        return wait;
    }

    /**
     * The M/D/1 mean wait of one transaction of {@code occupancyNs} at the utilisation rho = min(0.95,
     * {@code demand2} / 2 / BUCKET_NS), where {@code demand2} is twice the demand the batch meets halfway
     * through (an integer: demand so far plus half the batch before it), rounded to ns. A function of the
     * doubled demand only, so it is computed once per value (a double division per transaction otherwise);
     * {@code demand2 / 2.0 / BUCKET_NS} and {@code demand2 / (2.0 * BUCKET_NS)} are the same double (exact
     * halves and a power of two), so the table holds exactly what the formula gives.
     */
    private long queueWait(long demand2, long occupancyNs) {
        if (demand2 < 0) {
            return mdOne(demand2, occupancyNs); // an empty batch (n = 0) into an empty bucket
        }
        if (occupancyNs != waitOcc) {
            waits = new long[CAPPED + 1];
            for (int x = 0; x <= CAPPED; x++) {
                waits[x] = mdOne(x, occupancyNs);
            }
            waitOcc = occupancyNs;
        }
        return waits[(int) Math.min(demand2, CAPPED)];
    }

    private static long mdOne(long demand2, long occupancyNs) {
        double rho = Math.min(0.95, demand2 / (2.0 * BUCKET_NS));
        return (long) (occupancyNs * rho / (2 * (1 - rho)) + 0.5);
    }

    /** Moves the newest bucket to {@code b}, carrying the backlog of overloaded buckets forward. */
    private void advance(long b) {
        long[] r = ring;
        long carry = 0;
        if (head != Long.MIN_VALUE) {
            int h = (int) (head & MASK) * STRIDE;
            carry = Math.max(0, r[h + BACKLOG] + r[h + DEMAND] - BUCKET_NS);
            long gap = b - head - 1; // empty buckets in between drain the backlog
            carry = Math.max(0, carry - Math.min(gap, RING) * BUCKET_NS);
        }
        int i = (int) (b & MASK) * STRIDE;
        r[i + TAG] = b;
        r[i + DEMAND] = 0;
        r[i + BACKLOG] = carry;
        head = b; // buckets skipped over are set up when first used (their tag is stale)
    }
    /** @return transactions so far */
    long transactions() {
        return transactions;
    }

    /** @return time transactions waited for the bus, ns */
    long waitNs() {
        return waitNs;
    }

    /** @return time the bus was occupied, ns */
    long busyNs() {
        return busyNs;
    }
}
