/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim;

/** A broken simulation invariant; the message names the time, the CPU and the task. */
public final class InvariantViolation extends SimulationException {
    private static final long serialVersionUID = 1L;
    private final long timeNs;
    private final int cpu;
    private final int pid;

    /**
     * @param timeNs when (the event time)
     * @param cpu    which CPU, or -1
     * @param pid    which task, or {@link Integer#MIN_VALUE} for none
     * @param what   what broke
     */
    public InvariantViolation(long timeNs, int cpu, int pid, String what) {
        super("invariant broken at " + timeNs + " ns" + (cpu >= 0 ? ", cpu" + cpu : "")
                + (pid != Integer.MIN_VALUE ? ", pid " + pid : "") + ": " + what);
        this.timeNs = timeNs;
        this.cpu = cpu;
        this.pid = pid;
    }

    /** @return the simulated time of the violation, ns */
    public long timeNs() {
        return timeNs;
    }

    /** @return the CPU involved, or -1 */
    public int cpu() {
        return cpu;
    }

    /** @return the task involved, or {@link Integer#MIN_VALUE} */
    public int pid() {
        return pid;
    }
}
