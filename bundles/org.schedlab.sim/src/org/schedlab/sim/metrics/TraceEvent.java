/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.metrics;

/**
 * One schedule-trace record.
 *
 * @param timeNs   the CPU's cursor when it happened (IPI kinds: the time of the wakeup that sent it)
 * @param cpu      the CPU
 * @param kind     switch or wakeup; in {@code SimResult.ipis()}: reschedule IPI sent, or suppressed (the target was
 *                 polling)
 * @param pid      SWITCH: the previous task; WAKEUP: the woken task; IPI kinds: the task whose wakeup sent it (-1
 *                 when none)
 * @param otherPid SWITCH: the next task; WAKEUP: the task running the wakeup (-1 for an interrupt); IPI kinds: the
 *                 target CPU ({@code cpu} is the sending CPU)
 * @param prevState SWITCH: state of the previous task (R, S, D, Z); WAKEUP: a blank, or N for the wakeup of a
 *                  task just forked (wake_up_new_task: {@code pid} the child, {@code otherPid} the parent);
 *                  otherwise a blank
 */
public record TraceEvent(long timeNs, int cpu, Kind kind, int pid, int otherPid, char prevState) {
    /** Kinds of trace records. */
    public enum Kind {
        SWITCH, WAKEUP, IPI, IPI_SUPPRESSED
    }
}
