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
 * parameters: balance interval from sd_weight ms (doubling up to 2 x sd_weight while balanced), busy_factor 16,
 * imbalance_pct 117, cache_nice_tries 1, at most nr_migrate tasks examined.
 * <p>
 * Imbalance, simplified from {@code calculate_imbalance}: an idle (or newly idle) CPU pulls by task count
 * (migrate_task: one task newly idle, half the difference periodically); two busy CPUs balance by load
 * (migrate_load: half the load difference, and a task moves only if its weight, shifted right by
 * nr_balance_failed, fits what is left). Loads are instantaneous weights, not PELT; tasks are examined in
 * timeline order (the kernel walks cfs_tasks from the tail); delayed-dequeue sleepers, running and cache-hot
 * tasks ({@code now - exec_start < migration_cost}, unless balancing failed more than cache_nice_tries times)
 * are not moved; no active balancing, no NUMA, no misfit or asym packing. A move is dequeue (lag kept, 6.12+
 * relative deadline kept) and enqueue on this CPU, booked DEQUEUE / ENQUEUE; each rq or task examined costs
 * {@code BALANCE_PER_TASK}.
 */
final class LoadBalancer {

    static final int BUSY_FACTOR = 16;
    static final int CACHE_NICE_TRIES = 1;
    private static final int BALANCED = -1;

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
        rq.nextBalance = now + rq.balanceInterval * (idle ? 1 : BUSY_FACTOR);
        s.kernel.spinLock(cpu, rq.lock);
        rq.updateRqClock(cpu);
        int moved = balance(cpu, rq, false);
        s.kernel.spinUnlock(cpu, rq.lock);
        long min = minInterval(s.rqs.length);
        if (moved > 0) {
            rq.nrBalanceFailed = 0;
            rq.balanceInterval = min;
        } else {
            rq.nrBalanceFailed = moved == BALANCED ? 0 : rq.nrBalanceFailed + 1;
            rq.balanceInterval = Math.min(rq.balanceInterval * 2, 2 * min);
        }
    }

    /** {@code sched_balance_newidle}: this run queue has nothing to run (its lock is held); pull one task. */
    void idleBalance(Cpu cpu, Rq rq) {
        if (s.rqs.length > 1) {
            balance(cpu, rq, true);
        }
    }

    private int balance(Cpu cpu, Rq thisRq, boolean newIdle) {
        Rq busiest = null;
        for (Rq rq : s.rqs) {
            if (rq == thisRq || waiting(rq.cfs) <= 0) {
                continue;
            }
            if (busiest == null || rq.nrRunnable() > busiest.nrRunnable()
                    || rq.nrRunnable() == busiest.nrRunnable() && rq.load() > busiest.load()) {
                busiest = rq;
            }
        }
        s.costs.chargeScan(cpu, org.schedlab.sim.spi.SchedFn.BALANCE, s.rqs.length);
        if (busiest == null) {
            return BALANCED;
        }
        int thisNr = thisRq.nrRunnable();
        int busyNr = busiest.nrRunnable();
        long count = 0;
        long load = 0;
        if (newIdle || thisNr == 0) {
            if (busyNr < 2 || busyNr - thisNr < 2) {
                return BALANCED;
            }
            count = newIdle ? 1 : Math.max(1, (busyNr - thisNr) / 2);
        } else {
            long thisLoad = thisRq.load();
            long max = busiest.load();
            if (max * 100 <= thisLoad * SelectCpu.IMBALANCE_PCT) {
                return BALANCED;
            }
            load = (max - thisLoad) / 2;
        }
        s.kernel.spinLock(cpu, busiest.lock);
        busiest.updateRqClock(cpu);
        int moved = detachAttach(cpu, thisRq, busiest, count, load, newIdle);
        s.kernel.spinUnlock(cpu, busiest.lock);
        return moved;
    }

    /** {@code detach_tasks} + {@code attach_tasks}: move up to {@code count} tasks, or up to {@code load} of weight. */
    private int detachAttach(Cpu cpu, Rq thisRq, Rq busiest, long count, long load, boolean newIdle) {
        int n = collect(busiest.cfs.tree());
        s.costs.chargeScan(cpu, org.schedlab.sim.spi.SchedFn.BALANCE, n);
        long now = busiest.clock();
        boolean allowHot = thisRq.nrBalanceFailed > CACHE_NICE_TRIES;
        int moved = 0;
        long movedLoad = 0;
        for (int i = 0; i < n; i++) {
            SchedEntity se = candidates[i];
            candidates[i] = null;
            if (count > 0 ? moved >= count : movedLoad >= load) {
                continue;
            }
            Task p = (Task) se.owner;
            if (se.delayed || !p.allowedOn(thisRq.cpu.id())) {
                continue;
            }
            if (!allowHot && now - se.execStart < s.tunables.migrationCostNs()) {
                continue;
            }
            long h = hLoad(se);
            if (count == 0 && (h >> Math.min(thisRq.nrBalanceFailed, 30)) > load - movedLoad) {
                continue;
            }
            s.deactivateTask(busiest, p, false, false, cpu);
            s.setTaskCpu(p, thisRq.cpu.id());
            s.activateTask(thisRq, p, false, cpu);
            if (!newIdle) {
                s.wakeupPreempt(thisRq, p, cpu); // newly idle: the pick that follows takes it
            }
            moved++;
            movedLoad += h;
        }
        return moved;
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

    /** @return the entities queued and not running: the tree's (delayed ones not), and below a running group */
    static int waiting(CfsRq q) {
        int n = q.tree().size() - q.nrDelayed;
        if (q.curr != null && q.curr.myQ != null && q.curr.onRq) {
            n += waiting(q.curr.myQ);
        }
        return n;
    }

    /** {@code task_h_load}: the task's weight scaled by each group entity's share of its queue on the way up. */
    static long hLoad(SchedEntity se) {
        long load = se.weight;
        for (SchedEntity g = se.parentEntity; g != null; g = g.parentEntity) {
            load = load * g.weight / Math.max(1, g.myQ.loadWeight);
        }
        return load;
    }
}
