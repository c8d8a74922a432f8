/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.task.Task;

/**
 * 2.6.15 {@code struct runqueue}, one per CPU (kept in {@code Cpu.rq()}): its
 * own spinlock, the active and expired priority arrays, nr_running, the
 * expired-starvation clock, the decayed cpu_load[] used by wake-affine and load
 * balancing, and the balancing state of the single scheduling domain this
 * engine models (see {@link LoadBalancer}).
 */
public final class RunQueue {
    /** SCHED_LOAD_SCALE (2.6.15): the load of one runnable task. */
    public static final long SCHED_LOAD_SCALE = 128;

    final Cpu cpu;
    final SpinLock lock;
    PrioArray active = new PrioArray("active");
    PrioArray expired = new PrioArray("expired");
    /** nr_running: tasks queued in either array, the running one included. */
    int nrRunning;
    /** expired_timestamp in jiffies; 0 while the expired array has been empty since the last swap. */
    long expiredTimestamp;
    /** best_expired_prio: best static prio in the expired array (MAX_PRIO if none). */
    int bestExpiredPrio = PrioMath.MAX_PRIO;
    /** nr_switches. */
    long nrSwitches;
    /** timestamp_last_tick, ns. */
    long timestampLastTick;
    /** cpu_load[0..2], updated every tick (2.6.15 rebalance_tick). */
    final long[] cpuLoad = new long[3];
    /** The domain's last_balance, jiffies. */
    long lastBalance;
    /** The domain's balance_interval, ms (doubles up to max_interval while balanced). */
    int balanceInterval = 1;
    /** The domain's nr_balance_failed. */
    int nrBalanceFailed;

    RunQueue(Cpu cpu, SpinLock lock) {
        this.cpu = cpu;
        this.lock = lock;
    }

    public Cpu cpu() { return cpu; }

    public int nrRunning() { return nrRunning; }

    public PrioArray active() { return active; }

    public PrioArray expired() { return expired; }

    public long nrSwitches() { return nrSwitches; }

    /** The task this CPU is running (rq->curr). */
    Task curr() { return cpu.curr(); }

    /**
     * 2.6.15 schedule(): when the active array is empty, the arrays swap in O(1)
     * and the starvation clock restarts.
     */
    void switchArrays() {
        PrioArray a = active;
        active = expired;
        expired = a;
        expiredTimestamp = 0;
        bestExpiredPrio = PrioMath.MAX_PRIO;
    }

    /**
     * 2.6.15 EXPIRED_STARVING(rq): the expired array has waited longer than
     * STARVATION_LIMIT * nr_running + 1 jiffies, or the running task is worse
     * than the best expired task (so interactive reinsertion would starve it).
     */
    boolean expiredStarving(long jiffies, int starvationLimit, int currStaticPrio) {
        if (starvationLimit != 0 && expiredTimestamp != 0
                && jiffies - expiredTimestamp >= (long) starvationLimit * nrRunning + 1) {
            return true;
        }
        return currStaticPrio > bestExpiredPrio;
    }

    /** 2.6.15 rebalance_tick(): cpu_load[i] = (old * (2^i - 1) + now) / 2^i, rounding up when rising. */
    void updateCpuLoad() {
        long thisLoad = nrRunning * SCHED_LOAD_SCALE;
        for (int i = 0; i < cpuLoad.length; i++) {
            long scale = 1L << i;
            long newLoad = thisLoad;
            if (newLoad > cpuLoad[i]) {
                newLoad += scale - 1;
            }
            cpuLoad[i] = (cpuLoad[i] * (scale - 1) + newLoad) / scale;
        }
    }

    /** 2.6.15 source_load(cpu, type): a low guess, min(cpu_load[type-1], load now); type 0 is load now. */
    long sourceLoad(int type) {
        long now = nrRunning * SCHED_LOAD_SCALE;
        return type == 0 ? now : Math.min(cpuLoad[type - 1], now);
    }

    /** 2.6.15 target_load(cpu, type): a high guess, max(cpu_load[type-1], load now). */
    long targetLoad(int type) {
        long now = nrRunning * SCHED_LOAD_SCALE;
        return type == 0 ? now : Math.max(cpuLoad[type - 1], now);
    }
}
