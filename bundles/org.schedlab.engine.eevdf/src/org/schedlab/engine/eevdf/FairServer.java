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
 * the fair class runs ahead of RT whenever it has a runnable task, a fair wakeup preempting a running RT task.
 *
 * <p>Departures: the server's own runtime is not consumed while it runs fair tasks (from zero laxity to the end
 * of the period is exactly the runtime left, which is the most they could use); periods run back to back on every
 * CPU from the first RT task's enqueue, not from the first fair enqueue (dl_server_start); 6.6 has RT throttling
 * instead (sched_rt_runtime_us), not modelled there.
 */
final class FairServer {
    static final long RUNTIME_NS = 50_000_000L;
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

    FairServer(EevdfScheduler s, Rq rq) {
        this.s = s;
        this.rq = rq;
        this.timer = s.kernel.newHrTimer("fair_server/cpu" + rq.cpu.id(), this::fire);
    }

    /** @return whether the server is enqueued: pick the fair class before RT */
    boolean active() {
        return active;
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
        if (left == 0) { // the fair class had its share: not needed until the next period
            timer.start(cpu, deadline);
        } else if (now >= deadline - left) {
            active = true;
            timer.start(cpu, deadline);
            Task curr = cpu.curr();
            if (curr != null && !curr.isIdleTask() && !EevdfScheduler.isFair(curr) && rq.cfs.hNrQueued > rq.cfs.hNrDelayed) {
                s.kernel.reschedTask(cpu, cpu);
            }
        } else {
            timer.start(cpu, deadline - left);
        }
    }
}
