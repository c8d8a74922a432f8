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
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * One run of the Linux 2.6.15 O(1) scheduler: per-CPU run queues with their own
 * locks, active/expired priority arrays picked through the bitmap, timeslices by
 * static priority, the sleep_avg interactivity bonus and the expired-starvation
 * limit. Wakeups are in {@link Wakeup}, balancing in {@link LoadBalancer}; the
 * idle loop variant (seed 004) is set on the machine in the constructor.
 *
 * <p>Departures: no SMT sibling logic (dependent_sleeper, wake_priority_sleeper),
 * no preemptible-kernel paths, SCHED_BATCH/IDLE treated as SCHED_OTHER (they
 * came later), no set_user_nice/setscheduler after creation.
 */
public final class O1Scheduler implements Scheduler {
    private final O1Core core;
    private final Wakeup wakeup;
    private final LoadBalancer balancer;
    private final IdleLoopPatch idleLoop;
    /** Engine counter: a resched_task() that sent no IPI to a halted CPU because of the polling flag (rc1). */
    public static final String PATCHED_PATHS = "patched_paths";

    O1Scheduler(Kernel kernel, int hz, IdleLoopPatch idleLoop) {
        this.core = new O1Core(kernel, new PrioMath(hz));
        this.balancer = new LoadBalancer(core);
        this.wakeup = new Wakeup(core, this);
        this.idleLoop = idleLoop;
        kernel.machine().setIdlePolicy(idleLoop.policy());
        kernel.metrics().engineCounter(PATCHED_PATHS, 0); // reported as 0 on runs that never move it
    }

    /** The idle-loop variant in force for this run. */
    public IdleLoopPatch idleLoopPatch() { return idleLoop; }

    /** The run queue of a CPU (for tests and metrics). */
    public RunQueue runQueue(Cpu cpu) { return core.rq(cpu); }

    /** 2.6.15 sched_fork() for a boot task: state only, not queued. */
    @Override
    public void initTask(Task p) {
        core.newState(p).bootPending = true;
    }

    /** 2.6.15 sched_fork() + wake_up_new_task(). */
    @Override
    public void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
        wakeup.wakeUpNewTask(child, parent, cpu);
    }

    /** 2.6.15 try_to_wake_up(). */
    @Override
    public void tryToWakeUp(Task p, Cpu waker, boolean sync) {
        wakeup.tryToWakeUp(p, waker, sync);
    }

    /**
     * 2.6.15 schedule(): debit prev's run time from its sleep_avg, deactivate a
     * sleeping prev, idle_balance an empty queue, swap the arrays when the active
     * one is empty, pick the first task of the best priority list
     * (sched_find_first_bit) and credit its run-queue wait if it was just woken.
     */
    @Override
    public Task schedule(Cpu cpu, Task prev) {
        RunQueue rq = core.rq(cpu);
        core.kernel.charge(cpu, SchedFn.SCHEDULE, CostKey.SCHEDULE);
        long now = O1Core.schedClock(cpu);
        O1Task pp = prev.isIdleTask() ? null : O1Core.o1(prev);
        long runTime = pp == null ? 0 : core.interactivity.runTimeDebit(pp, now);
        core.lock(cpu, rq);
        if (pp != null && prev.state() != TaskState.RUNNING && pp.array != null) {
            pp.sleptUninterruptible = prev.state() == TaskState.UNINTERRUPTIBLE;
            core.deactivateTask(cpu, pp, rq);
        }
        Task next;
        if (rq.nrRunning == 0) {
            balancer.idleBalance(cpu, rq);
        }
        if (rq.nrRunning == 0) {
            next = cpu.idle();
            rq.expiredTimestamp = 0;
        } else {
            next = pickNextTask(cpu, rq, now).task;
        }
        if (pp != null) {
            pp.sleepAvg = Math.max(0, pp.sleepAvg - runTime);
            pp.timestamp = now;
            pp.lastRan = now;
        }
        if (next != prev) {
            if (!next.isIdleTask()) {
                O1Core.o1(next).timestamp = now;
            }
            rq.nrSwitches++;
        }
        core.unlock(cpu, rq);
        return next;
    }

    private O1Task pickNextTask(Cpu cpu, RunQueue rq, long now) {
        PrioArray array = rq.active;
        if (array.nrActive() == 0) {
            rq.switchArrays();
            array = rq.active;
        }
        core.kernel.charge(cpu, SchedFn.SCAN, CostKey.BITMAP_SEARCH);
        O1Task next = array.first(array.findFirstBit());
        if (!next.rt && next.activated > 0) {
            long delta = now - next.timestamp;
            if (next.activated == 1) {
                delta = delta * (PrioMath.ON_RUNQUEUE_WEIGHT * 128 / 100) / 128;
            }
            int newPrio = core.interactivity.recalcTaskPrio(next, next.timestamp + delta, hasMm(next));
            if (newPrio != next.prio) {
                core.dequeue(cpu, next);
                next.prio = newPrio;
                core.enqueue(cpu, next, array);
            } else {
                core.requeue(cpu, next, SchedFn.SCHEDULE);
            }
        }
        next.activated = 0;
        return next;
    }

    /**
     * 2.6.15 scheduler_tick(): RR tasks rotate when their slice ends; a
     * SCHED_OTHER task whose slice ends is re-prioritised and goes to the expired
     * array, or back to the active one when interactive and the expired array is
     * not starving; interactive tasks are round-robined every
     * TIMESLICE_GRANULARITY among equals. Balancing runs from {@link #loadBalance}.
     */
    @Override
    public void schedulerTick(Cpu cpu, Task curr) {
        RunQueue rq = core.rq(cpu);
        rq.timestampLastTick = O1Core.schedClock(cpu);
        if (curr.isIdleTask()) {
            return;
        }
        O1Task p = O1Core.o1(curr);
        if (p.array != rq.active) {
            cpu.setNeedResched(true); // the task was expired (e.g. it yielded) but still runs
            return;
        }
        core.lock(cpu, rq);
        if (p.rt) {
            if (p.roundRobin && --p.timeSlice <= 0) {
                p.timeSlice = core.math.taskTimeslice(p.staticPrio);
                p.firstTimeSlice = false;
                cpu.setNeedResched(true);
                core.requeue(cpu, p, SchedFn.TICK);
            }
        } else if (--p.timeSlice <= 0) {
            expireTimeslice(cpu, rq, p);
        } else {
            int gran = core.math.timesliceGranularity(p.sleepAvg, core.nrCpus());
            int used = core.math.taskTimeslice(p.staticPrio) - p.timeSlice;
            if (core.interactivity.taskInteractive(p) && used % gran == 0 && p.timeSlice >= gran) {
                core.requeue(cpu, p, SchedFn.TICK);
                cpu.setNeedResched(true);
            }
        }
        core.unlock(cpu, rq);
    }

    /** The slice-expiry branch of 2.6.15 scheduler_tick(); caller holds rq's lock. */
    void expireTimeslice(Cpu cpu, RunQueue rq, O1Task p) {
        core.dequeue(cpu, p);
        cpu.setNeedResched(true);
        p.prio = core.interactivity.effectivePrio(p);
        p.timeSlice = core.math.taskTimeslice(p.staticPrio);
        p.firstTimeSlice = false;
        long jiffies = core.jiffies(cpu);
        if (rq.expiredTimestamp == 0) {
            rq.expiredTimestamp = jiffies;
        }
        if (!core.interactivity.taskInteractive(p)
                || rq.expiredStarving(jiffies, core.math.starvationLimit(), p.staticPrio)) {
            core.enqueue(cpu, p, rq.expired);
            if (p.staticPrio < rq.bestExpiredPrio) {
                rq.bestExpiredPrio = p.staticPrio;
            }
        } else {
            core.enqueue(cpu, p, rq.active);
        }
    }

    /**
     * 2.6.15 sys_sched_yield(): move the caller to the expired array (RT tasks:
     * the tail of their active list), then schedule() unconditionally.
     */
    @Override
    public void sysSchedYield(Task p, Cpu cpu) {
        RunQueue rq = core.rq(cpu);
        O1Task t = O1Core.o1(p);
        core.lock(cpu, rq);
        PrioArray target = t.rt ? rq.active : rq.expired;
        if (t.array != target) {
            core.kernel.charge(cpu, SchedFn.YIELD, CostKey.LIST_OP, 2);
            t.array.dequeue(t);
            target.enqueue(t);
        } else {
            core.requeue(cpu, t, SchedFn.YIELD);
        }
        core.unlock(cpu, rq);
        cpu.setNeedResched(true);
    }

    /** 2.6.15 sched_exit(): give an unused first slice and some sleep_avg back to the parent. */
    @Override
    public void exit(Task p, Cpu cpu) {
        Task parent = p.parent();
        if (parent == null || !(parent.se() instanceof O1Task pp) || parent.state() == TaskState.ZOMBIE) {
            return;
        }
        RunQueue prq = core.rq(pp.cpu);
        core.lock(cpu, prq);
        core.interactivity.exitCredit(pp, O1Core.o1(p));
        core.unlock(cpu, prq);
    }

    /** 2.6.15 rebalance_tick(), called after every tick. */
    @Override
    public void loadBalance(Cpu cpu, boolean idle) {
        balancer.rebalanceTick(cpu, idle);
    }

    /** 2.6.15 rq->nr_running: queued tasks, the running one included. */
    @Override
    public int nrRunning(Cpu cpu) {
        return core.rq(cpu).nrRunning;
    }

    /** 2.6.15: a task is on a run queue exactly when p->array is set (running tasks stay queued). */
    @Override
    public boolean onRunQueue(Task p) {
        return p.se() instanceof O1Task t && t.array != null;
    }

    static boolean hasMm(O1Task t) {
        return t.task == null || t.task.mm() != null;
    }
}
