/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.spi;

/**
 * Where kernel cycles go. The first group is the scheduler's own work (metrics split scheduler cycles by
 * these); the second group is other kernel work a scheduler does not own (system call entry, interrupts,
 * process creation, IPC), booked as kernel time but not as scheduler cycles.
 * Seed 002's instrument is {@link #ENQUEUE} plus {@link #DEQUEUE}.
 */
public enum SchedFn {
    /** schedule(): the fixed part (entry, bookkeeping, commit of next). */
    SCHEDULE(true),
    /** The run-queue scan or pick (goodness() loop, tree leftmost, bitmap search). */
    SCAN(true),
    /** Counter recalculation (2.2/2.4 "recalculate" loop over every task). */
    RECALC(true),
    /** Putting a task on a run queue. */
    ENQUEUE(true),
    /** Taking a task off a run queue. */
    DEQUEUE(true),
    /** sys_sched_yield body. */
    YIELD(true),
    /** try_to_wake_up / reschedule_idle / wake-up preemption checks. */
    WAKEUP(true),
    /** scheduler_tick. */
    TICK(true),
    /** Load balancing (periodic and idle). */
    BALANCE(true),
    /** Time spent spinning on a held kernel spinlock. */
    LOCK_SPIN(true),
    /** Uncontended spinlock acquire and release instructions. */
    LOCK(true),
    /** Sending and receiving inter-processor interrupts. */
    IPI(true),
    /** The context switch itself (switch_to, switch_mm). */
    SWITCH(true),
    /** Anything else an engine does. */
    OTHER(true),
    /** System call entry and exit (not scheduler work). */
    SYSCALL(false),
    /** Timer and device interrupt entry and exit (not scheduler work). */
    INTERRUPT(false),
    /** fork, exec, exit, wait (not scheduler work). */
    PROCESS(false),
    /** Pipes, sockets, futexes (not scheduler work). */
    IPC(false);

    private final boolean scheduler;

    SchedFn(boolean scheduler) {
        this.scheduler = scheduler;
    }

    /** @return true when these cycles count as scheduler cycles in the metrics */
    public boolean isScheduler() {
        return scheduler;
    }
}
