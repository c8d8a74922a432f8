/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

/**
 * The goodness() family's per-task scheduling state: the fields of a 2.2/2.4
 * {@code task_struct} that kernel/sched.c reads and writes (counter, priority
 * or nice, policy with the SCHED_YIELD bit, rt_priority, mm, processor,
 * has_cpu, avg_slice; cpus_allowed is read from the task) plus the intrusive links of the global run
 * list ({@code run_list}) and of Davide Libenzi's goodness slots
 * ({@code __next}/{@code __pprev}).
 *
 * <p>Kept free of the simulation kernel's types so that the list, goodness and
 * slot code can be tested on their own; {@link #owner} points back to the
 * simulated task.
 */
public final class SchedEntity {
    /** SCHED_OTHER, the time-sharing policy. */
    public static final int SCHED_OTHER = 0;
    /** SCHED_FIFO. */
    public static final int SCHED_FIFO = 1;
    /** SCHED_RR. */
    public static final int SCHED_RR = 2;

    final int pid;
    /** The simulated task this entity belongs to (opaque here). */
    final Object owner;
    /** Address space identity; threads of one process share it; null for a kernel thread. */
    Object mm;
    /** SCHED_OTHER, SCHED_FIFO or SCHED_RR (the SCHED_YIELD bit is {@link #yield}). */
    int policy;
    /** The SCHED_YIELD bit of {@code p->policy}. */
    boolean yield;
    int rtPriority;
    int nice;
    /** Ticks left in the current epoch ({@code p->counter}). */
    int counter;
    /** The static goodness bonus: 2.2 {@code p->priority}, 2.4 {@code 20 - nice}. */
    int priority;
    /** Last CPU ({@code p->processor}). */
    int processor;
    /** Running on a CPU right now (2.2/2.3 has_cpu, 2.4.15+ cpus_runnable != ~0). */
    boolean hasCpu;
    /** The idle task of a CPU: counter -100, never on the run list. */
    final boolean idleTask;
    /** Holds the big kernel lock (related() in 2.2 reschedule_idle). */
    boolean holdsBkl;
    /** Average length of a run slice in ns (2.2/2.4 SMP avg_slice). */
    long avgSlice;
    /** When this task last got a CPU, ns (to update avg_slice). */
    long sliceStart;
    /** The CPUs holding a valid copy of this task's goodness() cache line, one bit each ({@link TaskLines}). */
    long lineSharers;
    /**
     * With the memory model on ({@link TaskLines}): first the ids of the lines goodness() and can_schedule() read,
     * each once, in the order they are loaded ({@link #goodnessLines} of them), then the id of the line of each
     * {@link TaskLayout.Field}, by ordinal. One array, so that a walk step reads one object besides the entity.
     */
    int[] lineIds;
    /** How many of {@link #lineIds} the goodness() loads are. */
    int goodnessLines;

    // run_list links (null when not on the run queue)
    SchedEntity next;
    SchedEntity prev;
    // goodness-slot links (Libenzi); slot == -1 when in no slot
    SchedEntity slotNext;
    SchedEntity slotPrev;
    int slot = -1;

    /** Creates the state of one task. */
    public SchedEntity(int pid, Object owner, boolean idleTask) {
        this.pid = pid;
        this.owner = owner;
        this.idleTask = idleTask;
        if (idleTask) {
            this.counter = -100;
            this.priority = 0;
        }
    }

    /** A run-list head (the init task's run_list in the kernel): never a real task. */
    static SchedEntity head() {
        SchedEntity h = new SchedEntity(-1, null, false);
        h.next = h;
        h.prev = h;
        return h;
    }

    public SchedEntity setMm(Object m) { mm = m; return this; }
    public SchedEntity setPolicy(int pol, int rtPrio) { policy = pol; rtPriority = rtPrio; return this; }
    public SchedEntity setYieldBit(boolean y) { yield = y; return this; }
    public SchedEntity setPriority(int prio) { priority = prio; return this; }
    public SchedEntity setNice(int n) { nice = n; return this; }
    public SchedEntity setProcessor(int cpu) { processor = cpu; return this; }
    public SchedEntity setHasCpu(boolean h) { hasCpu = h; return this; }
    public Object mm() { return mm; }
    public int nice() { return nice; }
    public int rtPriority() { return rtPriority; }
    public boolean isIdleTask() { return idleTask; }
    /** The goodness slot the task sits in, -1 if none (slotizer). */
    public int slot() { return slot; }

    public int pid() { return pid; }
    public Object owner() { return owner; }
    public int counter() { return counter; }
    public void setCounter(int c) { counter = c; }
    public int priority() { return priority; }
    public boolean yieldBit() { return yield; }
    public int policy() { return policy; }
    public int processor() { return processor; }
    public boolean hasCpu() { return hasCpu; }
    public boolean onRunqueue() { return next != null; }
    public boolean isRealTime() { return policy != SCHED_OTHER; }

    @Override
    public String toString() {
        return "se[" + pid + " c=" + counter + (yield ? " Y" : "") + "]";
    }
}
