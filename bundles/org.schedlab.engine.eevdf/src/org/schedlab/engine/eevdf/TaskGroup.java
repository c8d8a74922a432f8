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
 * A task group of the cpu controller ({@code struct task_group}, kernel/sched/sched.h; made by
 * {@code alloc_fair_sched_group} / {@code init_tg_cfs_entry} in fair.c): per CPU a cfs_rq of its own and a
 * sched_entity that stands for it on its parent's cfs_rq (the parent group's, or the CPU's root cfs_rq), its
 * weight {@code shares} spread over the CPUs by {@link GroupShares#calcGroupShares}, and, with a quota, its
 * {@link CfsBandwidth}.
 */
final class TaskGroup {
    final CGroup spec;
    final TaskGroup parent;
    /** {@code tg->shares}, in the unit of a task's load weight (NICE_0_LOAD 1024 for cpu.weight 100). */
    final long shares;
    /** {@code tg->cfs_rq[cpu]}. */
    final CfsRq[] cfsRq;
    /** {@code tg->se[cpu]}: the group's entity on its parent's cfs_rq of that CPU. */
    final SchedEntity[] se;
    /** The group's bandwidth control; null without a quota (RUNTIME_INF). */
    final CfsBandwidth bandwidth;
    /** The group's {@code usage_usec_NAME} engine counter (cpu.stat usage_usec); null until the group reports. */
    org.schedlab.sim.metrics.UsecCounter usage;

    TaskGroup(CGroup spec, TaskGroup parent, Rq[] rqs, CfsBandwidth bandwidth) {
        this.spec = spec;
        this.parent = parent;
        this.shares = spec.shares();
        this.bandwidth = bandwidth;
        int n = rqs.length;
        this.cfsRq = new CfsRq[n];
        this.se = new SchedEntity[n];
        for (int cpu = 0; cpu < n; cpu++) {
            CfsRq root = rqs[cpu].cfs;
            CfsRq q = new CfsRq(root.version, root.tunables, root.tickNs());
            q.root = root;
            q.tg = this;
            q.cpu = cpu;
            q.bandwidth = bandwidth;
            SchedEntity s = new SchedEntity(this);
            s.myQ = q;
            s.cpu = cpu;
            s.parentEntity = parent == null ? null : parent.se[cpu];
            s.depth = parent == null ? 0 : parent.se[cpu].depth + 1;
            s.setWeight(shares);
            s.slice = root.tunables.baseSliceNs();
            s.customSlice = true; // its slice is its queue's shortest (enqueue_task_fair), never the base slice
            cfsRq[cpu] = q;
            se[cpu] = s;
        }
    }

    /** @return the cfs_rq this group's entity on {@code cpu} is queued on ({@code cfs_rq_of(tg->se[cpu])}) */
    CfsRq parentQueue(Rq[] rqs, int cpu) {
        return parent == null ? rqs[cpu].cfs : parent.cfsRq[cpu];
    }

    /** @return whether this queue or one above it is throttled ({@code throttled_hierarchy}) */
    static boolean throttledHierarchy(CfsRq q) {
        for (TaskGroup g = q.tg; g != null; g = g.parent) {
            if (g.cfsRq[q.cpu].throttled) {
                return true;
            }
        }
        return false;
    }

    /** @return the group's path as a metric name part: {@code web/batch} is {@code web_batch} */
    static String counterName(CGroup g) {
        return g.name().replace('/', '_').replace('-', '_');
    }

    /** One of the group's entities ran {@code delta} ns more ({@code update_curr} of its parent queue). */
    void charge(long delta) {
        if (usage != null) {
            usage.add(delta);
        }
    }

    /** @return the group's CPU time, ns (cpu.stat usage_usec x 1000) */
    long usageNs() {
        return usage == null ? 0 : usage.ns();
    }

    @Override
    public String toString() {
        return "tg " + spec.name();
    }
}
