/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

/**
 * Per-entity load tracking ({@code struct sched_avg} and the arithmetic of kernel/sched/pelt.c, unchanged from 6.6
 * to 6.18): a geometric series over periods of 1024 us (time in units of 1024 ns), each period weighing y times
 * the next with y^32 = 1/2, kept as running sums ({@code load_sum}, {@code runnable_sum}, {@code util_sum}) and
 * averages (the sums over the series' maximum at the current position in the period). The decay factors are
 * y^n scaled to 32 bits as {@code runnable_avg_yN_inv} has them (generated as (2^32 - 1) y^n, truncated); the
 * series' maximum is {@code LOAD_AVG_MAX} (47742). A task entity's load_avg tends to its weight while it is
 * queued all the time, its util_avg to 1024 while it runs all the time; a cfs_rq's sums are the sums of its
 * entities'. Time is the rq clock (the simulation's CPUs have no frequency or capacity scaling, so
 * {@code rq_clock_pelt} is {@code rq_clock_task}).
 */
public final class SchedAvg {

    /** {@code LOAD_AVG_PERIOD}: periods in a half-life. */
    static final int LOAD_AVG_PERIOD = 32;
    /** {@code LOAD_AVG_MAX}: the sum of 1024 y^n over every n (kernel/sched/sched-pelt.h). */
    static final long LOAD_AVG_MAX = 47742;
    /** {@code PELT_MIN_DIVIDER}: the maximum at the start of a period. */
    static final long PELT_MIN_DIVIDER = LOAD_AVG_MAX - 1024;
    /** {@code SCHED_CAPACITY_SHIFT}. */
    static final int CAPACITY_SHIFT = 10;
    static final long CAPACITY_SCALE = 1L << CAPACITY_SHIFT;

    private static final long[] Y_N_INV = new long[LOAD_AVG_PERIOD];

    static {
        double y = Math.pow(0.5, 1.0 / LOAD_AVG_PERIOD);
        for (int n = 0; n < LOAD_AVG_PERIOD; n++) {
            Y_N_INV[n] = (long) (0xFFFF_FFFFL * Math.pow(y, n));
        }
    }

    long lastUpdateTime;
    long loadSum;
    long runnableSum;
    long utilSum;
    long periodContrib;
    long loadAvg;
    long runnableAvg;
    long utilAvg;
    /** A cfs_rq's {@code removed}: the averages of sleepers that left it, taken out at its next update. */
    int removedNr;
    long removedLoad;
    long removedUtil;
    long removedRunnable;

    public long loadAvg() { return loadAvg; }
    public long runnableAvg() { return runnableAvg; }
    public long utilAvg() { return utilAvg; }
    public long lastUpdateTime() { return lastUpdateTime; }

    /** {@code decay_load}: val y^n, 0 beyond 63 half-lives. */
    static long decayLoad(long val, long n) {
        if (n > LOAD_AVG_PERIOD * 63L) {
            return 0;
        }
        int local = (int) n;
        if (local >= LOAD_AVG_PERIOD) {
            val >>>= local / LOAD_AVG_PERIOD;
            local %= LOAD_AVG_PERIOD;
        }
        return mulShr32(val, Y_N_INV[local]);
    }

    /** {@code mul_u64_u32_shr(val, m, 32)}: (val * m) >> 32 without overflow, for val >= 0 and m < 2^32. */
    static long mulShr32(long val, long m) {
        return (val >>> 32) * m + (((val & 0xFFFF_FFFFL) * m) >>> 32);
    }

    /** {@code __accumulate_pelt_segments}: d1 y^p + 1024 (y + ... + y^(p-1)) + d3. */
    static long accumulateSegments(long periods, long d1, long d3) {
        long c1 = decayLoad(d1, periods);
        long c2 = LOAD_AVG_MAX - decayLoad(LOAD_AVG_MAX, periods) - 1024;
        return c1 + c2 + d3;
    }

    /**
     * {@code accumulate_sum}: decay the sums over the periods crossed, then add this span's contribution.
     *
     * @return the periods crossed
     */
    private long accumulateSum(long delta, long load, long runnable, boolean running) {
        long contrib = delta;
        long d = delta + periodContrib;
        long periods = d / 1024;
        if (periods != 0) {
            loadSum = decayLoad(loadSum, periods);
            runnableSum = decayLoad(runnableSum, periods);
            utilSum = decayLoad(utilSum, periods);
            d %= 1024;
            if (load != 0) {
                contrib = accumulateSegments(periods, 1024 - periodContrib, d);
            }
        }
        periodContrib = d;
        if (load != 0) {
            loadSum += load * contrib;
        }
        if (runnable != 0) {
            runnableSum += (runnable * contrib) << CAPACITY_SHIFT;
        }
        if (running) {
            utilSum += contrib << CAPACITY_SHIFT;
        }
        return periods;
    }

    /**
     * {@code ___update_load_sum}: account the time since the last update (whole units of 1024 ns) at the given
     * state, which held over the whole span.
     *
     * @param load     the load input: 1 for an entity on the queue, the queue's weight for a cfs_rq
     * @param runnable runnable tasks (an entity: 1 when runnable; a cfs_rq: h_nr_runnable)
     * @param running  the entity (or some entity of the queue) was running
     * @return whether a period boundary was crossed (the averages then need {@link #updateAvg})
     */
    boolean updateSum(long now, long load, long runnable, boolean running) {
        long delta = now - lastUpdateTime;
        if (delta < 0) {
            lastUpdateTime = now;
            return false;
        }
        delta >>>= 10;
        if (delta == 0) {
            return false;
        }
        lastUpdateTime += delta << 10;
        if (load == 0) {
            runnable = 0;
            running = false;
        }
        return accumulateSum(delta, load, runnable, running) != 0;
    }

    /** {@code get_pelt_divider}: the series' maximum at the current position in the period. */
    long divider() {
        return PELT_MIN_DIVIDER + periodContrib;
    }

    /** {@code ___update_load_avg}: the averages from the sums ({@code load}: the weight for an entity, 1 for a queue). */
    void updateAvg(long load) {
        long divider = divider();
        loadAvg = load * loadSum / divider;
        runnableAvg = runnableSum / divider;
        utilAvg = utilSum / divider;
    }

    /** Resets the series (a new task: {@code init_entity_runnable_average} sets the averages after this). */
    void clear() {
        lastUpdateTime = 0;
        loadSum = 0;
        runnableSum = 0;
        utilSum = 0;
        periodContrib = 0;
        loadAvg = 0;
        runnableAvg = 0;
        utilAvg = 0;
    }
}
