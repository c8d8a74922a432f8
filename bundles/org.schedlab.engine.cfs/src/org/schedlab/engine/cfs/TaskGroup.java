/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import org.schedlab.sim.workload.CGroup;

/**
 * A task group of Linux 2.6.24 / 2.6.25 ({@code struct task_group}, kernel/sched.c, made by
 * {@code sched_create_group}): per CPU a cfs_rq of its own and a sched_entity that stands for the group on that CPU's
 * top-level cfs_rq ({@code rq->cfs}). Groups are one level deep in these versions ({@code cpu_cgroup_create} refuses a
 * cgroup whose parent is not the root), and the tasks of no group are the {@code init_task_group}'s, a group like the
 * others with an entity of its own on every CPU.
 * <p>
 * 2.6.24 gives each of the group's entities the whole {@code tg->shares} on every CPU ({@code sched_group_set_shares}
 * -> {@code set_se_shares} per CPU); 2.6.25's {@code load_balance_monitor} spreads it over the CPUs by the group's load
 * there ({@link GroupSched#rebalanceShares}).
 */
final class TaskGroup {
    /** The cgroup; null for the {@code init_task_group} of the tasks in no group. */
    final CGroup spec;
    /** {@code tg->shares}: the group's weight in the unit of a task's load weight (NICE_0_LOAD 1024). */
    final long shares;
    /** {@code tg->cfs_rq[cpu]}. */
    final CfsRq[] cfsRq;
    /** {@code tg->se[cpu]}: the group's entity on that CPU's top-level cfs_rq. */
    final SchedEntity[] se;
    /** The group's {@code usage_usec_NAME} engine counter (cpuacct's usage); null for the init group. */
    private org.schedlab.sim.metrics.UsecCounter usage;

    TaskGroup(CGroup spec, long shares, Rq[] rqs) {
        this.spec = spec;
        this.shares = shares;
        int n = rqs.length;
        this.cfsRq = new CfsRq[n];
        this.se = new SchedEntity[n];
        for (int cpu = 0; cpu < n; cpu++) {
            CfsRq top = rqs[cpu].cfs;
            CfsRq q = new CfsRq(top.version(), top.tunables(), top.tree().cachesRightmost());
            q.tg = this;
            SchedEntity s = new SchedEntity(this);
            s.myQ = q;
            s.cfsRq = top;
            s.cpu = cpu;
            s.setWeight(shares);
            cfsRq[cpu] = q;
            se[cpu] = s;
        }
    }

    /** Reports the group's CPU time as the engine counter {@code usage_usec_NAME} of {@code m}. */
    void reportUsage(org.schedlab.sim.metrics.Metrics m) {
        usage = new org.schedlab.sim.metrics.UsecCounter(m, "usage_usec_" + spec.name().replace('/', '_').replace('-',
                '_'));
    }

    /** One of the group's entities ran {@code delta} ns more ({@code update_curr} on the top-level cfs_rq). */
    void charge(long delta) {
        if (usage != null) {
            usage.add(delta);
        }
    }

    @Override
    public String toString() {
        return spec == null ? "init_task_group" : "tg " + spec.name();
    }
}
