/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.rbtree.RbNode;

/**
 * Per-task EEVDF state ({@code struct sched_entity}, Linux 6.6 / 6.18 include/linux/sched.h): weight,
 * vruntime, virtual deadline, lag, slice, the delayed-dequeue flag, and the embedded augmented red-black
 * links ({@code run_node}, the {@link RbNode} of lib/rbtree.c shared with the CFS engine, plus
 * {@code min_deadline} in 6.6, {@code min_vruntime} in 6.8+). One per task, kept in the task's engine slot.
 */
public final class SchedEntity extends RbNode<SchedEntity> {

    // --- run_node: the red-black links are the shared RbNode (lib/rbtree.c); the augmentation is here ---
    /** The augmentation: the subtree's minimum deadline (6.6) or minimum vruntime (6.18). */
    long aug;

    /** The owning task (a {@code Task} in the engine; anything in unit tests). */
    final Object owner;
    long weight = Weights.NICE_0_LOAD;
    long invWeight = Weights.inverse(Weights.NICE_0_LOAD);
    /** Virtual runtime, ns of nice-0 time. */
    long vruntime;
    /** Virtual deadline: vruntime + the slice in the entity's virtual time. */
    long deadline;
    /** Lag saved at dequeue ({@code vlag}); in 6.6 also the RUN_TO_PARITY stash of the deadline at pick. */
    long vlag;
    /** 6.17+: the vruntime up to which the running entity is protected from preemption ({@code vprot}). */
    long vprot;
    /** The request size in real time, ns ({@code slice}). */
    long slice;
    /** The task set its own slice ({@code custom_slice}: sched_setattr with sched_runtime, 6.12+). */
    boolean customSlice;
    /** 6.12+ PLACE_REL_DEADLINE: {@link #deadline} holds deadline - vruntime after a migration dequeue. */
    boolean relDeadline;
    /** When the entity last started accounting ({@code exec_start}), ns. */
    long execStart;
    long sumExecRuntime;
    long prevSumExecRuntime;
    /** Accounted in its cfs_rq ({@code on_rq}); stays true while the dequeue is delayed. */
    boolean onRq;
    /** 6.12+ {@code sched_delayed}: asleep, but kept queued until it is picked or regains lag. */
    boolean delayed;
    /** The CPU whose run queue holds (or last held) the entity ({@code task_cpu}). */
    int cpu;
    /** {@code recent_used_cpu} of select_idle_sibling. */
    int recentUsedCpu = -1;
    /** {@code wakee_flips}: how often this task, waking others, woke a different one than last time (decayed). */
    int wakeeFlips;
    /** {@code wakee_flip_decay_ts}: the jiffy wakee_flips was last halved. */
    long wakeeFlipDecayTs;
    /** {@code last_wakee}: the task this one woke last. */
    Object lastWakee;
    /** On a CPU's wake list ({@code TASK_WAKING}): woken, not yet enqueued by its target CPU. */
    boolean wakePending;
    /** Real-time class: queued in the priority array, and the SCHED_RR ticks left. */
    boolean rtQueued;
    int rtTimeSlice;
    /** The entity's cache line with the memory model on ({@link EevdfLines}). */
    CacheLine line;
    /** PELT's averages ({@code avg}): {@code last_update_time} 0 while attached to no queue. */
    final SchedAvg avg = new SchedAvg();

    // --- CONFIG_FAIR_GROUP_SCHED (GroupSched): null and 0 for a task in the root group ---
    /** The group entity whose queue this entity is on ({@code parent}); null: on the CPU's root cfs_rq. */
    SchedEntity parentEntity;
    /** A group entity's own queue ({@code my_q}); null for a task. */
    CfsRq myQ;
    /** Levels above the root cfs_rq ({@code depth}): 0 on the root cfs_rq. */
    int depth;

    public SchedEntity(Object owner) {
        this.owner = owner;
    }

    /** {@code set_load_weight} from a nice level. */
    public void setNice(int nice) {
        setWeight(Weights.weight(nice));
    }

    /** Sets the weight and its inverse. */
    public void setWeight(long w) {
        weight = w;
        invWeight = Weights.inverse(w);
    }

    public Object owner() { return owner; }
    /** @return whether this is a group's entity ({@code !entity_is_task}) */
    public boolean isGroup() { return myQ != null; }
    public SchedEntity parentEntity() { return parentEntity; }
    public long vruntime() { return vruntime; }
    public long deadline() { return deadline; }
    public long vlag() { return vlag; }
    public long weight() { return weight; }
    public long slice() { return slice; }
    public boolean onRq() { return onRq; }
    public boolean delayed() { return delayed; }
    public long sumExecRuntime() { return sumExecRuntime; }
    public SchedAvg avg() { return avg; }

    /** Test helper: sets vruntime and deadline directly. */
    public void set(long vruntime, long deadline) {
        this.vruntime = vruntime;
        this.deadline = deadline;
    }

    /** Test helper: sets the saved lag directly. */
    public void setVlag(long vlag) {
        this.vlag = vlag;
    }

    @Override
    public String toString() {
        return "se(" + owner + ", v=" + vruntime + ", d=" + deadline + ")";
    }
}
