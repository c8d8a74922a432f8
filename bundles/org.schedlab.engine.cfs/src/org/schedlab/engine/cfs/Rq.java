/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;

/**
 * One CPU's run queue ({@code struct rq}, Linux 2.6.24 kernel/sched.c): its own spinlock, the fair
 * and real-time class queues, the rq clock and the load-balancing state of its (single) domain.
 */
final class Rq {

    /** Load weight of a real-time task for balancing: {@code prio_to_weight[0] * 2} (set_load_weight). */
    static final long RT_LOAD = Weights.weight(-20) * 2;

    final Cpu cpu;
    final SpinLock lock;
    final CfsRq cfs;
    final RtRq rt = new RtRq();
    /** {@code rq->clock}: never goes backwards, even when a CPU with an earlier cursor takes the lock. */
    private long clock;
    /** Next periodic rebalance (ns) and the domain's current balance_interval (ns). */
    long nextBalance;
    long balanceInterval;
    /** {@code sd->nr_balance_failed}: consecutive periodic passes that moved nothing. */
    int nrBalanceFailed;
    /**
     * Fair tasks queued or running here and their summed load weight ({@code rq->nr_running} and {@code rq->load} of
     * {@code inc_nr_running} / {@code inc_load}, 2.6.24): the tasks' own weights, whatever groups they are in.
     */
    int fairTasks;
    long fairTaskLoad;
    /** The id of the cfs_rq's line (nr_running, load, min_vruntime, the cached leftmost) once named, else -1. */
    int lineId = -1;

    Rq(Cpu cpu, SpinLock lock, CfsRq cfs, long minBalanceInterval) {
        this.cpu = cpu;
        this.lock = lock;
        this.cfs = cfs;
        this.balanceInterval = minBalanceInterval;
    }

    /** {@code update_rq_clock} from the cursor of the CPU running the path. */
    long clock(Cpu running) {
        long t = running.now();
        if (t > clock) {
            clock = t;
        }
        return clock;
    }

    /** @return runnable tasks here, queued plus running ({@code rq->nr_running}) */
    int nrRunning() {
        return fairTasks + rt.nrRunning;
    }

    /** @return the instantaneous load ({@code weighted_cpuload}); 2.6.24 balances on decayed cpu_load[] */
    long load() {
        return fairTaskLoad + rt.nrRunning * RT_LOAD;
    }
}
