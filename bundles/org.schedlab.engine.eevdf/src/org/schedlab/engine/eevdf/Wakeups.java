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
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;

/**
 * The wakeup paths of kernel/sched/core.c with the fair class's parts: {@code wake_up_new_task} after
 * {@code sched_fork}, and {@code try_to_wake_up} with {@code ttwu_runnable} for a task whose dequeue was delayed
 * and the wake list ({@code ttwu_queue_wakelist}) for an idle remote CPU;
 * the CPU comes from {@link SelectCpu}, the preemption check from {@link WakeupPreempt}.
 */
final class Wakeups {

    private final EevdfScheduler s;
    private final SelectCpu select;

    Wakeups(EevdfScheduler s, SelectCpu select) {
        this.s = s;
        this.select = select;
    }

    /**
     * {@code sched_fork} + {@code wake_up_new_task}: a fresh entity with zero lag, placed on the CPU
     * {@code select_task_rq(SD_BALANCE_FORK)} chose (6.6 places it at that rq's V with a full slice, 6.12+ with
     * half a slice), then {@code wakeup_preempt(WF_FORK)}.
     */
    void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
        SchedEntity se = child.se() instanceof SchedEntity e ? e : s.newEntity(child);
        s.setLoadWeight(child, se);
        if (parent != null && parent.se() instanceof SchedEntity pse) {
            se.cpu = pse.cpu;
        }
        se.vlag = 0;
        se.sumExecRuntime = 0;
        se.prevSumExecRuntime = 0;
        se.relDeadline = false;
        se.delayed = false;
        se.avg.clear(); // a fresh series: sched_fork's __sched_fork
        int target = select.forkCpu(child, cpu);
        Rq rq = s.rqs[target];
        s.kernel.spinLock(cpu, rq.lock);
        rq.updateRqClock(cpu);
        s.setTaskCpu(child, target);
        if (EevdfScheduler.isFair(child)) {
            LoadAvg.initNewTask(s.queue(rq, se), se);
        }
        s.activateTask(rq, child, true, cpu);
        s.wakeupPreempt(rq, child, cpu);
        s.kernel.spinUnlock(cpu, rq.lock);
    }

    /**
     * {@code try_to_wake_up}: a task whose dequeue was delayed is still queued and is woken where it is
     * ({@code ttwu_runnable}: requeue_delayed_entity, then wakeup_preempt); otherwise choose the CPU
     * ({@code select_task_rq_fair}), activate it there and check preemption.
     */
    /**
     * {@code ttwu_queue_cond} with TTWU_QUEUE (both versions): the wakeup goes on the target's wake list when the
     * target is another CPU and runs nothing (the CPUs share the last-level cache here, so that is the only case):
     * the waker neither takes the target's rq lock nor enqueues; the idle target does both when it takes the list.
     */
    private static boolean ttwuQueueCond(Rq target, Cpu waker) {
        return target.cpu != waker && target.cfs.hNrQueued + target.rt.nrRunning == 0;
    }

    /** {@code sched_ttwu_pending} on the target: its rq lock, {@code ttwu_do_activate}, the preemption check. */
    private void ttwuPending(Task p, Cpu cpu) {
        Rq rq = s.rqs[cpu.id()];
        s.kernel.spinLock(cpu, rq.lock);
        rq.updateRqClock(cpu);
        s.costs.chargeWakeup(cpu);
        EevdfScheduler.se(p).wakePending = false;
        rq.ttwuPending--;
        s.activateTask(rq, p, false, cpu);
        s.wakeupPreempt(rq, p, cpu);
        s.kernel.spinUnlock(cpu, rq.lock);
    }

    void tryToWakeUp(Task p, Cpu waker, boolean sync) {
        SchedEntity se = p.se() instanceof SchedEntity e ? e : s.newEntity(p);
        if (se.delayed) {
            Rq rq = s.rqs[se.cpu];
            s.kernel.spinLock(waker, rq.lock);
            rq.updateRqClock(waker);
            s.costs.chargeWakeup(waker);
            CfsRq q = s.queue(rq, se);
            long mark = q.tree().work();
            q.requeueDelayedEntity(se);
            if (s.groups != null) {
                s.groups.runnableAbove(q, 1);
            }
            s.costs.chargeRqOp(waker, SchedFn.ENQUEUE);
            s.lines.queueOp(waker, SchedFn.ENQUEUE, rq, se);
            s.costs.chargeTree(waker, SchedFn.ENQUEUE, q.tree(), mark);
            if (rq.cpu.curr() != p) {
                s.wakeupPreempt(rq, p, waker);
            }
            s.kernel.spinUnlock(waker, rq.lock);
            return;
        }
        if (se.onRq || se.rtQueued) {
            return; // woken before it left the run queue: only its state changes
        }
        int target = select.selectTaskRq(p, waker, sync);
        Rq rq = s.rqs[target];
        if (ttwuQueueCond(rq, waker)) {
            s.setTaskCpu(p, target);
            se.wakePending = true;
            s.countIdleSignal(rq, waker);
            rq.ttwuPending++;
            s.kernel.callFunctionSingle(rq.cpu, waker, (cpu, now) -> ttwuPending(p, cpu));
            return;
        }
        s.kernel.spinLock(waker, rq.lock);
        rq.updateRqClock(waker);
        s.costs.chargeWakeup(waker);
        s.setTaskCpu(p, target);
        s.activateTask(rq, p, false, waker);
        s.wakeupPreempt(rq, p, waker);
        s.kernel.spinUnlock(waker, rq.lock);
    }
}
