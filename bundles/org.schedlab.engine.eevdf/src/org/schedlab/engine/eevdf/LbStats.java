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
 * One scheduling group's statistics for the balancer ({@code struct sg_lb_stats}, {@code update_sg_lb_stats} and
 * {@code group_classify} of Linux 6.6 / 6.18 kernel/sched/fair.c) where every group is one CPU: its PELT load,
 * utilization and runnable averages, its capacity, its task counts, and its type: {@code group_has_spare},
 * {@code group_fully_busy} or {@code group_overloaded} (the misfit, asym-packing, SMT-balance and imbalanced types
 * need asymmetric capacities, SMT groups or affinity failures, which this domain does not have).
 */
final class LbStats {

    static final int HAS_SPARE = 0;
    static final int FULLY_BUSY = 1;
    static final int OVERLOADED = 5;

    final Rq rq;
    /** {@code sum_nr_running}: the CPU's runnable tasks of every class. */
    final int nrRunning;
    /** {@code sum_h_nr_running}: its runnable fair tasks. */
    final int hNrRunning;
    /** {@code group_load}: {@code cpu_load}, the root cfs_rq's load_avg. */
    final long load;
    final long util;
    final long runnable;
    /** {@code group_capacity}: {@code capacity_of}. */
    final long capacity;
    final boolean idle;
    final int type;
    /** {@code avg_load}: load per unit of capacity; computed only for an overloaded group, as the kernel does. */
    long avgLoad;

    LbStats(Rq rq, int imbalancePct) {
        this.rq = rq;
        this.nrRunning = rq.nrRunnable();
        this.hNrRunning = rq.cfs.hNrQueued - rq.cfs.hNrDelayed;
        this.load = rq.cpuLoad();
        this.util = Math.min(rq.cfs.avg.utilAvg, SchedAvg.CAPACITY_SCALE);
        this.runnable = rq.cfs.avg.runnableAvg;
        this.capacity = rq.capacity();
        this.idle = rq.idle();
        this.type = classify(imbalancePct);
        if (type == OVERLOADED) {
            avgLoad = load * SchedAvg.CAPACITY_SCALE / capacity;
        }
    }

    /** {@code group_classify}: overloaded, else fully busy unless it has capacity left. */
    private int classify(int pct) {
        if (overloaded(pct)) {
            return OVERLOADED;
        }
        return hasCapacity(pct) ? HAS_SPARE : FULLY_BUSY;
    }

    /** {@code group_is_overloaded}: more tasks than CPUs, and its utilization or runnable pressure too high. */
    private boolean overloaded(int pct) {
        if (nrRunning <= 1) {
            return false;
        }
        return capacity * 100 < util * pct || capacity * pct < runnable * 100;
    }

    /** {@code group_has_capacity}: fewer tasks than CPUs, or both pressures below the capacity. */
    private boolean hasCapacity(int pct) {
        if (nrRunning < 1) {
            return true;
        }
        if (capacity * pct < runnable * 100) {
            return false;
        }
        return capacity * 100 > util * pct;
    }

    /**
     * {@code update_sd_pick_busiest}: a group with fair tasks is busier than the busiest so far if its type is
     * higher, or, of the same type, if its avg_load is higher (overloaded, fully busy), or it has fewer idle CPUs
     * or, as many, more running tasks (has spare).
     */
    boolean busierThan(LbStats busiest) {
        if (hNrRunning == 0) {
            return false;
        }
        if (busiest == null || type > busiest.type) {
            return true;
        }
        if (type < busiest.type) {
            return false;
        }
        if (type != HAS_SPARE) {
            return avgLoad > busiest.avgLoad;
        }
        int myIdle = idle ? 1 : 0;
        int theirIdle = busiest.idle ? 1 : 0;
        if (myIdle != theirIdle) {
            return myIdle < theirIdle;
        }
        return nrRunning > busiest.nrRunning;
    }
}
