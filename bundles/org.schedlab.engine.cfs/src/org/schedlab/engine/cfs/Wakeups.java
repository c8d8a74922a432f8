/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import static org.schedlab.engine.cfs.CfsScheduler.isFair;
import static org.schedlab.engine.cfs.CfsScheduler.se;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.task.Task;

/**
 * The wakeup paths of Linux 2.6.24 / 2.6.25 kernel/sched.c with their fair-class hooks: {@code try_to_wake_up},
 * {@code wake_up_new_task} with {@code task_new_fair}, and {@code check_preempt_curr} with
 * {@code check_preempt_wakeup} (sched_fair.c); the CPU comes from {@link SelectCpu}.
 */
final class Wakeups {

    private final CfsScheduler s;
    private final SelectCpu select;

    Wakeups(CfsScheduler s, SelectCpu select) {
        this.s = s;
        this.select = select;
    }

    /**
     * 2.6.24 {@code check_preempt_curr}: an RT wakee preempts a fair or lower RT task; a fair wakee never
     * preempts RT; BATCH wakees never preempt; else {@code check_preempt_wakeup}.
     */
    void checkPreemptCurr(Rq rq, Task p, Cpu running) {
        Task curr = rq.cpu.curr();
        if (curr == null || curr.isIdleTask()) {
            s.kernel.reschedTask(rq.cpu, running);
            return;
        }
        if (!isFair(p)) {
            if (isFair(curr) || p.rtPriority() > curr.rtPriority()) {
                s.kernel.reschedTask(rq.cpu, running);
            }
            return;
        }
        if (!isFair(curr) || curr == p) {
            return;
        }
        SchedEntity cse = se(curr);
        if (s.cfsRqOf(rq, cse).curr != cse) {
            return;
        }
        if (p.policy() == Policy.BATCH) {
            return;
        }
        if (s.groups == null ? rq.cfs.checkPreemptWakeup(cse, se(p)) : s.groups.checkPreemptWakeup(cse, se(p))) {
            s.kernel.reschedTask(rq.cpu, running);
        }
    }

    /** 2.6.24 {@code wake_up_new_task} with {@code task_new_fair}; the CPU from {@code sched_balance_self}. */
    void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
        SchedEntity se = child.se() instanceof SchedEntity e ? e : s.newEntity(child);
        CfsScheduler.setLoadWeight(child, se);
        SchedEntity pse = parent == null || parent.se() == null ? null : se(parent);
        if (pse != null) {
            se.vruntime = pse.vruntime; // dup_task_struct copies the parent's entity
            se.cpu = pse.cpu;
        }
        se.sumExecRuntime = 0;
        se.prevSumExecRuntime = 0;
        se.avgOverlap = 0;
        int target = select.forkCpu(child, cpu);
        Rq rq = s.rqs[target];
        s.kernel.spinLock(cpu, rq.lock);
        s.setTaskCpu(child, target);
        if (isFair(child)) {
            long now = rq.clock(cpu);
            CfsRq q = s.cfsRqOf(rq, se); // task_new_fair: the child's own group's queue
            q.updateCurr(now);
            q.placeEntity(se, true);
            boolean sameCpu = target == cpu.id() && pse != null && q.curr == pse;
            if (s.tunables.childRunsFirst() && sameCpu && pse.vruntime - se.vruntime < 0) {
                long t = pse.vruntime;
                pse.vruntime = se.vruntime;
                se.vruntime = t;
            }
            s.activateTask(rq, child, false, cpu);
            if (sameCpu) {
                s.kernel.reschedTask(rq.cpu, cpu);
            } else {
                checkPreemptCurr(rq, child, cpu);
            }
        } else {
            s.activateTask(rq, child, false, cpu);
            checkPreemptCurr(rq, child, cpu);
        }
        s.kernel.spinUnlock(cpu, rq.lock);
    }

    /** 2.6.24 {@code try_to_wake_up}: choose the CPU, activate there, check preemption. */
    void tryToWakeUp(Task p, Cpu waker, boolean sync) {
        SchedEntity se = se(p);
        if (se == null) {
            se = s.newEntity(p);
        }
        if (se.onRq || se.rtQueued) {
            return; // woken before it got off the run queue: only its state changes
        }
        int target = select.selectTaskRq(p, waker, sync);
        Rq rq = s.rqs[target];
        s.kernel.spinLock(waker, rq.lock);
        s.costs.chargeWakeup(waker);
        s.setTaskCpu(p, target);
        s.activateTask(rq, p, true, waker);
        Task wcurr = waker.curr();
        if (wcurr != null && !wcurr.isIdleTask() && wcurr.se() instanceof SchedEntity wse) {
            wse.lastWakeup = wse.sumExecRuntime; // 2.6.25: start of the waker's overlap
        }
        checkPreemptCurr(rq, p, waker);
        s.kernel.spinUnlock(waker, rq.lock);
    }
}
