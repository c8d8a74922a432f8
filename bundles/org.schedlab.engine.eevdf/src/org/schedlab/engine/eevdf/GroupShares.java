/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import org.schedlab.sim.workload.CGroup;

/**
 * A group's weight spread over the CPUs (Linux 6.18 kernel/sched/fair.c, CONFIG_FAIR_GROUP_SCHED):
 * {@code update_cfs_group}, {@code calc_group_shares} and {@code reweight_entity}.
 */
final class GroupShares {
    private GroupShares() {
    }

    /**
     * {@code update_cfs_group}: a group entity's weight follows its queue's share of the group's load, unless
     * the queue is throttled (or below a throttled one).
     */
    static void updateCfsGroup(GroupSched groups, SchedEntity se, long now) {
        CfsRq gq = se.myQ;
        if (gq == null || TaskGroup.throttledHierarchy(gq)) {
            return;
        }
        long shares = calcGroupShares(gq);
        if (se.weight != shares) {
            reweightEntity(groups.cfsRqOf(se), se, shares, now);
        }
    }

    /**
     * {@code calc_group_shares}: tg->shares x this queue's load / the group's load over every CPU, clamped to
     * MIN_SHARES .. tg->shares; the loads are load.weight (6.18 takes the larger of load.weight and PELT's
     * load_avg, and tg->load_avg, the sum of the queues' last published load_avg).
     */
    static long calcGroupShares(CfsRq gq) {
        TaskGroup g = gq.tg;
        long load = gq.loadWeight;
        long tgWeight = 0;
        for (CfsRq q : g.cfsRq) {
            tgWeight += q.loadWeight;
        }
        long shares = g.shares * load;
        if (tgWeight != 0) {
            shares /= tgWeight;
        }
        return Math.max(CGroup.MIN_SHARES, Math.min(g.shares, shares));
    }

    /**
     * {@code reweight_entity} (6.13+): a queued entity's lag and relative deadline are kept, scaled to the new
     * weight, and it is placed again ({@code place_entity}) with the new weight.
     */
    static void reweightEntity(CfsRq q, SchedEntity se, long weight, long now) {
        boolean isCurr = q.curr == se;
        if (se.onRq) {
            q.updateCurr(now);
            q.updateEntityLag(se);
            se.deadline -= se.vruntime;
            se.relDeadline = true;
            q.nrQueued--;
            if (!isCurr) {
                q.dequeueTree(se);
            }
            q.loadWeight -= se.weight;
        }
        se.vlag = se.vlag * se.weight / weight;
        if (se.relDeadline) {
            se.deadline = se.deadline * se.weight / weight;
        }
        LoadAvg.reweight(q, se, weight);
        if (se.onRq) {
            q.placeEntity(se, false);
            q.loadWeight += se.weight;
            if (!isCurr) {
                q.enqueueTree(se);
            }
            q.nrQueued++;
            q.updateMinVruntime();
        }
    }
}
