/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

/**
 * The invariants of one cfs_rq: its tree ({@link AugRbTree#checkInvariants}), avg_vruntime and avg_load against
 * the tree's entities, nr_queued against the tree and the current entity, the current entity out of the tree, and
 * the count of delayed entities.
 */
final class CfsRqChecker {
    private CfsRqChecker() {
    }

    /** @return null when {@code q} is consistent, else the first problem found */
    /** @return null when every run queue of {@code s} (and every group's) is consistent, else the first problem */
    static String checkAll(EevdfScheduler s) {
        for (Rq rq : s.rqs) {
            String e = rq.cfs.checkInvariants();
            if (e != null) {
                return "cpu" + rq.cpu.id() + ": " + e;
            }
        }
        return s.groups == null ? null : GroupChecker.check(s, s.groups);
    }

    static String check(CfsRq q) {
        String e = q.tree().checkInvariants();
        if (e != null) {
            return e;
        }
        long[] sums = new long[3]; // avg_vruntime, avg_load, delayed
        String[] bad = {null};
        q.tree().forEachUntil(se -> {
            sums[0] += q.key(se) * se.weight;
            sums[1] += se.weight;
            sums[2] += se.delayed ? 1 : 0;
            if (!se.onRq) {
                bad[0] = se + " is in the tree but not on_rq";
            }
            return true;
        });
        if (bad[0] != null) {
            return bad[0];
        }
        if (sums[0] != q.avgVruntime || sums[1] != q.avgLoad) {
            return "avg_vruntime/avg_load " + q.avgVruntime + "/" + q.avgLoad + " but the tree sums " + sums[0] + "/" + sums[1];
        }
        boolean currQueued = q.curr != null && q.curr.onRq;
        if (q.tree().size() + (currQueued ? 1 : 0) != q.nrQueued) {
            return "nr_queued " + q.nrQueued + " but tree " + q.tree().size() + (currQueued ? " + curr" : "");
        }
        if (q.curr != null && q.curr.inTree()) {
            return "the current entity is in the tree";
        }
        if (sums[2] + (currQueued && q.curr.delayed ? 1 : 0) != q.nrDelayed) {
            return "nr_delayed " + q.nrDelayed + " but " + sums[2] + " delayed in the tree";
        }
        return null;
    }
}
