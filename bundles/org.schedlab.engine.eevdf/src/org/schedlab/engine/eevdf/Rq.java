/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.memory.CacheLine;

/**
 * One CPU's run queue ({@code struct rq}, kernel/sched/sched.h): its lock, the fair and real-time class
 * queues, the rq clock, and the balancing state of the one scheduling domain {@link LoadBalancer} models.
 */
final class Rq {

    final Cpu cpu;
    final SpinLock lock;
    final CfsRq cfs;
    final RtRq rt = new RtRq();
    private long clock;
    long nextBalance;
    long balanceInterval;
    int nrBalanceFailed;
    /** {@code ttwu_pending}: wakeups queued on this CPU's wake list that it has not enqueued yet. */
    int ttwuPending;
    /** The cfs_rq's line with the memory model on ({@link EevdfLines}). */
    CacheLine line;
    /** The fair deadline server (6.12+), null on 6.6. */
    FairServer fairServer;
    /** PELT of the real-time class ({@code avg_rt}): its utilization lowers the capacity left to the fair class. */
    final SchedAvg avgRt = new SchedAvg();

    Rq(Cpu cpu, SpinLock lock, CfsRq cfs, long balanceInterval) {
        this.cpu = cpu;
        this.lock = lock;
        this.cfs = cfs;
        this.balanceInterval = balanceInterval;
    }

    /**
     * {@code update_rq_clock}: the clock moves to the cursor of the CPU running the path, once per locked section
     * (after the rq lock is taken, as the kernel does), never backwards. Within the section every reading is the
     * same instant, so an {@code update_curr} after an enqueue in one section accounts nothing more.
     */
    void updateRqClock(Cpu running) {
        long t = running.now();
        if (t > clock) {
            clock = t;
        }
    }

    /** {@code rq_clock_task}: the clock as the last {@link #updateRqClock} left it. */
    long clock() {
        return clock;
    }

    /** @return {@code h_nr_runnable} + RT: queued or running tasks that are not delayed-dequeue sleepers */
    int nrRunnable() {
        return cfs.hNrQueued - cfs.hNrDelayed + rt.nrRunning;
    }

    /** {@code cpu_load}: the root cfs_rq's PELT load_avg, what the balancer and wake_affine compare. */
    long cpuLoad() {
        return cfs.avg.loadAvg;
    }

    /**
     * {@code capacity_of} ({@code scale_rt_capacity}): the CPU's capacity (1024) less the real-time class's PELT
     * utilization, at least 1.
     */
    long capacity() {
        return Math.max(1, SchedAvg.CAPACITY_SCALE - avgRt.utilAvg);
    }

    /** {@code update_rt_rq_load_avg}: the time since the last update was spent running an RT task or not. */
    void updateRtLoadAvg(long now, boolean rtRunning) {
        int r = rtRunning ? 1 : 0;
        if (avgRt.updateSum(now, r, r, rtRunning)) {
            avgRt.updateAvg(1);
        }
    }

    /** {@code available_idle_cpu}: running the idle task with nothing queued and no wakeup on its wake list. */
    boolean idle() {
        return cpu.isIdle() && nrRunnable() == 0 && ttwuPending == 0;
    }
}
