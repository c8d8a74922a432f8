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
import org.schedlab.sim.task.Task;

/**
 * Periodic and new-idle load balancing (Linux 6.6 / 6.18 kernel/sched/fair.c {@code sched_balance_domains},
 * {@code sched_balance_rq} (6.6 {@code load_balance}), {@code sched_balance_newidle}, {@code detach_tasks},
 * {@code can_migrate_task}) over one domain spanning every CPU, one CPU per group, with the MC level's
 * parameters: balance interval from sd_weight ms (doubling up to 2 x sd_weight while balanced, back to sd_weight
 * after an unbalanced attempt whether or not it moved a task), busy_factor 16,
 * imbalance_pct 117, cache_nice_tries 1, at most nr_migrate tasks examined.
 * <p>
 * Each pass first brings the CPU's blocked PELT averages up to date ({@code sched_balance_update_blocked_averages});
 * the groups are classified and compared by PELT load, utilization and runnable averages ({@link LbStats}); an idle
 * CPU facing an overloaded one pulls half the surplus of tasks (migrate_task), a busy one pulls load
 * (migrate_load: the smaller of the busiest's excess over the domain's average load and this CPU's shortfall, each
 * task by its {@code task_h_load}, shifted right by nr_balance_failed, only if it fits what is left).
 * Delayed-dequeue sleepers, running and cache-hot tasks ({@code now - exec_start < migration_cost}, unless
 * balancing failed more than cache_nice_tries times) are not moved; no active balancing, no NUMA, no misfit or
 * asym packing. A move is dequeue (lag kept, 6.12+
 * relative deadline kept) and enqueue on this CPU, booked DEQUEUE / ENQUEUE; each rq or task examined costs
 * {@code BALANCE_PER_TASK}.
 */
final class LoadBalancer {

    static final int BUSY_FACTOR = 16;
    static final int CACHE_NICE_TRIES = 1;
    private static final int BALANCED = -1;
    /** detach_tasks refused every task for its affinity (LBF_ALL_PINNED). */
    private static final int ALL_PINNED = -2;
    /** kernel/sched/fair.c MAX_PINNED_INTERVAL: 512 (ms), the interval's ceiling while every task is pinned. */
    private static final long MAX_PINNED_INTERVAL = 512_000_000L;

    private final EevdfScheduler s;
    private final SchedEntity[] candidates;

    LoadBalancer(EevdfScheduler s) {
        this.s = s;
        this.candidates = new SchedEntity[s.tunables.nrMigrate()];
    }

    /** @return the domain's min_interval: sd_weight ms */
    static long minInterval(int ncpus) {
        return ncpus * 1_000_000L;
    }

    /** {@code sched_balance_domains}: one pass when this CPU's interval has elapsed. */
    void rebalance(Cpu cpu, boolean idle) {
        Rq rq = s.rq(cpu);
        long now = s.kernel.now();
        if (now < rq.nextBalance || s.rqs.length == 1) {
            return;
        }
        s.kernel.spinLock(cpu, rq.lock);
        rq.updateRqClock(cpu);
        LoadAvg.updateBlockedAverages(s, rq, cpu);
        int moved = balance(cpu, rq, false);
        s.kernel.spinUnlock(cpu, rq.lock);
        long min = minInterval(s.rqs.length);
        if (moved > 0) {
            rq.nrBalanceFailed = 0;
            rq.balanceInterval = min;
        } else if (moved == BALANCED || moved == ALL_PINNED) {
            // out_balanced / out_all_pinned: tune the interval up (every task pinned: up to MAX_PINNED_INTERVAL)
            rq.nrBalanceFailed = 0;
            rq.balanceInterval = Math.min(rq.balanceInterval * 2, moved == BALANCED ? 2 * min : MAX_PINNED_INTERVAL);
        } else {
            // unbalanced, nothing moved (every candidate cache hot): one more failure, and "we were unbalanced,
            // so reset the balancing interval"
            rq.nrBalanceFailed++;
            rq.balanceInterval = min;
        }
        // the next pass: last_balance plus the interval as this pass left it (busy once it pulled a task)
        rq.nextBalance = now + rq.balanceInterval * (idle && moved <= 0 ? 1 : BUSY_FACTOR);
    }

    /** {@code sched_balance_newidle}: this run queue has nothing to run (its lock is held); pull one task. */
    void idleBalance(Cpu cpu, Rq rq) {
        if (s.rqs.length > 1) {
            LoadAvg.updateBlockedAverages(s, rq, cpu);
            balance(cpu, rq, true);
        }
    }

    /**
     * {@code sched_balance_rq} on the one domain: {@code update_sd_lb_stats} (each CPU a group, {@link LbStats}),
     * {@code sched_balance_find_src_group}'s verdict and {@code calculate_imbalance}, then {@code detach_tasks}
     * from the busiest CPU.
     */
    private int balance(Cpu cpu, Rq thisRq, boolean newIdle) {
        boolean envIdle = newIdle || thisRq.idle();
        LbStats local = null;
        LbStats busiest = null;
        long totalLoad = 0;
        long totalCapacity = 0;
        for (Rq rq : s.rqs) {
            LbStats sg = new LbStats(rq, SelectCpu.IMBALANCE_PCT);
            totalLoad += sg.load;
            totalCapacity += sg.capacity;
            if (rq == thisRq) {
                local = sg;
            } else if (sg.busierThan(busiest)) {
                busiest = sg;
            }
        }
        s.costs.chargeScan(cpu, org.schedlab.sim.spi.SchedFn.BALANCE, s.rqs.length);
        long sdsAvg = totalLoad * SchedAvg.CAPACITY_SCALE / Math.max(1, totalCapacity);
        if (busiest == null || !findSrcGroup(local, busiest, sdsAvg, envIdle)) {
            return BALANCED;
        }
        long imbalance;
        boolean byCount = local.type == LbStats.HAS_SPARE;
        if (byCount) {
            imbalance = siblingImbalance(local, busiest, envIdle) >> 1; // migrate_task
        } else {
            long localAvg = local.load * SchedAvg.CAPACITY_SCALE / local.capacity;
            if (local.type < LbStats.OVERLOADED && (localAvg >= busiest.avgLoad || localAvg >= sdsAvg)) {
                return BALANCED;
            }
            imbalance = Math.min((busiest.avgLoad - sdsAvg) * busiest.capacity, (sdsAvg - localAvg) * local.capacity)
                    / SchedAvg.CAPACITY_SCALE; // migrate_load
        }
        if (imbalance <= 0) {
            return BALANCED;
        }
        Rq src = busiest.rq;
        s.kernel.spinLock(cpu, src.lock);
        src.updateRqClock(cpu);
        int moved = detachAttach(cpu, thisRq, src, byCount, imbalance, newIdle, envIdle);
        s.kernel.spinUnlock(cpu, src.lock);
        return moved;
    }

    /**
     * {@code sched_balance_find_src_group} after the statistics: false (balanced) when this CPU's group is of a
     * higher type, when both are overloaded and this one is within imbalance_pct of the busiest or at the
     * domain's average, or when the busiest is not overloaded and this CPU is busy or the busiest runs one task.
     */
    private static boolean findSrcGroup(LbStats local, LbStats busiest, long sdsAvg, boolean envIdle) {
        if (local.type > busiest.type) {
            return false;
        }
        if (local.type == LbStats.OVERLOADED) {
            if (local.avgLoad >= busiest.avgLoad || local.avgLoad >= sdsAvg
                    || 100 * busiest.avgLoad <= SelectCpu.IMBALANCE_PCT * local.avgLoad) {
                return false;
            }
        }
        if (local.type == LbStats.HAS_SPARE && siblingImbalance(local, busiest, envIdle) > 1) {
            return true;
        }
        if (busiest.type != LbStats.OVERLOADED) {
            return envIdle && busiest.hNrRunning > 1;
        }
        return true;
    }

    /**
     * {@code sibling_imbalance} for groups of one core each: the busiest's surplus of running tasks, 2 when this
     * CPU runs nothing and the busiest more than one (so that one task moves); 0 unless this CPU is idle.
     */
    private static long siblingImbalance(LbStats local, LbStats busiest, boolean envIdle) {
        if (!envIdle || busiest.nrRunning == 0) {
            return 0;
        }
        long imbalance = Math.max(0, busiest.nrRunning - local.nrRunning);
        if (imbalance <= 1 && local.nrRunning == 0 && busiest.nrRunning > 1) {
            imbalance = 2;
        }
        return imbalance;
    }

    /**
     * {@code detach_tasks} + {@code attach_tasks}: examine up to nr_migrate queued tasks (not more than the busiest
     * runs) in timeline order (the kernel walks cfs_tasks from its tail, the tasks that ran least recently), moving each one that may migrate: one task off the imbalance per task
     * (migrate_task), or its {@code task_h_load} if that, shifted right by nr_balance_failed, fits what is left
     * (migrate_load); an idle CPU stops when the busiest would be left with one task, a newly idle one after the
     * first task (CONFIG_PREEMPTION).
     */
    private int detachAttach(Cpu cpu, Rq thisRq, Rq busiest, boolean byCount, long imbalance, boolean newIdle,
            boolean envIdle) {
        int n = collect(busiest.cfs.tree());
        int loopMax = Math.min(n, busiest.nrRunnable());
        s.costs.chargeScan(cpu, org.schedlab.sim.spi.SchedFn.BALANCE, n);
        long now = busiest.clock();
        boolean allowHot = thisRq.nrBalanceFailed > CACHE_NICE_TRIES;
        int moved = 0;
        int examined = 0;
        int allowed = 0;
        long left = imbalance;
        for (int i = 0; i < n; i++) {
            SchedEntity se = candidates[i];
            if (left <= 0 || i >= loopMax || envIdle && busiest.nrRunnable() <= 1 || newIdle && moved > 0) {
                continue; // (the rest of the array is cleared below)
            }
            Task p = (Task) se.owner;
            if (se.delayed) {
                continue;
            }
            examined++;
            if (!p.allowedOn(thisRq.cpu.id())) {
                continue;
            }
            allowed++;
            if (!allowHot && now - se.execStart < s.tunables.migrationCostNs()) {
                continue;
            }
            long load = byCount ? 1 : Math.max(1, LoadAvg.taskHLoad(s, se));
            if (!byCount && (load >> Math.min(thisRq.nrBalanceFailed, 30)) > left) {
                continue;
            }
            s.deactivateTask(busiest, p, false, false, cpu);
            s.setTaskCpu(p, thisRq.cpu.id());
            s.activateTask(thisRq, p, false, cpu);
            if (!newIdle) {
                s.wakeupPreempt(thisRq, p, cpu); // newly idle: the pick that follows takes it
            }
            moved++;
            left -= load;
        }
        java.util.Arrays.fill(candidates, 0, n, null);
        return examined > 0 && allowed == 0 ? ALL_PINNED : moved;
    }

    /**
     * The first nr_migrate queued tasks in timeline order (an uncounted iterator; the scan is charged above): a
     * group's entity stands for the tasks of its queue, taken in their order (the kernel walks rq->cfs_tasks; a
     * throttled group's tasks are not on the way, as throttled_lb_pair refuses them).
     */
    private int collect(AugRbTree tree) {
        int[] n = {0};
        collect(tree, n);
        return n[0];
    }

    private boolean collect(AugRbTree tree, int[] n) {
        boolean[] more = {true};
        tree.forEachUntil(se -> {
            if (se.myQ != null) {
                more[0] = collect(se.myQ.tree(), n);
                return more[0];
            }
            candidates[n[0]++] = se;
            more[0] = n[0] < candidates.length;
            return more[0];
        });
        return more[0];
    }
}
