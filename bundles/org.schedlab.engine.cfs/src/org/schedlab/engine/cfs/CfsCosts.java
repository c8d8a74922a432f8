/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;

/**
 * Turns the CFS paths into cycles from the run's cost table. A tree operation costs
 * {@link CostKey#TREE_STEP} per unit of tree work: each node examined in a descent or walk, each
 * recolouring / rotation iteration, and each compare-and-store on a cached leftmost / rightmost
 * pointer (a pointer load and compare, the same order of work as a descent step; the cost table has
 * no finer key). The fixed bookkeeping of {@code enqueue_task} / {@code dequeue_task} (update_curr,
 * place_entity, account_entity_enqueue / dequeue, sched_info, schedstats) is one
 * {@link CostKey#ENQUEUE_ACCOUNTING}, calibrated on the P4 from seed 002's own unpatched total.
 * <p>
 * Booking follows seed 002's instrument, which timed {@code enqueue_task} and {@code dequeue_task} in
 * kernel/sched.c: wakeups, sleeps, fork and migrations are {@link SchedFn#ENQUEUE} / {@link SchedFn#DEQUEUE};
 * the tree work of {@code put_prev_entity} / {@code set_next_entity} inside schedule() is
 * {@link SchedFn#SCAN} (the pick), which the seed did not time; yield's work is {@link SchedFn#YIELD}.
 * {@link #pickPathTreeCycles()} keeps the pick-path tree cycles so that the other reading of the
 * instrument (every tree operation) can be reported too.
 */
final class CfsCosts {

    private final Kernel kernel;
    private final long treeStep;
    private final long accounting;
    private final long schedule;
    private final long wakeup;
    private final long balancePerTask;
    private long pickPathTreeCycles;
    /** The id of the {@link CfsScheduler#PATCHED_PATHS} counter. */
    private final int patchedPaths;

    CfsCosts(Kernel kernel) {
        this.kernel = kernel;
        this.treeStep = kernel.costs().cycles(CostKey.TREE_STEP);
        this.accounting = kernel.costs().cycles(CostKey.ENQUEUE_ACCOUNTING);
        this.schedule = kernel.costs().cycles(CostKey.SCHEDULE);
        this.wakeup = kernel.costs().cycles(CostKey.WAKEUP);
        this.balancePerTask = kernel.costs().cycles(CostKey.BALANCE_PER_TASK);
        this.patchedPaths = kernel.metrics().engineCounterId(CfsScheduler.PATCHED_PATHS);
    }

    /** @return the tree's work counter now, to be passed back to {@link #chargeTree} */
    static long mark(RbTree t) {
        return t.visits() + t.fixups() + t.cacheOps();
    }

    /** Charges {@code steps} of tree work (counted by {@link #mark} differences) on {@code t}'s queues to {@code fn}. */
    void chargeTree(Cpu cpu, SchedFn fn, RbTree t, long steps) {
        if (steps > 0 && t.cachesRightmost()) {
            kernel.metrics().engineCounter(patchedPaths, 1);
        }
        if (steps > 0) {
            long cycles = steps * treeStep;
            if (fn == SchedFn.SCAN) {
                pickPathTreeCycles += cycles;
            }
            kernel.charge(cpu, fn, cycles);
        }
    }

    /** enqueue_task / dequeue_task: the fixed part outside the tree. */
    void chargeRqOp(Cpu cpu, SchedFn fn) {
        kernel.charge(cpu, fn, accounting);
    }

    /** schedule(): the fixed part. */
    void chargeSchedule(Cpu cpu) {
        kernel.charge(cpu, SchedFn.SCHEDULE, schedule);
    }

    /** try_to_wake_up bookkeeping outside the queue operation. */
    void chargeWakeup(Cpu cpu) {
        kernel.charge(cpu, SchedFn.WAKEUP, wakeup);
    }

    /** Load balancing: {@code n} tasks or run queues examined. */
    void chargeBalance(Cpu cpu, long n) {
        if (n > 0) {
            kernel.charge(cpu, SchedFn.BALANCE, n * balancePerTask);
        }
    }

    /** @return cycles of tree work in put_prev_entity / set_next_entity so far (booked as SCAN) */
    long pickPathTreeCycles() {
        return pickPathTreeCycles;
    }
}
