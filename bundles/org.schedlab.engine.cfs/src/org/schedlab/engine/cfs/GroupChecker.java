/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

/**
 * The invariants of {@link GroupSched}, checked after every scheduler call in the contract tests: each group's queue
 * consistent on its own; a group's entity queued on its CPU's top-level queue exactly while its queue holds load, with
 * the weight its version gives it (2.6.24: the whole {@code tg->shares}; 2.6.25: between MIN_GROUP_SHARES and it); the
 * top-level queue holding only groups' entities, its load their sum; a group's queue with a current task exactly while
 * the group's entity is current above it; and the run queue's task counts and task load the sums over its groups.
 */
final class GroupChecker {
    private GroupChecker() {
    }

    static String check(CfsScheduler s, GroupSched groups) {
        for (Rq rq : s.rqs) {
            int cpu = rq.cpu.id();
            long topLoad = 0;
            int topQueued = 0;
            int tasks = 0;
            long taskLoad = 0;
            for (TaskGroup tg : groups.groups()) {
                String e = check(s, tg, rq, cpu);
                if (e != null) {
                    return tg + " cpu" + cpu + ": " + e;
                }
                if (tg.se[cpu].onRq) {
                    topLoad += tg.se[cpu].weight;
                    topQueued++;
                }
                tasks += tg.cfsRq[cpu].nrRunning;
                taskLoad += tg.cfsRq[cpu].loadWeight;
            }
            if (rq.cfs.loadWeight != topLoad || rq.cfs.nrRunning != topQueued) {
                return "cpu" + cpu + ": top-level load " + rq.cfs.loadWeight + " of " + rq.cfs.nrRunning
                        + " entities, but its groups' entities sum to " + topLoad + " of " + topQueued;
            }
            if (rq.fairTasks != tasks || rq.fairTaskLoad != taskLoad) {
                return "cpu" + cpu + ": nr_running " + rq.fairTasks + " load " + rq.fairTaskLoad
                        + ", but the groups' queues hold " + tasks + " tasks of load " + taskLoad;
            }
        }
        return null;
    }

    private static String check(CfsScheduler s, TaskGroup tg, Rq rq, int cpu) {
        CfsRq q = tg.cfsRq[cpu];
        String e = q.checkInvariants();
        if (e != null) {
            return e;
        }
        SchedEntity se = tg.se[cpu];
        if (se.onRq != q.nrRunning > 0) {
            return "its entity " + (se.onRq ? "is" : "is not") + " queued with " + q.nrRunning + " tasks in its queue";
        }
        if (se.cfsRq != rq.cfs || se.myQ != q || se.parent != null) {
            return "its entity is not the one of its queue on the top-level queue";
        }
        boolean spread = s.version == CfsVersion.V2_6_25 && s.rqs.length > 1;
        if (spread ? se.weight < GroupSched.MIN_GROUP_SHARES || se.weight > tg.shares : se.weight != tg.shares) {
            return "its entity weighs " + se.weight + " of shares " + tg.shares;
        }
        String[] misplaced = {null};
        q.tree().forEachUntil(t -> {
            if (t.cpu != cpu || t.cfsRq != q || t.parent != se) {
                misplaced[0] = t + " is in the queue of cpu" + cpu + " but belongs to cpu" + t.cpu;
            }
            return misplaced[0] == null;
        });
        if (misplaced[0] != null) {
            return misplaced[0];
        }
        if ((q.curr != null) != (rq.cfs.curr == se)) {
            return "current task " + q.curr + " but the top-level current entity is " + rq.cfs.curr;
        }
        return null;
    }
}
