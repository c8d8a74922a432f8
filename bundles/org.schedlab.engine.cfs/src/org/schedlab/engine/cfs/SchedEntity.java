/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import org.schedlab.sim.rbtree.RbNode;

/**
 * Per-task CFS state ({@code struct sched_entity}, Linux 2.6.24 include/linux/sched.h):
 * load weight and its inverse, virtual runtime, execution accounting, and the embedded
 * tree links inherited from the shared {@link RbNode} (lib/rbtree.c's {@code struct rb_node}). One per task,
 * kept in the task's engine slot.
 */
public final class SchedEntity extends RbNode<SchedEntity> {

    /** The owning task (a {@code org.schedlab.sim.task.Task} in the engine; anything in unit tests). */
    final Object owner;
    long weight = Weights.NICE_0_LOAD;
    long invWeight = Weights.inverseWeight(0);
    /** Virtual runtime in ns of nice-0 time. */
    long vruntime;
    /** When the entity last started accounting ({@code exec_start}), ns. */
    long execStart;
    /** Total real time run ({@code sum_exec_runtime}), ns. */
    long sumExecRuntime;
    /** {@code sum_exec_runtime} when last picked ({@code prev_sum_exec_runtime}). */
    long prevSumExecRuntime;
    /** Accounted in a cfs_rq's load and nr_running (the kernel's {@code on_rq}). */
    boolean onRq;
    /** The CPU whose run queue holds (or last held) the entity ({@code task_cpu}). */
    int cpu;
    /** SCHED_RR: ticks left of the round-robin slice ({@code p->time_slice} of sched_rt.c). */
    int rtTimeSlice;
    /** Queued in the real-time class's priority array. */
    boolean rtQueued;
    /** 2.6.25 avg_overlap: how long, on average, the task runs on after waking someone (ns). */
    long avgOverlap;
    /** sum_exec_runtime when the task last woke another task (2.6.25 last_wakeup). */
    long lastWakeup;
    /** The id of this entity's cache line (run_node, vruntime) when the memory model is on, else -1 ({@link CfsLines}). */
    int lineId = -1;
    /** With task groups: the cfs_rq the entity is queued on ({@code se->cfs_rq}); unused in a run without groups. */
    CfsRq cfsRq;
    /** With task groups: the group's entity above a task's ({@code se->parent}); null for a group's own entity. */
    SchedEntity parent;
    /** A group's entity: the group's cfs_rq on this CPU ({@code se->my_q}); null for a task's. */
    CfsRq myQ;

    public SchedEntity(Object owner) {
        this.owner = owner;
    }

    /** Sets the load weight from a nice level ({@code set_load_weight}). */
    public void setNice(int nice) {
        weight = Weights.weight(nice);
        invWeight = Weights.inverseWeight(nice);
    }

    /** Sets the load weight of a group's entity ({@code set_se_shares}: weight and its 2^32 inverse). */
    void setWeight(long w) {
        weight = w;
        invWeight = Weights.inverseOf(w);
    }

    public Object owner() { return owner; }
    public long vruntime() { return vruntime; }
    public long weight() { return weight; }
    public long sumExecRuntime() { return sumExecRuntime; }
    public boolean onRq() { return onRq; }

    /** Test and engine helper: sets the virtual runtime directly. */
    public void setVruntime(long v) { vruntime = v; }

    @Override
    public String toString() {
        return "se(" + owner + ", v=" + vruntime + ")";
    }
}
