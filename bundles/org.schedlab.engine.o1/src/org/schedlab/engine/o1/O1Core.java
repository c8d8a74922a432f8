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
import org.schedlab.sim.task.Task;

/**
 * What the pieces of the 2.6.15 engine share: the kernel, the HZ-dependent
 * arithmetic, the run queues, and the charged primitive operations (enqueue,
 * dequeue, requeue, run-queue locking, the sched_clock and jiffies of a CPU).
 */
final class O1Core {
    final Kernel kernel;
    final PrioMath math;
    final Interactivity interactivity;
    private final RunQueue[] rqs;

    O1Core(Kernel kernel, PrioMath math) {
        this.kernel = kernel;
        this.math = math;
        this.interactivity = new Interactivity(math);
        int n = kernel.machine().nrCpus();
        this.rqs = new RunQueue[n];
        for (int i = 0; i < n; i++) {
            Cpu cpu = kernel.machine().cpu(i);
            rqs[i] = new RunQueue(cpu, kernel.newLock("rq_lock[" + i + "]"));
            cpu.setRq(rqs[i]);
        }
    }

    RunQueue rq(int cpu) { return rqs[cpu]; }

    RunQueue rq(Cpu cpu) { return rqs[cpu.id()]; }

    int nrCpus() { return rqs.length; }

    static O1Task o1(Task p) { return (O1Task) p.se(); }

    /** sched_clock() on this CPU: its cursor, ns (all CPUs share one clock in the model). */
    static long schedClock(Cpu cpu) { return cpu.now(); }

    /**
     * jiffies seen by this CPU. Departure: counted from 1 at time 0 (the kernel
     * starts at INITIAL_JIFFIES) so that 0 can keep meaning "no expired_timestamp".
     */
    long jiffies(Cpu cpu) { return cpu.now() / math.nsPerJiffy() + 1; }

    /** The prio of the task running on rq (rq->curr->prio); the idle task's is MAX_PRIO. */
    int currPrio(RunQueue rq) {
        Task curr = rq.curr();
        if (curr == null || curr.isIdleTask() || !(curr.se() instanceof O1Task t)) {
            return PrioMath.MAX_PRIO;
        }
        return t.prio;
    }

    void lock(Cpu on, RunQueue rq) { kernel.spinLock(on, rq.lock); }

    void unlock(Cpu on, RunQueue rq) { kernel.spinUnlock(on, rq.lock); }

    /** enqueue_task(): one list insertion plus the bitmap update, charged to ENQUEUE. */
    void enqueue(Cpu on, O1Task p, PrioArray array) {
        kernel.charge(on, SchedFn.ENQUEUE, CostKey.LIST_OP);
        array.enqueue(p);
    }

    /** dequeue_task(): one list removal plus the bitmap update, charged to DEQUEUE. */
    void dequeue(Cpu on, O1Task p) {
        kernel.charge(on, SchedFn.DEQUEUE, CostKey.LIST_OP);
        p.array.dequeue(p);
    }

    /** requeue_task(): one list move, charged to {@code fn}. */
    void requeue(Cpu on, O1Task p, SchedFn fn) {
        kernel.charge(on, fn, CostKey.LIST_OP);
        p.array.requeue(p);
    }

    /** __activate_task(): enqueue in the active array, nr_running++. */
    void activateTaskQueue(Cpu on, O1Task p, RunQueue rq) {
        enqueue(on, p, rq.active);
        rq.nrRunning++;
    }

    /** deactivate_task(): nr_running--, dequeue. */
    void deactivateTask(Cpu on, O1Task p, RunQueue rq) {
        rq.nrRunning--;
        dequeue(on, p);
    }

    /** set_task_cpu(). */
    static void setTaskCpu(O1Task p, int cpu) {
        p.cpu = cpu;
        if (p.task != null) {
            p.task.setProcessor(cpu);
        }
    }

    /** A new per-task state from the task's policy, nice and rt_priority (2.6.15 sched_fork/__setscheduler). */
    O1Task newState(Task p) {
        O1Task t = new O1Task(p, PrioMath.niceToPrio(p.nice()));
        if (p.policy().isRealTime()) {
            t.rt = true;
            t.roundRobin = p.policy() == org.schedlab.sim.task.Policy.RR;
            t.prio = PrioMath.rtPrio(p.rtPriority());
        }
        t.timeSlice = math.taskTimeslice(t.staticPrio);
        t.cpu = p.processor();
        p.setSe(t);
        return t;
    }

    /**
     * resched_task(): counts the patched path of 2.6.15-rc1 ia64, a halted CPU whose idle task has
     * TIF_POLLING_NRFLAG set and so gets no IPI ({@link O1Scheduler#PATCHED_PATHS}), then asks the kernel.
     */
    void reschedTask(Cpu target, Cpu from) {
        if (target != from && !target.needResched() && target.polling() && target.halted()) {
            kernel.metrics().engineCounter(O1Scheduler.PATCHED_PATHS, 1);
        }
        kernel.reschedTask(target, from);
    }
}
