/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the trace shows of one task: its state as the events go by, and what is kept for the workload. */
final class TaskHistory {
    /** Kinds of the exact sequence's steps, in the top byte of each entry. */
    static final long COMPUTE = 1L << 56;
    static final long SLEEP = 2L << 56;
    static final long SEND = 3L << 56;
    static final long RECV = 4L << 56;
    static final long FORK = 5L << 56;
    static final long KIND = 0xffL << 56;

    final int pid;
    String comm;
    int prio = 120;
    final long firstSeenNs;
    /** When it was first woken or forked, or -1 when it existed, runnable, from the trace's start. */
    long startNs = -1;
    int parent = -1;
    boolean exited;
    boolean imported;
    /** CPUs it was switched in on (bit per CPU, first 64) and how often. */
    long cpusSeen;
    long switchIns;

    // state
    long onCpuSince = -1;
    long burstNs;
    long pendingComputeNs;
    long sleepingSince = -1;

    // what the workload is fitted from
    long cpuNs;
    final RunningStats bursts = new RunningStats();
    final RunningStats sleeps = new RunningStats();
    /** The sleeps another imported task's wakeup ended. */
    final RunningStats waits = new RunningStats();
    long wokenByTasks;
    long blocks;
    final Map<Integer, Long> wakes = new LinkedHashMap<>();
    /** When its own wakeups (no imported task's: its timer's) came, the first {@link #MAX_TIMED} of them. */
    long[] ownWakeups = new long[16];
    int nOwnWakeups;
    final java.util.List<Integer> forks = new java.util.ArrayList<>();

    // the exact sequence (--exact)
    long[] steps;
    int nSteps;

    TaskHistory(int pid, String comm, long firstSeenNs, boolean exact) {
        this.pid = pid;
        this.comm = comm;
        this.firstSeenNs = firstSeenNs;
        steps = exact ? new long[16] : null;
    }

    static final int MAX_TIMED = 1 << 16;

    /** Keeps the time of one of its own wakeups ({@link PeriodicWakeups} reads them). */
    void ownWakeup(long t) {
        if (nOwnWakeups == MAX_TIMED) {
            return;
        }
        if (nOwnWakeups == ownWakeups.length) {
            ownWakeups = Arrays.copyOf(ownWakeups, nOwnWakeups * 2);
        }
        ownWakeups[nOwnWakeups++] = t;
    }

    void step(long kind, long value) {
        if (steps == null) {
            return;
        }
        if (nSteps == steps.length) {
            steps = Arrays.copyOf(steps, nSteps * 2);
        }
        steps[nSteps++] = kind | value;
    }

    /** Appends the computation since the last step (exact mode), as a step before a send or a fork. */
    void flushCompute(long now) {
        long c = pendingComputeNs + (onCpuSince >= 0 ? now - onCpuSince : 0);
        if (onCpuSince >= 0) {
            onCpuSince = now;
            cpuNs += c - pendingComputeNs;
            burstNs += c - pendingComputeNs;
        }
        pendingComputeNs = 0;
        if (c > 0) {
            step(COMPUTE, c);
        }
    }

    /** @return {@code ns} as a .sched time: whole us, or us with up to 3 decimals */
    static String time(long ns) {
        if (ns % 1000 == 0) {
            return ns / 1000 + " us";
        }
        String f = String.format(java.util.Locale.ROOT, "%.3f", ns / 1000.0);
        f = f.replaceAll("0+$", "");
        return f + " us";
    }
}
