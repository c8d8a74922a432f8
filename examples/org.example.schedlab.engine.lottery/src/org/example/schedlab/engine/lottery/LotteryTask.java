/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.example.schedlab.engine.lottery;

import org.schedlab.sim.task.Task;

/**
 * Per-task lottery state, kept in {@link Task#se()}: the links of the run-queue list, the task's base
 * funding, its compensation ticket (0 when it holds none) and the quantum it is running.
 */
final class LotteryTask {
    final Task task;
    LotteryTask prev;
    LotteryTask next;
    boolean queued;
    /** True when the task may run on every CPU of the machine (affinity is fixed at creation). */
    boolean everywhere;
    /** Set by sched_yield, consumed by the next schedule(). */
    boolean yielded;
    /** Base tickets, from nice (see {@link Tickets}). */
    long tickets;
    /** Value of the compensation ticket held until the task starts its next quantum (patch only). */
    long compensation;
    /** Timer ticks left in the current quantum. */
    int ticksLeft;
    /** CPU cursor when the current quantum started, ns. */
    long quantumStart;

    LotteryTask(Task task, long tickets) {
        this.task = task;
        this.tickets = tickets;
    }

    /** @return the tickets this task holds in a draw: base plus compensation */
    long value() {
        return tickets + compensation;
    }
}
