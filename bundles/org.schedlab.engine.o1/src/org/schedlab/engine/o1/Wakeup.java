/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;

/**
 * 2.6.15 wakeups: try_to_wake_up with the wake-affine / passive-balance CPU
 * choice of the task's scheduling domain, activate_task with the sleep credit,
 * the preemption test TASK_PREEMPTS_CURR (an idle target always qualifies:
 * the idle task's prio is MAX_PRIO) through the kernel's resched_task, and
 * sched_fork + wake_up_new_task.
 *
 * <p>Departures: one domain spanning all CPUs (no SMT or NUMA levels, so no
 * wake_idle); activate_task's cross-CPU timestamp fix-up is omitted because all
 * simulated CPUs share one clock; "woken from an interrupt" (activated = 2) is
 * inferred when the waking CPU is running its idle task, since the SPI does not
 * say whether a wakeup comes from interrupt context; fork places the child on
 * the parent's CPU (no SD_BALANCE_FORK); a task present at boot is started by
 * its first wakeup like a new task (no sleep credit, activated stays 0).
 */
final class Wakeup {
    /** SD_CPU_INIT wake_idx (2.6.15 include/linux/topology.h). */
    static final int WAKE_IDX = 1;

    private final O1Core core;
    private final O1Scheduler sched;

    Wakeup(O1Core core, O1Scheduler sched) {
        this.core = core;
        this.sched = sched;
    }

    /** 2.6.15 try_to_wake_up(p, state, sync). */
    void tryToWakeUp(Task p, Cpu waker, boolean sync) {
        O1Task t = O1Core.o1(p);
        core.kernel.charge(waker, SchedFn.WAKEUP, CostKey.WAKEUP);
        int cpu = t.cpu;
        int thisCpu = waker.id();
        RunQueue rq = core.rq(cpu);
        core.lock(waker, rq); // task_rq_lock
        if (t.array != null) {
            core.unlock(waker, rq); // already queued: out_running
            return;
        }
        int newCpu = cpu;
        if (cpu != thisCpu && p.allowedOn(thisCpu)) {
            newCpu = selectWakeCpu(rq, core.rq(thisCpu), sync);
        }
        if (newCpu != cpu) {
            O1Core.setTaskCpu(t, newCpu);
            core.unlock(waker, rq);
            rq = core.rq(newCpu);
            core.lock(waker, rq);
        }
        if (t.bootPending) {
            // a boot task starts like a new task (__activate_task): no sleep credit, not "activated"
            t.bootPending = false;
            t.timestamp = O1Core.schedClock(waker);
            core.activateTaskQueue(waker, t, rq);
            if (t.prio < core.currPrio(rq)) {
                core.reschedTask(rq.cpu, waker);
            }
            core.unlock(waker, rq);
            return;
        }
        if (t.sleptUninterruptible) {
            t.activated = -1;
            t.sleptUninterruptible = false;
        }
        activateTask(waker, t, rq, waker.curr() == null || waker.isIdle());
        // sync wakeups onto this CPU do not preempt: the waker is about to sleep
        if (!sync || newCpu != thisCpu) {
            if (t.prio < core.currPrio(rq)) {
                core.reschedTask(rq.cpu, waker);
            }
        }
        core.unlock(waker, rq);
    }

    /**
     * The CPU choice of 2.6.15 try_to_wake_up() for a task last on {@code prev}
     * woken from {@code here}: wake affine when this CPU is lightly loaded (after
     * discounting the waker for a sync wakeup) or well below the previous CPU;
     * passive balance when this CPU's load is under imbalance/100 of the
     * previous one; otherwise stay on the previous CPU.
     */
    int selectWakeCpu(RunQueue prev, RunQueue here, boolean sync) {
        int imbalance = 100 + (LoadBalancer.IMBALANCE_PCT - 100) / 2;
        long load = prev.sourceLoad(WAKE_IDX);
        long thisLoad = here.targetLoad(WAKE_IDX);
        long tl = thisLoad;
        if (sync) {
            tl -= RunQueue.SCHED_LOAD_SCALE;
        }
        if ((tl <= load && tl + prev.targetLoad(WAKE_IDX) <= RunQueue.SCHED_LOAD_SCALE)
                || 100 * (tl + RunQueue.SCHED_LOAD_SCALE) <= imbalance * load) {
            return here.cpu.id(); // SD_WAKE_AFFINE
        }
        if (imbalance * thisLoad <= 100 * load) {
            return here.cpu.id(); // SD_WAKE_BALANCE
        }
        return prev.cpu.id();
    }

    /**
     * 2.6.15 activate_task(): recalc_task_prio over the sleep, mark how it was
     * woken (1 by a task, 2 from an interrupt, -1 kept from an uninterruptible
     * sleep), stamp and enqueue in the active array.
     */
    void activateTask(Cpu on, O1Task t, RunQueue rq, boolean inInterrupt) {
        long now = O1Core.schedClock(on);
        t.prio = t.rt ? t.prio : core.interactivity.recalcTaskPrio(t, now, O1Scheduler.hasMm(t));
        if (t.activated == 0) {
            t.activated = inInterrupt ? 2 : 1;
        }
        t.timestamp = now;
        core.activateTaskQueue(on, t, rq);
    }

    /**
     * 2.6.15 sched_fork() + wake_up_new_task(): split the parent's remaining
     * slice, give the child CHILD_PENALTY of the parent's bonus; a new process
     * (not a thread) on the parent's CPU is queued just ahead of the parent at the
     * parent's prio and the parent is rescheduled, so the child runs first.
     */
    void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
        O1Task c = core.newState(child);
        O1Task pp = O1Core.o1(parent);
        RunQueue rq = core.rq(cpu);
        O1Core.setTaskCpu(c, cpu.id());
        c.timestamp = O1Core.schedClock(cpu);
        c.firstTimeSlice = true;
        core.lock(cpu, rq);
        c.timeSlice = (pp.timeSlice + 1) >> 1;
        pp.timeSlice >>= 1;
        if (pp.timeSlice == 0) {
            // the parent had one jiffy left: it expires now, as sched_fork's scheduler_tick() does
            pp.timeSlice = 1;
            if (pp.array == rq.active && !pp.rt) {
                sched.expireTimeslice(cpu, rq, pp);
            }
        }
        core.interactivity.forkPenalty(pp, c);
        boolean cloneVm = child.mm() != null && child.mm() == parent.mm();
        if (cloneVm) {
            core.activateTaskQueue(cpu, c, rq); // a thread runs last: no preemption
        } else {
            if (pp.array != null) {
                core.kernel.charge(cpu, SchedFn.ENQUEUE, CostKey.LIST_OP);
                c.prio = pp.prio;
                pp.array.enqueueBefore(c, pp);
                rq.nrRunning++;
            } else {
                core.activateTaskQueue(cpu, c, rq);
            }
            cpu.setNeedResched(true);
        }
        core.unlock(cpu, rq);
    }
}
