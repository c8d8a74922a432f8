/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;

/**
 * The yields of 2.2 / 2.4 kernel/sched.c: {@code sys_sched_yield} as each version had it, the in-kernel
 * {@code SCHED_YIELD} idiom, and {@code sched_switchto} (patch {@code switchto}).
 */
final class SchedYield {

    private final GoodnessScheduler s;

    SchedYield(GoodnessScheduler s) {
        this.s = s;
    }

    /**
     * sys_sched_yield. 2.2.16/2.3.5: under runqueue_lock set SCHED_YIELD
     * (SCHED_OTHER only), need_resched, move_last_runqueue; no "only task"
     * test. 2.4.0-2.4.14: if nr_pending > 0 set the bit and need_resched, no
     * lock. 2.4.15-2.4.18-pre4: the same plus runqueue_lock and
     * move_last_runqueue, which hartner-yield-2002 removes again.
     */
    void sysSchedYield(Task pTask, Cpu cpu) {
        SchedEntity p = s.se(pTask);
        s.lines.at(cpu, SchedFn.YIELD);
        if (s.version.yieldChecksPending() && nrPending(cpu) <= 0) return;
        boolean lockAndMove = s.version.yieldMovesLast() && !s.patches.hartnerYield();
        if (s.version.yieldMovesLast() && s.patches.hartnerYield()) s.patchedPath();
        if (lockAndMove) s.kernel.spinLock(cpu, s.runqueueLock);
        if (p.policy == SchedEntity.SCHED_OTHER) p.yield = true;
        s.lines.write(p, cpu.id(), TaskLayout.Field.POLICY);
        cpu.setNeedResched(true);
        if (lockAndMove) {
            if (p.onRunqueue()) {
                s.rq.moveLastRunqueue(p);
                s.listOps += 2;
            }
            s.flush(cpu, SchedFn.YIELD);
            s.kernel.spinUnlock(cpu, s.runqueueLock);
        }
        GoodnessScheduler.syncYieldFlag(pTask);
    }

    /**
     * The in-kernel yield idiom of 2.2/2.4 ({@code current->policy |= SCHED_YIELD;
     * schedule()}), used by some 40-50 kernel paths: unlike sys_sched_yield it
     * sets the bit whatever the policy. This is the path on which George
     * Anzinger's objection to schreter-v1-2001 bites a real-time task. The
     * caller then runs schedule().
     */
    void kernelYield(Task pTask, Cpu cpu) {
        s.se(pTask).yield = true;
        cpu.setNeedResched(true);
        GoodnessScheduler.syncYieldFlag(pTask);
    }

    /** 2.4 sys_sched_yield nr_pending: nr_running minus the CPUs running a non-idle task (UP: minus 1). */
    private int nrPending(Cpu self) {
        int pending = s.rq.nrRunning();
        if (!s.smp) return pending - 1;
        for (Cpu c : s.kernel.machine().cpus()) {
            s.lines.readScheduleData(c.id(), self);
            if (!c.curr().isIdleTask()) pending--;
        }
        return pending;
    }

    /**
     * sched_switchto, a SchedLab extension (patch {@code switchto}): Ivan
     * Schreter's wish of May 2001 for a directed yield. The caller gets the
     * SCHED_YIELD bit and need_resched; the next schedule() on this CPU runs
     * {@code target} if it is still runnable and not running elsewhere. No
     * timeslice is transferred.
     */
    boolean yieldTo(Task p, Task target, Cpu cpu) {
        if (!s.patches.switchto()) return false;
        SchedEntity t = s.se(target);
        if (!t.onRunqueue() || t.hasCpu || t.idleTask || !target.allowedOn(cpu.id())) return false;
        s.patchedPath();
        s.kernel.spinLock(cpu, s.runqueueLock);
        s.lines.at(cpu, SchedFn.YIELD);
        s.switchtoTarget[cpu.id()] = t;
        SchedEntity e = s.se(p);
        if (e.policy == SchedEntity.SCHED_OTHER) e.yield = true;
        cpu.setNeedResched(true);
        s.flush(cpu, SchedFn.YIELD);
        s.kernel.spinUnlock(cpu, s.runqueueLock);
        GoodnessScheduler.syncYieldFlag(p);
        return true;
    }
}
