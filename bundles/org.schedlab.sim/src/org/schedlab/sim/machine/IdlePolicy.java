/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.machine;

/** What a CPU's idle loop does (2.6.15 arch/ia64/kernel/process.c and kernel/sched.c resched_task; seed 004). */
public enum IdlePolicy {
    /** poll_idle: spins on need_resched with TIF_POLLING_NRFLAG set; no IPI needed, noticed at once. */
    POLL,
    /** halt (hlt, PAL_HALT_LIGHT) with the flag clear: every remote wakeup sends an IPI, which wakes it. */
    HALT,
    /**
     * The ia64 2.6.15-rc1 bug: the flag is set once, then the CPU halts. resched_task sends nothing;
     * the CPU notices need_resched only at its next interrupt, normally the timer tick.
     */
    HALT_POLLING_FLAG_SET;

    /** @return the value of TIF_POLLING_NRFLAG while idle under this policy */
    public boolean pollingFlag() {
        return this != HALT;
    }

    /** @return true when the idle CPU is halted and needs an interrupt to run again */
    public boolean halts() {
        return this != POLL;
    }
}
