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
 * The invariants of group scheduling, checked with the run queues': each group queue's own (tree, sums,
 * counts); a group entity is queued exactly when its queue holds something and is not throttled (throttled
 * entities are off their parent's tree); its weight lies in MIN_SHARES .. the group's shares; the hierarchy
 * counts of a queue are its tasks plus those of its unthrottled groups; a bandwidth pool is never negative, and
 * a throttled queue has no runtime.
 */
final class GroupChecker {
    private GroupChecker() {
    }

    static String check(EevdfScheduler s, GroupSched groups) {
        for (TaskGroup g : groups.groups()) {
            for (int cpu = 0; cpu < g.cfsRq.length; cpu++) {
                String e = check(s, groups, g, cpu);
                if (e != null) {
                    return g + " cpu" + cpu + ": " + e;
                }
            }
            if (g.bandwidth != null && g.bandwidth.runtime < 0) {
                return g + ": the bandwidth pool is negative (" + g.bandwidth.runtime + " ns)";
            }
        }
        for (Rq rq : s.rqs) {
            String e = counts(rq.cfs, groups);
            if (e != null) {
                return "cpu" + rq.cpu.id() + ": " + e;
            }
        }
        return null;
    }

    private static String check(EevdfScheduler s, GroupSched groups, TaskGroup g, int cpu) {
        CfsRq q = g.cfsRq[cpu];
        String e = q.checkInvariants();
        if (e != null) {
            return e;
        }
        SchedEntity se = g.se[cpu];
        if (q.throttled && se.onRq) {
            return "throttled, but its entity is queued on its parent";
        }
        if (q.throttled && q.runtimeRemaining > 0) {
            return "throttled with " + q.runtimeRemaining + " ns of runtime";
        }
        boolean above = !TaskGroup.throttledHierarchy(q);
        if (above && q.loadWeight > 0 && !se.onRq) {
            return "holds load " + q.loadWeight + " but its entity is not queued";
        }
        if (q.nrQueued == 0 && se.onRq) {
            return "empty, but its entity is queued";
        }
        if (se.weight < CGroup.MIN_SHARES || se.weight > g.shares) {
            return "entity weight " + se.weight + " outside " + CGroup.MIN_SHARES + ".." + g.shares;
        }
        return counts(q, groups);
    }

    /** h_nr_queued: the queue's own tasks and the counts of the unthrottled group queues whose entity it holds. */
    private static String counts(CfsRq q, GroupSched groups) {
        int[] sum = {0, 0};
        q.tree().forEachUntil(se -> {
            add(se, sum);
            return true;
        });
        if (q.curr != null && q.curr.onRq) {
            add(q.curr, sum);
        }
        if (sum[0] != q.hNrQueued || sum[1] != q.hNrDelayed) {
            return "h_nr_queued/delayed " + q.hNrQueued + "/" + q.hNrDelayed + " but below " + sum[0] + "/" + sum[1];
        }
        return null;
    }

    private static void add(SchedEntity se, int[] sum) {
        if (se.myQ == null) {
            sum[0]++;
            sum[1] += se.delayed ? 1 : 0;
        } else if (!se.myQ.throttled) {
            sum[0] += se.myQ.hNrQueued;
            sum[1] += se.myQ.hNrDelayed;
        }
    }
}
