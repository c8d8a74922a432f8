/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.task;

/** Scheduling policies. The SCHED_YIELD bit is a separate flag on {@link Task}. */
public enum Policy {
    /** SCHED_OTHER / SCHED_NORMAL. */
    OTHER,
    /** SCHED_FIFO (real time). */
    FIFO,
    /** SCHED_RR (real time). */
    RR,
    /** SCHED_BATCH (2.6.16+). */
    BATCH,
    /** SCHED_IDLE (2.6.23+). */
    IDLE;

    /** @return true for SCHED_FIFO and SCHED_RR */
    public boolean isRealTime() {
        return this == FIFO || this == RR;
    }
}
