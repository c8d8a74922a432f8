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
 * goodness(), prev_goodness() and preemption_goodness() of Linux 2.2.16,
 * 2.3.5 and 2.4.x kernel/sched.c, with the variations the versions and the
 * patches make (where the SCHED_YIELD test lives, the kernel-thread mm bonus).
 *
 * <p>Counts every evaluation in {@link #evaluations()} so that the scheduler can
 * charge each one from the cost table: a 450-task scan costs 450 evaluations.
 *
 * <p>Departure: in 2.4 the mm test compares with {@code prev->active_mm}; an
 * idle prev here has no mm, so only kernel threads get the +1 after idle.
 */
public final class Goodness {
    /** What a call returns for a task that must not be picked now (2.4 yield test). */
    public static final int YIELD_WEIGHT = -1;

    private final boolean yieldTest;
    private final boolean kernelThreadBonus;
    private final boolean smp;
    private final int procChangePenalty;
    private long evaluations;
    private TaskLines lines = TaskLines.off();

    /**
     * @param yieldTest goodness() returns -1 for a task with the SCHED_YIELD bit
     *        (2.4.0-2.4.18-pre4, Schreter v2; not 2.2/2.3, not with Hartner's patch)
     * @param kernelThreadBonus 2.4: a kernel thread (mm == NULL) gets the +1 mm bonus
     * @param smp an SMP kernel (PROC_CHANGE_PENALTY applies)
     * @param procChangePenalty PROC_CHANGE_PENALTY of the architecture (i386 15)
     */
    public Goodness(boolean yieldTest, boolean kernelThreadBonus, boolean smp, int procChangePenalty) {
        this.yieldTest = yieldTest;
        this.kernelThreadBonus = kernelThreadBonus;
        this.smp = smp;
        this.procChangePenalty = procChangePenalty;
    }

    /** The task cache lines the run-queue walks read (off, as on UP, unless the scheduler sets them). */
    TaskLines lines() { return lines; }

    void setLines(TaskLines l) { lines = l; }

    /** The number of goodness() evaluations so far (the scheduler charges the difference). */
    public long evaluations() { return evaluations; }

    /** Whether goodness() holds the SCHED_YIELD test. */
    public boolean yieldTest() { return yieldTest; }

    /**
     * goodness(prev, p, this_cpu), Linux 2.2.16 / 2.4.16 kernel/sched.c: -1 for
     * a yielding task (when this variant tests the bit), 1000 + rt_priority for
     * real time, else 0 for an exhausted task, else counter + PROC_CHANGE_PENALTY
     * (SMP, same CPU) + 1 (same mm) + the static priority.
     *
     * <p>The SCHED_YIELD bit is part of {@code p->policy} in the kernel, and the
     * time-sharing case is recognised by comparing the whole policy with
     * SCHED_OTHER. Where goodness() has no yield test of its own (2.2.16 and 2.3.5,
     * whose prev_goodness() clears the bit first, and 2.4.18-pre4 with
     * hartner-yield-2002, whose diff in seed 000 shows the "policy == SCHED_OTHER"
     * test right after the removed yield test), a task whose bit is still set
     * scores 1000 + rt_priority: the yielding prev of Hartner's schedule() wins its
     * own scan, and Libenzi's slotizer keys a yielder into the top slot.
     */
    public int goodness(SchedEntity prev, SchedEntity p, int thisCpu) {
        evaluations++;
        if (yieldTest && p.yield) return YIELD_WEIGHT;
        // the kernel keeps SCHED_YIELD in p->policy: a set bit fails the SCHED_OTHER test (2.2/2.3
        // "policy != SCHED_OTHER", 2.4 "policy == SCHED_OTHER") and the task scores as real time
        if (p.policy != SchedEntity.SCHED_OTHER || p.yield) return 1000 + p.rtPriority;
        int weight = p.counter;
        if (weight == 0) return 0; // the kernel tests !weight: the idle task's -100 goes on (about -84)
        if (smp && p.processor == thisCpu) weight += procChangePenalty;
        if ((prev != null && p.mm != null && p.mm == prev.mm) || (kernelThreadBonus && p.mm == null)) {
            weight += 1;
        }
        return weight + p.priority;
    }

    /**
     * prev_goodness(prev, p, this_cpu), Linux 2.2.16 / 2.3.5: a yielding task
     * loses its SCHED_YIELD bit and scores {@code yieldScore} (0 in the kernel,
     * -1 with Ivan Schreter's first patch); otherwise plain goodness.
     */
    public int prevGoodness(SchedEntity prev, SchedEntity p, int thisCpu, int yieldScore) {
        if (p.yield) {
            evaluations++;
            p.yield = false;
            return yieldScore;
        }
        return goodness(prev, p, thisCpu);
    }

    /** preemption_goodness(curr, p, cpu) = goodness(p) - goodness(curr), 2.2/2.4 kernel/sched.c. */
    public int preemptionGoodness(SchedEntity curr, SchedEntity p, int cpu) {
        return goodness(curr, p, cpu) - goodness(curr, curr, cpu);
    }
}
