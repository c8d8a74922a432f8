/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import java.util.function.Function;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.Machine;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.task.Task;

/**
 * reschedule_idle(p) of Linux 2.2.16 and 2.4.x: after a wakeup (and from
 * schedule_tail for a still-runnable prev) find a CPU for {@code p}, set its
 * need_resched and send a reschedule IPI when it is remote. Runs under
 * runqueue_lock; each goodness() evaluation is counted by {@link Goodness}.
 */
final class RescheduleIdle {
    private final Kernel kernel;
    private final Machine machine;
    private final Goodness g;
    private final KernelVersion version;
    private final Function<Task, SchedEntity> se;
    private final long cacheflushNs;

    RescheduleIdle(Kernel kernel, Goodness g, KernelVersion version, Function<Task, SchedEntity> se) {
        this.kernel = kernel;
        this.machine = kernel.machine();
        this.g = g;
        this.version = version;
        this.se = se;
        long mhz = machine.profile().mhz();
        this.cacheflushNs = machine.profile().cacheflushTimeCycles() * 1000 / mhz;
    }

    /** reschedule_idle(p) called on {@code thisCpu} (2.2.16 / 2.4.16 kernel/sched.c). */
    void rescheduleIdle(SchedEntity p, Cpu thisCpu) {
        if (machine.nrCpus() == 1) {
            rescheduleIdleUp(p, thisCpu);
        } else if (version.is24()) {
            rescheduleIdle24(p, thisCpu);
        } else {
            rescheduleIdle22(p, thisCpu);
        }
    }

    /** UP: preemption_goodness(current, p) > 0 sets current's need_resched (2.2/2.4). */
    private void rescheduleIdleUp(SchedEntity p, Cpu cpu) {
        SchedEntity curr = se.apply(cpu.curr());
        if (g.preemptionGoodness(curr, p, cpu.id()) > 0) {
            cpu.setNeedResched(true);
        }
    }

    /**
     * 2.2.16 SMP, as 2.2.16 kernel/sched.c has it: nothing when p last
     * ran here and is related() to current; p's last CPU if it is idle; otherwise
     * the CPU with the strictly largest preemption_goodness > 0 (stopping at a
     * related current). Idle CPUs score highest (idle goodness about -84).
     * Departure: CPUs outside the task's CPU set are skipped (2.2 had no
     * cpus_allowed).
     */
    private void rescheduleIdle22(SchedEntity p, Cpu thisCpu) {
        Task pt = (Task) p.owner;
        Cpu best = machine.cpu(p.processor);
        if (best == thisCpu && related(se.apply(thisCpu.curr()), p)) {
            return;
        }
        Cpu target = null;
        if (best.curr().isIdleTask() && pt.allowedOn(best.id())) {
            target = best;
        } else {
            int maxPrio = 0;
            for (Cpu c : machine.cpus()) {
                if (!pt.allowedOn(c.id())) continue;
                g.lines().readScheduleData(c.id(), thisCpu);
                SchedEntity curr = se.apply(c.curr());
                g.lines().readFields(curr, thisCpu.id());
                int prio = g.preemptionGoodness(curr, p, c.id());
                if (prio > maxPrio) {
                    maxPrio = prio;
                    target = c;
                }
                if (related(curr, p)) break;
            }
        }
        if (target != null) {
            target.setNeedResched(true);
            if (target != thisCpu) kernel.sendReschedIpi(target, thisCpu);
        }
    }

    /**
     * 2.4.16 SMP: p's last CPU if allowed and idle; else among allowed CPUs the
     * idle one with the oldest last_schedule, else the busy one with the largest
     * preemption_goodness > 0. An idle target gets an IPI only if remote and its
     * need_resched was clear (a polling idle loop counts as set, the kernel's -1).
     */
    private void rescheduleIdle24(SchedEntity p, Cpu thisCpu) {
        Task pt = (Task) p.owner;
        Cpu best = machine.cpu(p.processor);
        if (pt.allowedOn(best.id()) && best.curr().isIdleTask()) {
            sendNowIdle(best, thisCpu);
            return;
        }
        long oldestIdle = Long.MAX_VALUE;
        Cpu target = null;
        int maxPrio = 0;
        for (Cpu c : machine.cpus()) {
            if (!pt.allowedOn(c.id())) continue;
            if (c.curr().isIdleTask()) {
                if (c.lastSchedule() < oldestIdle) {
                    oldestIdle = c.lastSchedule();
                    target = c;
                }
            } else if (oldestIdle == Long.MAX_VALUE) {
                g.lines().readScheduleData(c.id(), thisCpu);
                SchedEntity curr = se.apply(c.curr());
                g.lines().readFields(curr, thisCpu.id());
                int prio = g.preemptionGoodness(curr, p, c.id());
                if (prio > maxPrio) {
                    maxPrio = prio;
                    target = c;
                }
            }
        }
        if (target == null) return;
        if (oldestIdle != Long.MAX_VALUE) {
            sendNowIdle(target, thisCpu);
        } else {
            target.setNeedResched(true);
            if (target != thisCpu) kernel.sendReschedIpi(target, thisCpu);
        }
    }

    private void sendNowIdle(Cpu target, Cpu thisCpu) {
        boolean already = target.needResched() || target.polling();
        target.setNeedResched(true);
        if (target != thisCpu && !already) kernel.sendReschedIpi(target, thisCpu);
    }

    /**
     * related(p1, p2), 2.2 SMP: both hold the big kernel lock, p2 is SCHED_OTHER
     * and p1's avg_slice is below cacheflush_time (cpu_khz/1024 * L2 KB / 5 cycles).
     */
    boolean related(SchedEntity p1, SchedEntity p2) {
        Task a = (Task) p1.owner;
        Task b = (Task) p2.owner;
        if (a == null || b == null || !a.holdsBkl() || !b.holdsBkl()) return false;
        return p2.policy == SchedEntity.SCHED_OTHER && p1.avgSlice < cacheflushNs;
    }
}
