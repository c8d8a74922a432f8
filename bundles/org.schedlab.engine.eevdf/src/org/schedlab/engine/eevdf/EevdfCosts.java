/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;

/**
 * Turns the EEVDF paths into cycles from the run's cost table, as the CFS engine does: {@link CostKey#TREE_STEP}
 * per unit of tree work ({@link AugRbTree#work()}: each node examined by a descent, a walk or pick_eevdf, each
 * rebalancing iteration, each augmented value recomputed, each leftmost-cache update); one
 * {@link CostKey#ENQUEUE_ACCOUNTING} per enqueue_task / dequeue_task (update_curr, place_entity or
 * update_entity_lag, the avg_vruntime sums, load accounting); {@link CostKey#LIST_OP} per real-time list
 * insertion or removal; {@link CostKey#BALANCE_PER_TASK} per run queue or task a balancing pass or
 * select_idle_sibling examines (the cost table has no key for a CPU examined at wakeup: the balancing key is
 * the same order of work, a remote rq's fields read).
 * <p>
 * Booking: wakeups, sleeps, fork and migrations are ENQUEUE / DEQUEUE; the tree work of put_prev_entity,
 * pick_eevdf and set_next_entity inside schedule() is SCAN; yield's is YIELD; tick-time update_curr is TICK;
 * select_idle_sibling's scan is WAKEUP.
 */
final class EevdfCosts {

    private final Kernel kernel;
    private final long treeStep;
    private final long accounting;
    private final long schedule;
    private final long wakeup;
    private final long balancePerTask;
    private final long listOp;

    EevdfCosts(Kernel kernel) {
        this.kernel = kernel;
        this.treeStep = kernel.costs().cycles(CostKey.TREE_STEP);
        this.accounting = kernel.costs().cycles(CostKey.ENQUEUE_ACCOUNTING);
        this.schedule = kernel.costs().cycles(CostKey.SCHEDULE);
        this.wakeup = kernel.costs().cycles(CostKey.WAKEUP);
        this.balancePerTask = kernel.costs().cycles(CostKey.BALANCE_PER_TASK);
        this.listOp = kernel.costs().cycles(CostKey.LIST_OP);
    }

    /** Charges the tree work done since {@code mark} (a {@link AugRbTree#work()} reading) to {@code fn}. */
    void chargeTree(Cpu cpu, SchedFn fn, AugRbTree t, long mark) {
        long steps = t.work() - mark;
        if (steps > 0) {
            kernel.charge(cpu, fn, steps * treeStep);
        }
    }

    void chargeRqOp(Cpu cpu, SchedFn fn) {
        kernel.charge(cpu, fn, accounting);
    }

    void chargeListOp(Cpu cpu, SchedFn fn) {
        kernel.charge(cpu, fn, listOp);
    }

    void chargeSchedule(Cpu cpu) {
        kernel.charge(cpu, SchedFn.SCHEDULE, schedule);
    }

    void chargeWakeup(Cpu cpu) {
        kernel.charge(cpu, SchedFn.WAKEUP, wakeup);
    }

    /** {@code n} run queues or tasks examined, booked to {@code fn}. */
    void chargeScan(Cpu cpu, SchedFn fn, long n) {
        if (n > 0) {
            kernel.charge(cpu, fn, n * balancePerTask);
        }
    }
}
