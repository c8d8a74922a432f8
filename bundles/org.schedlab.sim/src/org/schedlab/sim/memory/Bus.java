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
 *
 * <p>Representation: the newest bucket's demand and backlog sit in two fields (nearly every transaction falls
 * into it), the older buckets' in the ring; a single line transaction's M/D/1 term is read from a table indexed by
 * the bucket's demand in ns, filled once with the same arithmetic (from 1024 ns of demand up the utilisation is at
 * its cap, so one entry serves them all). A transaction used to cost about 25 ns of host time in the arithmetic
 * and the ring's three arrays, 9 ns now (docs/performance.md, 2026-12-05).
 */
final class Bus {
    private static final int SHIFT = 10;
    private static final long BUCKET_NS = 1L << SHIFT;
    private static final int RING = 1 << 12;
    private static final int MASK = RING - 1;
    /** Demand below which the M/D/1 utilisation stays under its cap; the table of {@link #lineWait} spans it. */
    private static final int TABLE = (int) BUCKET_NS;
    private final long[] tag = new long[RING];
    private final long[] demand = new long[RING];
    private final long[] backlog = new long[RING];
    private final long lineNs;
    private final long[] lineWait = new long[TABLE + 1];
    private long head = Long.MIN_VALUE;
    private long headDemand;
    private long headBacklog;
    /** Transactions other than {@link #lines}. */
    private long transactions;
    /** Single line transactions in the newest bucket ({@link #transactLine}): their count gives their occupancy. */
    private long lines;
    private long waitNs;
    /** Occupancy of the transactions other than {@link #lines}. */
    private long busyNs;

    /**
     * @param lineNs the occupancy of one line transaction: the queueing wait of a single one in the newest bucket
     *               is looked up by the bucket's demand so far (the same arithmetic, done once per demand)
     */
    Bus(long lineNs) {
        java.util.Arrays.fill(tag, Long.MIN_VALUE);
        this.lineNs = lineNs;
        for (int d = 0; d <= TABLE; d++) {
            lineWait[d] = meanWait(d, 1, lineNs);
        }
    }

    /**
     * One line transaction ({@code lineNs}) at time {@code t}. The common case, a transaction in the newest
     * bucket, reads its demand and backlog from two fields and its queueing wait from the table; the others take
     * the general path.
     *
     * @return how long it waited for the bus, ns
     */
    long transactLine(long t) {
        if (t >> SHIFT != head) {
            return transact(t, 1, lineNs);
        }
        long d = headDemand;
        long wait = headBacklog + lineWait[(int) Math.min(d, TABLE)];
        headDemand = d + lineNs;
        lines++;
        waitNs += wait;
        return wait;
    }

    /** @return the M/D/1 wait of a batch of {@code n} at the bucket's demand {@code d}, without the backlog */
    private long queueWait(long d, int n, long occupancyNs) {
        if (n == 1 && occupancyNs == lineNs) {
            return lineWait[(int) Math.min(d, TABLE)];
        }
        return meanWait(d, n, occupancyNs);
    }

    private static long meanWait(long d, int n, long occupancyNs) {
        long batch = n * occupancyNs;
        double rho = Math.min(0.95, (d + (batch - occupancyNs) / 2.0) / BUCKET_NS);
        return (long) (occupancyNs * rho / (2 * (1 - rho)) + 0.5);
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
        if (b == head) {
            long wait = n * (headBacklog + queueWait(headDemand, n, occupancyNs));
            headDemand += batch;
            waitNs += wait;
            return wait;
        }
        int i = (int) (b & MASK);
        if (tag[i] != b) { // a bucket the newest one skipped over: empty so far
            tag[i] = b;
            demand[i] = 0;
            backlog[i] = 0;
        }
        long d = demand[i];
        long wait = n * (backlog[i] + queueWait(d, n, occupancyNs));
        demand[i] = d + batch;
        waitNs += wait;
        return wait;
    }

    /** Moves the newest bucket to {@code b}, carrying the backlog of overloaded buckets forward. */
    private void advance(long b) {
        long carry = 0;
        if (head != Long.MIN_VALUE) {
            int h = (int) (head & MASK); // the newest bucket's figures go to the ring
            demand[h] = headDemand;
            backlog[h] = headBacklog;
            carry = Math.max(0, headBacklog + headDemand - BUCKET_NS);
            long gap = b - head - 1; // empty buckets in between drain the backlog
            carry = Math.max(0, carry - Math.min(gap, RING) * BUCKET_NS);
        }
        int i = (int) (b & MASK);
        tag[i] = b; // its demand and backlog live in headDemand and headBacklog until the next advance
        headDemand = 0;
        headBacklog = carry;
        head = b; // buckets skipped over are set up when first used (their tag is stale)
    }

    /** @return transactions so far */
    long transactions() {
        return transactions + lines;
    }

    /** @return time transactions waited for the bus, ns */
    long waitNs() {
        return waitNs;
    }

    /** @return time the bus was occupied, ns */
    long busyNs() {
        return busyNs + lines * lineNs;
    }
}
