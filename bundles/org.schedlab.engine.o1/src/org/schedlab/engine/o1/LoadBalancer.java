/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;

/**
 * 2.6.15 load balancing: rebalance_tick (periodic, with the busy factor),
 * load_balance / load_balance_newidle (idle_balance from schedule()),
 * find_busiest_group / find_busiest_queue, move_tasks and pull_task.
 *
 * <p>Simplified domain model (a departure): one scheduling domain spanning all
 * CPUs, each CPU its own group with cpu_power SCHED_LOAD_SCALE, with the
 * SD_CPU_INIT parameters of 2.6.15 below. No SMT or NUMA levels, no active
 * balancing through the migration thread, no power-savings rules; the domain's
 * balancing state is kept per CPU in its {@link RunQueue}.
 */
final class LoadBalancer {
    /** SD_CPU_INIT min_interval, ms. */
    static final int MIN_INTERVAL = 1;
    /** SD_CPU_INIT max_interval, ms. */
    static final int MAX_INTERVAL = 4;
    /** SD_CPU_INIT busy_factor. */
    static final int BUSY_FACTOR = 64;
    /** SD_CPU_INIT imbalance_pct. */
    static final int IMBALANCE_PCT = 125;
    /** SD_CPU_INIT cache_nice_tries. */
    static final int CACHE_NICE_TRIES = 1;
    /** SD_CPU_INIT busy_idx, idle_idx, newidle_idx. */
    static final int BUSY_IDX = 2;
    static final int IDLE_IDX = 1;
    static final int NEWIDLE_IDX = 2;
    /** cache_hot_time, ns: 2.5 ms as in SD_CPU_INIT before migration-cost calibration (2.6.16) [U]. */
    static final long CACHE_HOT_TIME_NS = 2_500_000L;

    /** 2.6.15 enum idle_type. */
    enum IdleType { SCHED_IDLE, NOT_IDLE, NEWLY_IDLE }

    private final O1Core core;

    LoadBalancer(O1Core core) { this.core = core; }

    /** 2.6.15 rebalance_tick(): update cpu_load[], then balance when the (busy-scaled) interval has passed. */
    void rebalanceTick(Cpu cpu, boolean idle) {
        RunQueue rq = core.rq(cpu);
        rq.updateCpuLoad();
        if (core.nrCpus() == 1) {
            return;
        }
        long interval = rq.balanceInterval;
        if (!idle) {
            interval *= BUSY_FACTOR;
        }
        long j = Math.max(1, interval * core.math.hz() / 1000);
        long jiffies = core.jiffies(cpu);
        if (jiffies - rq.lastBalance >= j) {
            loadBalance(cpu, rq, idle ? IdleType.SCHED_IDLE : IdleType.NOT_IDLE);
            rq.lastBalance = Math.max(rq.lastBalance + j, jiffies - j);
        }
    }

    /** 2.6.15 idle_balance(): schedule() found the queue empty; caller holds rq's lock. */
    void idleBalance(Cpu cpu, RunQueue rq) {
        if (core.nrCpus() > 1) {
            loadBalance(cpu, rq, IdleType.NEWLY_IDLE);
        }
    }

    /**
     * 2.6.15 load_balance() / load_balance_newidle(). The loads are read without
     * locks; moving takes both queues' locks (double_rq_lock), or for a newly
     * idle CPU, whose caller holds this queue's lock, the busiest one's
     * (double_lock_balance).
     *
     * @return tasks moved
     */
    int loadBalance(Cpu cpu, RunQueue thisRq, IdleType idle) {
        int idx = idle == IdleType.NOT_IDLE ? BUSY_IDX : idle == IdleType.SCHED_IDLE ? IDLE_IDX : NEWIDLE_IDX;
        core.kernel.charge(cpu, SchedFn.BALANCE, CostKey.BALANCE_PER_TASK, core.nrCpus());
        RunQueue busiest = null;
        long thisLoad = thisRq.targetLoad(idx);
        long maxLoad = 0;
        long total = thisLoad;
        for (int i = 0; i < core.nrCpus(); i++) {
            RunQueue rq = core.rq(i);
            if (rq == thisRq) {
                continue;
            }
            long load = rq.sourceLoad(idx);
            total += load;
            if (load > maxLoad) {
                maxLoad = load;
                busiest = rq;
            }
        }
        long avgLoad = total / core.nrCpus();
        int nrMove = imbalance(thisLoad, maxLoad, avgLoad);
        if (busiest == null || nrMove == 0 || busiest.nrRunning <= 1) {
            balanced(thisRq, idle);
            return 0;
        }
        boolean takeThis = idle != IdleType.NEWLY_IDLE;
        if (takeThis) {
            core.lock(cpu, thisRq);
        }
        core.lock(cpu, busiest);
        int moved = moveTasks(cpu, thisRq, busiest, nrMove);
        core.unlock(cpu, busiest);
        if (takeThis) {
            core.unlock(cpu, thisRq);
        }
        if (moved == 0) {
            thisRq.nrBalanceFailed++;
        } else {
            thisRq.nrBalanceFailed = 0;
            if (idle != IdleType.NEWLY_IDLE) {
                thisRq.balanceInterval = MIN_INTERVAL;
            }
        }
        return moved;
    }

    /**
     * 2.6.15 find_busiest_group()'s imbalance in tasks: none when this CPU is not
     * below the busiest by imbalance_pct or the busiest is not above average;
     * otherwise min(max - avg, max - one task, avg - this) in tasks; when that is
     * under one task, one task if the gap is two or more or if moving one raises
     * the CPU power in use (pwr_move > pwr_now).
     */
    static int imbalance(long thisLoad, long maxLoad, long avgLoad) {
        long scale = RunQueue.SCHED_LOAD_SCALE;
        if (thisLoad >= maxLoad || thisLoad >= avgLoad || maxLoad <= avgLoad || 100 * maxLoad <= (long) IMBALANCE_PCT * thisLoad) {
            return 0;
        }
        long maxPull = Math.min(maxLoad - avgLoad, maxLoad - scale);
        long imb = Math.min(maxPull, avgLoad - thisLoad);
        if (imb < scale) {
            if (maxLoad - thisLoad >= 2 * scale) {
                return 1;
            }
            // move one task anyway if that raises the CPU power in use (cpu_power = SCHED_LOAD_SCALE)
            long pwrNow = Math.min(scale, maxLoad) + Math.min(scale, thisLoad);
            long pwrMove = (maxLoad > scale ? Math.min(scale, maxLoad - scale) : 0)
                    + Math.min(scale, thisLoad + Math.min(maxLoad, scale));
            return pwrMove > pwrNow ? 1 : 0;
        }
        return (int) (imb / scale);
    }

    private void balanced(RunQueue thisRq, IdleType idle) {
        thisRq.nrBalanceFailed = 0;
        if (idle != IdleType.NEWLY_IDLE && thisRq.balanceInterval < MAX_INTERVAL) {
            thisRq.balanceInterval *= 2;
        }
    }

    /**
     * 2.6.15 move_tasks(): expired array first (cache-cold), then active; best
     * priority first, each list from its tail; skip running, disallowed and
     * cache-hot tasks (unless balancing kept failing).
     */
    int moveTasks(Cpu cpu, RunQueue thisRq, RunQueue busiest, int max) {
        int pulled = 0;
        boolean fromExpired = busiest.expired.nrActive() > 0;
        PrioArray array = fromExpired ? busiest.expired : busiest.active;
        while (pulled < max) {
            for (int idx = array.findFirstBit(); idx < PrioMath.MAX_PRIO && pulled < max;
                    idx = array.findNextBit(idx + 1)) {
                O1Task t = array.last(idx);
                while (t != null && pulled < max) {
                    O1Task prevInList = t.prev;
                    core.kernel.charge(cpu, SchedFn.BALANCE, CostKey.BALANCE_PER_TASK);
                    if (canMigrateTask(t, busiest, thisRq)) {
                        pullTask(cpu, busiest, t, thisRq, fromExpired ? thisRq.expired : thisRq.active);
                        pulled++;
                    }
                    t = prevInList;
                }
            }
            if (!fromExpired || busiest.active.nrActive() == 0) {
                break;
            }
            fromExpired = false;
            array = busiest.active;
        }
        return pulled;
    }

    /** 2.6.15 can_migrate_task(). */
    boolean canMigrateTask(O1Task t, RunQueue busiest, RunQueue thisRq) {
        Task p = t.task;
        if (p != null && (p.onCpu() >= 0 || p == busiest.curr())) {
            return false; // task_running
        }
        if (p != null && !p.allowedOn(thisRq.cpu.id())) {
            return false;
        }
        if (thisRq.nrBalanceFailed > CACHE_NICE_TRIES) {
            return true;
        }
        return busiest.timestampLastTick - t.lastRan >= CACHE_HOT_TIME_NS; // !task_hot
    }

    /** 2.6.15 pull_task(): move to this queue's matching array; preempt if better than curr. */
    void pullTask(Cpu cpu, RunQueue src, O1Task t, RunQueue thisRq, PrioArray dst) {
        core.deactivateTask(cpu, t, src);
        O1Core.setTaskCpu(t, thisRq.cpu.id());
        core.enqueue(cpu, t, dst);
        thisRq.nrRunning++;
        t.timestamp = t.timestamp - src.timestampLastTick + thisRq.timestampLastTick;
        if (t.prio < core.currPrio(thisRq)) {
            core.reschedTask(thisRq.cpu, cpu);
        }
    }
}
