/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskStats;

/**
 * The measured window of a run: where it starts (the end of the warm-up) and the books as they stood then.
 *
 * <p>Figures the simulation itself depends on keep absolute accounting, and the window is reported as the
 * difference to the baseline taken here: each CPU's four time buckets (so the books still add up to its cursor
 * and the invariant checks are untouched), each task's {@link TaskStats} (engines read them) and each
 * spinlock's statistics. Figures nothing reads back start over instead ({@code Metrics#restart()} and the
 * phase times).
 *
 * <p>Each CPU's baseline adds up to the warm-up instant: an open user or idle segment is split at it, and the
 * part of a kernel path that ran past it (a CPU cursor ahead of the instant) is left to the window. Departure:
 * the kernel does not split such a path between kernel and spin time, so that part is taken off the baseline's
 * kernel time first (spin, then idle, only if kernel time does not cover it).
 */
final class Measurement {
    private static final org.schedlab.sim.task.Task.KernelOps TASK = KernelMutators.task();
    private static final Measurement FROM_BOOT = new Measurement(0);

    private final long startNs;
    private final Map<Cpu, long[]> cpus = new IdentityHashMap<>();
    private final Map<Integer, long[]> tasks = new HashMap<>();
    private final Map<Integer, long[]> taskCounters = new HashMap<>();
    private final Map<SpinLock, long[]> locks = new IdentityHashMap<>();

    private Measurement(long startNs) {
        this.startNs = startNs;
    }

    /** @return the window of a run without warm-up: from boot, every baseline zero */
    static Measurement fromBoot() {
        return FROM_BOOT;
    }

    /** Starts the measured window at {@code t}: takes the baseline and starts the other figures over. */
    static Measurement startAt(KernelImpl k, long t) {
        Measurement m = new Measurement(t);
        for (Cpu c : k.machine().cpus()) {
            m.cpus.put(c, cpuAt(c, t));
        }
        for (Task task : k.allTasks()) {
            m.tasks.put(task.pid(), taskAt(task, t));
            m.taskCounters.put(task.pid(), task.stats().counters.clone());
            if (TASK.context(task) instanceof TaskContext ctx) {
                ctx.restartPhases(t);
            }
        }
        for (SpinLock l : k.locks) {
            m.locks.put(l, new long[] {l.acquisitions(), l.contended(), l.spinNs(), l.holdNs()});
        }
        java.util.Arrays.fill(k.phaseNs, 0);
        k.metrics().restart();
        return m;
    }

    /** @return the simulated time the window starts */
    long startNs() {
        return startNs;
    }

    /**
     * @return user, kernel, spin and idle ns of {@code c} by {@code t}: an open user or idle segment is split at
     *         {@code t}; time booked past {@code t} (a kernel path whose cursor ran ahead) is left to the window,
     *         taken off kernel, then spin, then idle time, so the four add up to at most {@code t}
     */
    private static long[] cpuAt(Cpu c, long t) {
        boolean segment = c.mode() != Cpu.Mode.KERNEL;
        long open = segment ? Math.max(0, t - c.segmentStart()) : 0;
        long[] b = {c.userNs() + (c.mode() == Cpu.Mode.USER ? open : 0), c.kernelNs(), c.spinNs(),
                c.idleNs() + (c.mode() == Cpu.Mode.IDLE ? open : 0)};
        long past = b[0] + b[1] + b[2] + b[3] - t;
        for (int i : new int[] {1, 2, 3, 0}) {
            long take = Math.min(Math.max(0, past), b[i]);
            b[i] -= take;
            past -= take;
        }
        return b;
    }

    /** @return cpu, wait, voluntary, involuntary and wakeups of {@code task} by {@code t} */
    static long[] taskAt(Task task, long t) {
        TaskStats s = task.stats();
        long cpu = s.cpuNs;
        if (task.onCpu() >= 0) {
            cpu += Math.max(0, t - s.lastSwitchIn);
        }
        long wait = s.waitNs;
        if (s.runnableSince >= 0) {
            wait += Math.max(0, t - s.runnableSince);
        }
        return new long[] {cpu, wait, s.voluntarySwitches, s.involuntarySwitches, s.wakeups};
    }

    /** @return the CPU's user, kernel, spin and idle ns at the start (zeros from boot) */
    long[] cpu(Cpu c) {
        return cpus.getOrDefault(c, new long[4]);
    }

    /** @return the task's {@link #taskAt} figures at the start (zeros for a task created later) */
    long[] task(Task t) {
        return tasks.getOrDefault(t.pid(), new long[5]);
    }

    /** @return the task's counter {@code id} at the start */
    long taskCounter(Task t, int id) {
        long[] c = taskCounters.get(t.pid());
        return c == null || id >= c.length ? 0 : c[id];
    }

    /** @return acquisitions, contended, spin ns and hold ns of {@code l} at the start */
    long[] lock(SpinLock l) {
        return locks.getOrDefault(l, new long[4]);
    }
}
