/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.task;

/** Per-task accounting kept by the simulation kernel (times in ns). Engines read it, never write it. */
public final class TaskStats {
    /** CPU time in user mode and in kernel paths run on its behalf. */
    public long cpuNs;
    /** Time spent RUNNING but not on a CPU. */
    public long waitNs;
    /** Switches away while not RUNNING (slept, blocked, exited): nvcsw. */
    public long voluntarySwitches;
    /** Switches away while still RUNNING (preempted, yielded): nivcsw, as the kernel counts them. */
    public long involuntarySwitches;
    /** Number of times woken from sleep. */
    public long wakeups;
    /** Time the current wait for a CPU started, or -1. */
    public long runnableSince = -1;
    /** Time of the last wakeup not yet followed by a switch-in, or -1 (for the latency histogram). */
    public long wokenAt = -1;
    /** Nominal expiry of the {@code timer} that is waking the task (-1: none), for the timer latency. */
    public long timerExpiry = -1;
    /** Time the task was last switched in. */
    public long lastSwitchIn;
    /** CPU the task last ran on, -1 before its first run (cache refill). */
    public int lastRunCpu = -1;
    /** That CPU's switch count when the task was switched in there (cache refill). */
    public long lastRunSeq;
    /** Named counters ("work", "messages"), indexed by the run's counter ids. */
    public long[] counters = new long[0];
}
