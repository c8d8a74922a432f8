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
import org.schedlab.sim.task.Task;

/**
 * Periodic and idle load balancing (Linux 2.6.24 kernel/sched.c {@code rebalance_domains},
 * {@code load_balance}, {@code idle_balance} / {@code load_balance_newidle}, {@code move_tasks},
 * {@code can_migrate_task}) over a simplified domain model.
 * <p>
 * Simplified domain model: ONE scheduling domain spanning every CPU, with one group per CPU
 * (the kernel builds SMT / MC / CPU / NUMA levels). Its parameters are the 2.6.24 SD_CPU_INIT ones:
 * min_interval 1 ms, max_interval 4 ms (doubling while balanced, reset after an unbalanced pass),
 * busy_factor 64, imbalance_pct 125, at most 32 tasks examined per pass, cache_nice_tries 1.
 * Loads are instantaneous ({@link Rq#load()}), not decayed cpu_load[] averages. Only queued fair
 * tasks move (no active balancing of running tasks, no real-time push/pull), taken in timeline order
 * from the leftmost (2.6.24 walks the cfs_rq's task list). The balance pass examining a run queue or
 * a task is charged {@code BALANCE_PER_TASK}; each move is a dequeue_task + enqueue_task, booked as
 * DEQUEUE / ENQUEUE as in the kernel.
 */
final class LoadBalancer {

    static final long MIN_INTERVAL_NS = 1_000_000L;
    static final long MAX_INTERVAL_NS = 4_000_000L;
    /** 2.6.24 kernel/sched.c MAX_PINNED_INTERVAL: 512 (ms), the interval's ceiling while every task is pinned. */
    static final long MAX_PINNED_INTERVAL_NS = 512_000_000L;
    static final int BUSY_FACTOR = 64;
    static final int IMBALANCE_PCT = 125;
    static final int NR_MIGRATE = 32;
    static final int CACHE_NICE_TRIES = 1;

    private final CfsScheduler s;
    private final SchedEntity[] candidates = new SchedEntity[NR_MIGRATE];
    /** The last task pulled by {@link #moveTasks}, checked for preemption of this CPU's current task. */
    private SchedEntity lastMoved;

    LoadBalancer(CfsScheduler s) {
        this.s = s;
    }

    /** {@code rebalance_domains}: run a pass when this CPU's interval has elapsed. */
    void rebalance(Cpu cpu, boolean idle) {
        Rq rq = s.rq(cpu);
        long now = s.kernel.now();
        if (now < rq.nextBalance || s.rqs.length == 1) {
            return;
        }
        long interval = rq.balanceInterval * (idle ? 1 : BUSY_FACTOR);
        rq.nextBalance = now + interval;
        s.kernel.spinLock(cpu, rq.lock);
        int moved = balance(cpu, rq, false);
        s.kernel.spinUnlock(cpu, rq.lock);
        if (moved > 0) {
            rq.nrBalanceFailed = 0;
            rq.balanceInterval = MIN_INTERVAL_NS;
        } else if (moved == BALANCED || moved == ALL_PINNED) {
            // out_balanced (every task pinned elsewhere leads there too): the count restarts, the interval backs off,
            // up to max_interval, or MAX_PINNED_INTERVAL while every task is pinned (2.6.24 out_one_pinned)
            rq.nrBalanceFailed = 0;
            rq.balanceInterval = Math.min(rq.balanceInterval * 2, moved == BALANCED ? MAX_INTERVAL_NS
                    : MAX_PINNED_INTERVAL_NS);
        } else {
            // an imbalance nothing could fix (every task cache hot) counts as a failure, and "we were unbalanced,
            // so reset the balancing interval"
            rq.nrBalanceFailed++;
            rq.balanceInterval = MIN_INTERVAL_NS;
        }
    }

    /** {@code idle_balance}: this run queue just emptied (its lock is held); pull from the busiest. */
    void idleBalance(Cpu cpu, Rq rq) {
        if (s.rqs.length > 1) {
            balance(cpu, rq, true);
        }
    }

    /** {@link #balance} result when no run queue is busier by more than imbalance_pct. */
    private static final int BALANCED = -1;
    /** Every task examined was refused for its affinity (all_pinned). */
    private static final int ALL_PINNED = -2;

    /** One {@code load_balance} pass with this rq locked; returns the tasks pulled, or {@link #BALANCED}. */
    private int balance(Cpu cpu, Rq thisRq, boolean newIdle) {
        Rq busiest = null;
        long max = -1;
        for (Rq rq : s.rqs) {
            boolean queued = s.groups == null ? rq.cfs.tree().size() > 0 : s.groups.queuedFair(rq);
            if (rq != thisRq && queued && rq.load() > max) {
                max = rq.load();
                busiest = rq;
            }
        }
        s.costs.chargeBalance(cpu, s.rqs.length);
        if (busiest == null) {
            return BALANCED;
        }
        long thisLoad = thisRq.load();
        long imbalance;
        if (newIdle) {
            imbalance = 1; // pull one task's worth: the first movable task
        } else {
            if (max * 100 <= thisLoad * IMBALANCE_PCT) {
                return BALANCED;
            }
            imbalance = (max - thisLoad) / 2;
            if (imbalance <= 0) {
                return BALANCED;
            }
        }
        s.kernel.spinLock(cpu, busiest.lock);
        examined = 0;
        allowed = 0;
        int moved = moveTasks(cpu, thisRq, busiest, imbalance, newIdle);
        s.kernel.spinUnlock(cpu, busiest.lock);
        if (moved > 0) {
            s.checkPreemptCurr(thisRq, (Task) lastMoved.owner, cpu);
        }
        return examined > 0 && allowed == 0 ? ALL_PINNED : moved;
    }

    /**
     * {@code move_tasks} -> {@code load_balance_fair}: without groups, from the one cfs_rq; with groups, from each
     * leaf cfs_rq of the busiest CPU in list order, each at most half its group's load difference with the same
     * group's queue here, until the imbalance is covered.
     */
    private int moveTasks(Cpu cpu, Rq thisRq, Rq busiest, long imbalance, boolean newIdle) {
        if (s.groups == null) {
            return balanceTasks(cpu, thisRq, busiest, busiest.cfs.tree(), imbalance, newIdle);
        }
        long rem = imbalance;
        int moved = 0;
        for (TaskGroup tg : s.groups.leafOrder()) {
            long groupImbalance = tg.cfsRq[busiest.cpu.id()].loadWeight - tg.cfsRq[thisRq.cpu.id()].loadWeight;
            if (groupImbalance <= 0) {
                continue;
            }
            long maxLoad = newIdle ? rem : Math.min(rem, groupImbalance / 2);
            moved += balanceTasks(cpu, thisRq, busiest, tg.cfsRq[busiest.cpu.id()].tree(), maxLoad, newIdle);
            rem -= movedLoad;
            if (rem <= 0 || newIdle && moved > 0) {
                break;
            }
        }
        return moved;
    }

    /** Load moved by the last {@link #balanceTasks}, in task weights. */
    private long movedLoad;
    /** Tasks the pass examined, and those of them allowed on this CPU. */
    private int examined;
    private int allowed;

    /** {@code balance_tasks}: pull queued, allowed, cache-cold fair tasks of one tree until {@code imbalance} is covered. */
    private int balanceTasks(Cpu cpu, Rq thisRq, Rq busiest, RbTree tree, long imbalance, boolean newIdle) {
        int n = collect(tree);
        s.costs.chargeBalance(cpu, n);
        long now = busiest.clock(cpu);
        movedLoad = 0;
        int moved = 0;
        boolean allowHot = thisRq.nrBalanceFailed > CACHE_NICE_TRIES;
        for (int i = 0; i < n && movedLoad < imbalance; i++) {
            SchedEntity se = candidates[i];
            candidates[i] = null;
            Task p = (Task) se.owner;
            examined++;
            if (!p.allowedOn(thisRq.cpu.id())) {
                continue;
            }
            allowed++;
            boolean hot = now - se.execStart < s.tunables.migrationCostNs();
            if (hot && !allowHot) {
                continue;
            }
            if (!newIdle && se.weight / 2 > imbalance - movedLoad) {
                continue;
            }
            s.deactivateTask(busiest, p, cpu);
            s.setTaskCpu(p, thisRq.cpu.id());
            s.activateTask(thisRq, p, false, cpu);
            movedLoad += se.weight;
            moved++;
            lastMoved = se;
            if (newIdle) {
                break;
            }
        }
        for (int i = 0; i < n; i++) {
            candidates[i] = null;
        }
        return moved;
    }

    /** The first {@link #NR_MIGRATE} queued entities in timeline order (an uncounted iterator). */
    private int collect(RbTree tree) {
        int[] n = {0};
        tree.forEachUntil(se -> {
            candidates[n[0]++] = se;
            return n[0] < NR_MIGRATE;
        });
        return n[0];
    }
}
