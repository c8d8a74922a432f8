/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.HrTimer;
import org.schedlab.sim.task.Task;

/**
 * One CPU's fair deadline server (6.12+: kernel/sched/deadline.c's dl_server, set up by fair.c's
 * fair_server_init with 50 ms of runtime every 1 s period, the defaults of /sys/kernel/debug/sched/fair_server),
 * which replaced RT throttling as what keeps real-time tasks from starving the fair class. It runs deferred: fair
 * tasks that get the CPU anyway use up its runtime, and so does idle time (dl_server_update,
 * dl_server_update_idle_time), and only when the rest of the runtime would no longer fit before the period's end
 * (zero laxity) is the server enqueued as a deadline entity, above every RT task; from then to the period's end
 * the CPU runs its fair tasks, or idles when it has none (the server's runtime runs out as idle time), and no RT
 * task. Measured on this machine's 6.18 (`chrt -f 99` spinners pinned to each CPU, 5 s, the largest gaps between
 * two clock reads): five gaps of 50.0 ms on each CPU, and /proc/stat's idle time of CPU 0 grew by 150 ms in a 3 s
 * run: the RT task loses the whole 50 ms of each second, with nothing else to run.
 *
 * <p>The server is started by a fair task's enqueue (dl_server_start) and, since 6.17, stays up for a period with
 * nothing to run: here a period's zero laxity enqueues it when a fair task was runnable on the CPU in that period.
 *
 * <p>Departures: the server's own runtime is not consumed while it runs fair tasks (from zero laxity to the end
 * of the period is exactly the runtime left, which is the most they could use); periods run back to back on every
 * CPU from the first RT task's pick; 6.6 has RT throttling instead (sched_rt_runtime_us), not modelled there.
 */
final class FairServer {
    /** fair_server_init's runtime (and the 50.0 ms each gap of the spinners above lasted). */
    static final long RUNTIME_NS = 50_000_000L;
    /** fair_server_init's period (five gaps in 5 s above). */
    static final long PERIOD_NS = 1_000_000_000L;
    private final EevdfScheduler s;
    private final Rq rq;
    private final HrTimer timer;
    private long periodStart;
    private long deadline;
    /** RT run time of this period from RT segments that ended, ns. */
    private long rtNs;
    /** Since when an RT task runs on this CPU, or -1. */
    private long rtSince = -1;
    /** From zero laxity to the period's end: the fair class runs ahead of RT. */
    private boolean active;
    private boolean started;
    /** A fair task was enqueued on this CPU in this period (the server would have been started). */
    private boolean fairSeen;

    FairServer(EevdfScheduler s, Rq rq) {
        this.s = s;
        this.rq = rq;
        this.timer = s.kernel.newHrTimer("fair_server/cpu" + rq.cpu.id(), this::fire);
    }

    /** @return whether the server is enqueued: pick the fair class before RT */
    boolean active() {
        return active;
    }

    /** A fair task was enqueued on {@code server}'s CPU (null: no server, 6.6). */
    static void fairEnqueued(FairServer server) {
        if (server != null) {
            server.fairSeen = true;
        }
    }

    /** {@code __schedule} picked the next task at {@code now}: an RT one or not (the RT time of the period). */
    void picked(boolean rt, long now) {
        if (rtSince >= 0) {
            rtNs += now - Math.max(rtSince, periodStart);
            rtSince = -1;
        }
        if (rt) {
            rtSince = now;
            if (!started) { // the first RT task: from here on the server keeps time on this CPU
                started = true;
                newPeriod(now);
            }
        }
    }

    private void newPeriod(long start) {
        periodStart = start;
        deadline = start + PERIOD_NS;
        rtNs = 0;
        fairSeen = rq.cfs.hNrQueued > rq.cfs.hNrDelayed;
        if (rtSince >= 0) {
            rtSince = Math.max(rtSince, start);
        }
        timer.start(rq.cpu, deadline - RUNTIME_NS);
    }

    /** @return the runtime the fair class has not had yet in this period at {@code now}, ns */
    private long runtimeLeft(long now) {
        long rt = rtNs + (rtSince >= 0 ? now - Math.max(rtSince, periodStart) : 0);
        long fairOrIdle = now - periodStart - rt;
        return Math.max(0, RUNTIME_NS - fairOrIdle);
    }

    /** The server's timer: zero laxity reached (or moved on), or the period's end. */
    private void fire(Cpu cpu, long now) {
        if (now >= deadline) {
            boolean was = active;
            active = false;
            newPeriod(deadline);
            if (was) {
                s.kernel.reschedTask(cpu, cpu); // RT takes the CPU back
            }
            return;
        }
        long left = runtimeLeft(now);
        if (left > 0 && now < deadline - left) {
            timer.start(cpu, deadline - left); // zero laxity moved on: the fair class ran or the CPU idled
            return;
        }
        timer.start(cpu, deadline);
        if (left == 0 || !fairSeen) {
            return; // the fair class had its share, or had no task: the server is not needed this period
        }
        active = true;
        Task curr = cpu.curr();
        if (curr != null && !curr.isIdleTask() && !EevdfScheduler.isFair(curr)) {
            s.kernel.reschedTask(cpu, cpu); // the RT task leaves the CPU to the server
        }
    }
}
