/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import java.util.List;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.task.Task;

/**
 * PELT as the fair class keeps it (Linux 6.6 / 6.18 kernel/sched/fair.c): {@code update_load_avg} at enqueue,
 * dequeue, set_next, put_prev and the tick; {@code attach_entity_load_avg} when an entity comes to a queue it was
 * not attached to (a new task, a migration), {@code detach_entity_load_avg} when a queued task is migrated by the
 * balancer, {@code remove_entity_load_avg} when a sleeping task is woken elsewhere or exits (its blocked load
 * leaves the old queue at that queue's next update); {@code init_entity_runnable_average} and
 * {@code post_init_entity_util_avg} for a new task; {@code reweight_entity}'s rescaling; and the consumers:
 * {@code cpu_load}, {@code task_h_load}, {@code capacity_of}.
 * <p>
 * Departures: a group entity's sums are its own (its weight while queued), without
 * {@code propagate_entity_load_avg}'s immediate hand-over of a task's attach or detach up the hierarchy, and a
 * throttled queue's PELT clock keeps running; {@code update_cfs_group} keeps comparing load.weight
 * ({@link GroupShares}); no util_est.
 */
final class LoadAvg {

    static final int UPDATE_TG = 1;
    static final int DO_ATTACH = 4;
    static final int DO_DETACH = 8;

    private LoadAvg() {
    }

    /** {@code update_load_avg}: age the entity (if attached), update its queue, then attach or detach it. */
    static void updateLoadAvg(CfsRq q, SchedEntity se, long now, int flags) {
        if (se.avg.lastUpdateTime != 0) {
            updateSe(q, se, now);
        }
        updateCfsRqLoadAvg(q, now);
        if (se.avg.lastUpdateTime == 0 && (flags & DO_ATTACH) != 0) {
            attach(q, se);
        } else if ((flags & DO_DETACH) != 0) {
            detach(q, se);
            se.avg.lastUpdateTime = 0; // migrate_task_rq_fair: attached again where it is enqueued
        }
    }

    /**
     * {@code __update_load_avg_se}: the time since the entity's last update was spent queued or not, runnable
     * or not (6.12+: a delayed-dequeue sleeper is queued but not runnable; a group entity counts its queue's
     * runnable tasks), running or not.
     */
    private static void updateSe(CfsRq q, SchedEntity se, long now) {
        long runnable = se.myQ != null ? se.myQ.hNrQueued - se.myQ.hNrDelayed : se.onRq && !se.delayed ? 1 : 0;
        if (se.avg.updateSum(now, se.onRq ? 1 : 0, runnable, q.curr == se)) {
            se.avg.updateAvg(se.weight);
        }
    }

    /** {@code update_cfs_rq_load_avg}: subtract what sleepers that left took with them, then age the queue. */
    static void updateCfsRqLoadAvg(CfsRq q, long now) {
        SchedAvg sa = q.avg;
        if (sa.removedNr != 0) {
            long divider = sa.divider();
            sa.loadAvg = subPositive(sa.loadAvg, sa.removedLoad);
            sa.loadSum = Math.max(subPositive(sa.loadSum, sa.removedLoad * divider), sa.loadAvg * SchedAvg.PELT_MIN_DIVIDER);
            sa.utilAvg = subPositive(sa.utilAvg, sa.removedUtil);
            sa.utilSum = Math.max(subPositive(sa.utilSum, sa.removedUtil * divider), sa.utilAvg * SchedAvg.PELT_MIN_DIVIDER);
            sa.runnableAvg = subPositive(sa.runnableAvg, sa.removedRunnable);
            sa.runnableSum = Math.max(subPositive(sa.runnableSum, sa.removedRunnable * divider),
                    sa.runnableAvg * SchedAvg.PELT_MIN_DIVIDER);
            sa.removedNr = 0;
            sa.removedLoad = 0;
            sa.removedUtil = 0;
            sa.removedRunnable = 0;
        }
        if (sa.updateSum(now, q.loadWeight, q.hNrQueued - q.hNrDelayed, q.curr != null)) {
            sa.updateAvg(1);
        }
    }

    /** {@code attach_entity_load_avg}: align the entity's series with the queue's and add it to the queue's sums. */
    private static void attach(CfsRq q, SchedEntity se) {
        SchedAvg a = se.avg;
        SchedAvg qa = q.avg;
        long divider = qa.divider();
        a.lastUpdateTime = Math.max(1, qa.lastUpdateTime);
        a.periodContrib = qa.periodContrib;
        a.utilSum = a.utilAvg * divider;
        a.runnableSum = a.runnableAvg * divider;
        a.loadSum = a.loadAvg * divider;
        a.loadSum = se.weight < a.loadSum ? a.loadSum / se.weight : 1;
        qa.loadAvg += a.loadAvg;
        qa.loadSum += se.weight * a.loadSum;
        qa.utilAvg += a.utilAvg;
        qa.utilSum += a.utilSum;
        qa.runnableAvg += a.runnableAvg;
        qa.runnableSum += a.runnableSum;
    }

    /** {@code detach_entity_load_avg}: take the entity's averages out of the queue's sums. */
    private static void detach(CfsRq q, SchedEntity se) {
        SchedAvg a = se.avg;
        SchedAvg qa = q.avg;
        qa.loadAvg = subPositive(qa.loadAvg, a.loadAvg);
        qa.loadSum = Math.max(subPositive(qa.loadSum, se.weight * a.loadSum), qa.loadAvg * SchedAvg.PELT_MIN_DIVIDER);
        qa.utilAvg = subPositive(qa.utilAvg, a.utilAvg);
        qa.utilSum = Math.max(subPositive(qa.utilSum, a.utilSum), qa.utilAvg * SchedAvg.PELT_MIN_DIVIDER);
        qa.runnableAvg = subPositive(qa.runnableAvg, a.runnableAvg);
        qa.runnableSum = Math.max(subPositive(qa.runnableSum, a.runnableSum),
                qa.runnableAvg * SchedAvg.PELT_MIN_DIVIDER);
    }

    /**
     * {@code remove_entity_load_avg} (with {@code sync_entity_load_avg}): a sleeping entity leaves its queue (woken
     * on another CPU, or dead); its averages, decayed to the queue's last update, are taken out at the queue's next
     * update. It is attached again where it is next enqueued.
     */
    static void remove(CfsRq q, SchedEntity se) {
        if (se.avg.lastUpdateTime == 0) {
            return;
        }
        if (se.avg.updateSum(q.avg.lastUpdateTime, 0, 0, false)) {
            se.avg.updateAvg(se.weight);
        }
        q.avg.removedNr++;
        q.avg.removedLoad += se.avg.loadAvg;
        q.avg.removedUtil += se.avg.utilAvg;
        q.avg.removedRunnable += se.avg.runnableAvg;
        se.avg.lastUpdateTime = 0;
    }

    /**
     * {@code init_entity_runnable_average} and {@code post_init_entity_util_avg} for a new fair task placed on
     * queue {@code q}: its load starts at its weight (heavy until it shows otherwise), its utilization at its
     * weight's part of the queue's, at most half the CPU's spare capacity.
     */
    static void initNewTask(CfsRq q, SchedEntity se) {
        SchedAvg a = se.avg;
        a.clear();
        a.loadAvg = se.weight;
        long cap = (SchedAvg.CAPACITY_SCALE - q.avg.utilAvg) / 2;
        if (cap > 0) {
            a.utilAvg = q.avg.utilAvg != 0 ? Math.min(cap, q.avg.utilAvg * se.weight / (q.avg.loadAvg + 1)) : cap;
        }
        a.runnableAvg = a.utilAvg;
    }

    /** {@code reweight_entity}'s PELT part: the entity's load_avg follows its new weight, in its queue's sums too. */
    static void reweight(CfsRq q, SchedEntity se, long weight) {
        SchedAvg a = se.avg;
        boolean attached = a.lastUpdateTime != 0;
        if (attached) {
            q.avg.loadAvg = subPositive(q.avg.loadAvg, a.loadAvg);
            q.avg.loadSum = Math.max(subPositive(q.avg.loadSum, se.weight * a.loadSum),
                    q.avg.loadAvg * SchedAvg.PELT_MIN_DIVIDER);
        }
        se.setWeight(weight);
        a.loadAvg = se.weight * a.loadSum / a.divider();
        if (attached) {
            q.avg.loadAvg += a.loadAvg;
            q.avg.loadSum += se.weight * a.loadSum;
        }
    }

    /**
     * {@code sched_balance_update_blocked_averages}: every fair queue of the CPU (the groups' from the leaves up,
     * each group's entity after its queue) and the RT average brought to the rq clock, so that the load of tasks
     * that sleep decays where nothing runs. Called with the rq lock held and the clock updated.
     */
    static void updateBlockedAverages(EevdfScheduler s, Rq rq, Cpu cpu) {
        long now = rq.clock();
        if (s.groups != null) {
            List<TaskGroup> gs = s.groups.groups();
            for (int i = gs.size() - 1; i >= 0; i--) {
                TaskGroup g = gs.get(i);
                CfsRq q = g.cfsRq[cpu.id()];
                updateCfsRqLoadAvg(q, now);
                SchedEntity ge = g.se[cpu.id()];
                updateLoadAvg(s.groups.cfsRqOf(ge), ge, now, UPDATE_TG);
            }
        }
        updateCfsRqLoadAvg(rq.cfs, now);
        Task curr = cpu.curr();
        rq.updateRtLoadAvg(now, curr != null && !curr.isIdleTask() && !EevdfScheduler.isFair(curr));
    }

    /**
     * {@code task_h_load}: the task's load_avg as a part of its CPU's root load_avg, through each group's share
     * of its parent queue ({@code update_cfs_rq_h_load} from the top down).
     */
    static long taskHLoad(EevdfScheduler s, SchedEntity se) {
        if (se.parentEntity == null) {
            CfsRq root = s.rqs[se.cpu].cfs;
            return se.avg.loadAvg * root.avg.loadAvg / (root.avg.loadAvg + 1);
        }
        long h = hLoad(s, se.parentEntity);
        return se.avg.loadAvg * h / (se.parentEntity.myQ.avg.loadAvg + 1);
    }

    /** {@code cfs_rq->h_load} of the queue that group entity {@code g} stands for. */
    private static long hLoad(EevdfScheduler s, SchedEntity g) {
        CfsRq parentQ = g.parentEntity == null ? s.rqs[g.cpu].cfs : g.parentEntity.myQ;
        long parentH = g.parentEntity == null ? parentQ.avg.loadAvg : hLoad(s, g.parentEntity);
        return parentH * g.avg.loadAvg / (parentQ.avg.loadAvg + 1);
    }

    private static long subPositive(long a, long b) {
        return a > b ? a - b : 0;
    }
}
