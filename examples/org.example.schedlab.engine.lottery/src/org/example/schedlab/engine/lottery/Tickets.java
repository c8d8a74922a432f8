/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.example.schedlab.engine.lottery;

import org.schedlab.sim.task.Policy;
import org.schedlab.sim.task.Task;

/**
 * Ticket allocation from a task's scheduling attributes. The paper funds clients from currencies; this
 * engine has one currency and funds each task from its nice value, with the ratio the Linux CFS weight
 * table was built on (2.6.23 {@code prio_to_weight}: each nice step is worth about 1.25 times the next),
 * so that nice means the same CPU share as under CFS: {@code tickets = round(base / 1.25^nice)}, at least 1.
 *
 * <p>Departures: lottery scheduling has no real-time class, so SCHED_FIFO and SCHED_RR tasks are funded
 * like nice -20 and compete in the same lottery (no strict priority); SCHED_IDLE tasks hold one ticket.
 */
final class Tickets {
    /** Ratio between the tickets of two adjacent nice values. */
    static final double NICE_STEP = 1.25;
    /** Lowest nice value (highest funding). */
    static final int NICE_MIN = -20;

    private Tickets() {
    }

    /**
     * @param base tickets of a nice-0 task
     * @return the tickets funding {@code p}
     */
    static long of(Task p, long base) {
        if (p.policy() == Policy.IDLE) {
            return 1;
        }
        int nice = p.policy().isRealTime() ? NICE_MIN : p.nice();
        return ofNice(nice, base);
    }

    /** @return {@code round(base / 1.25^nice)}, at least 1 */
    static long ofNice(int nice, long base) {
        return Math.max(1, Math.round(base / Math.pow(NICE_STEP, nice)));
    }
}
