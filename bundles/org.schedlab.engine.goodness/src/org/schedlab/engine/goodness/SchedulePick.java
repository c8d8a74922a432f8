/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import java.util.function.Predicate;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * The body of schedule() under runqueue_lock, Linux 2.2.16 / 2.3.5 / 2.4.x
 * kernel/sched.c: RR refill, dequeue of a sleeping prev, the seed, the search
 * (list walk or goodness slots), the recalculation, and the commit of next.
 *
 * <p>Seeds by version: 2.2/2.3 seed c with prev_goodness(prev) (0 for a yielder,
 * which loses its bit; -1 and {@code p != prev} with schreter-v1-2001; plain
 * goodness with schreter-v2-2001, whose bit is cleared after the recalculation
 * test); 2.4.0-2.4.14 seed with goodness(prev) (-1 for a yielder); 2.4.15+
 * do not seed and scan prev in the list; hartner-yield-2002 seeds a yielding
 * prev with -1 and moves it to the tail first.
 *
 * <p>Departures: the slotizer's recalculation test ({@code c <= 0 && nr_running > 0})
 * can repeat forever on SMP when every runnable task runs on another CPU; here
 * at most two recalculations are done per call. Signals are not simulated, so
 * an INTERRUPTIBLE prev always leaves the run queue (the kernel keeps it when a
 * signal is pending).
 */
final class SchedulePick {
    private final GoodnessScheduler s;
    private final KernelVersion v;
    private final PatchSet patches;
    private final Goodness g;
    private final RunQueue rq;

    SchedulePick(GoodnessScheduler s) {
        this.s = s;
        this.v = s.version;
        this.patches = s.patches;
        this.g = s.goodness;
        this.rq = s.rq;
    }

    /** Runs under runqueue_lock; returns next, null for the idle task. */
    SchedEntity schedule(Cpu cpu, Task prevTask, SchedEntity prev, SchedEntity switchto) {
        boolean prevRunning = prevTask.state() == TaskState.RUNNING && !prev.idleTask;
        if (rq.slots() != null && !prev.idleTask) rq.slots().gdsSwitch(prev);
        if (prevRunning && prev.policy == SchedEntity.SCHED_RR && prev.counter == 0 && prev.onRunqueue()) {
            prev.counter = v.refill(prev.nice, s.hz);
            rq.moveLastRunqueue(prev);
            s.countListOps(2);
        }
        if (!prevRunning && !prev.idleTask && prev.onRunqueue()) {
            rq.delFromRunqueue(prev);
            s.countListOps(1);
        }
        s.flush(cpu, SchedFn.DEQUEUE);

        SchedEntity next;
        if (switchto != null && switchto.onRunqueue() && !switchto.hasCpu) {
            next = switchto;
        } else {
            ScanResult r = search(cpu, prev, prevRunning);
            for (int recalcs = 0; r.recalc() && recalcs < 2; recalcs++) {
                recalculate(cpu);
                r = search(cpu, prev, prevRunning);
            }
            next = r.next();
            if (patches.schreterV2()) prev.yield = false;
        }
        if (v.is24() && next == prev) prev.yield = false;
        commit(cpu, prev, next);
        return next;
    }

    /** One pass from the seed through the list or the slots (repeat_schedule: in the kernel). */
    private ScanResult search(Cpu cpu, SchedEntity prev, boolean prevRunning) {
        int thisCpu = cpu.id();
        SchedEntity next = null;
        int c = -1000;
        if (v.seedsWithPrevGoodness()) {
            if (prevRunning) {
                if ((patches.schreterV1() || patches.schreterV2()) && prev.yield) s.patchedPath();
                c = patches.schreterV2() ? g.goodness(prev, prev, thisCpu)
                        : g.prevGoodness(prev, prev, thisCpu, patches.schreterV1() ? -1 : 0);
                next = prev;
            }
        } else if (!v.scansPrevInList()) {
            if (prevRunning) {
                c = g.goodness(prev, prev, thisCpu);
                next = prev;
            }
        } else if (patches.hartnerYield() && prevRunning && prev.yield) {
            s.patchedPath();
            next = prev;
            c = -1;
            rq.moveLastRunqueue(prev);
            s.countListOps(2);
        }
        Predicate<SchedEntity> canSchedule = canSchedule(thisCpu);
        if (rq.slots() != null) {
            s.patchedPath();
            return rq.slots().scan(prev, thisCpu, next, c, canSchedule, rq.nrRunning());
        }
        return RunQueueScan.scan(rq, g, prev, thisCpu, next, c, patches.schreterV1(), canSchedule);
    }

    /**
     * can_schedule(p, cpu): always true on UP; SMP 2.2/2.3 {@code !p->has_cpu};
     * 2.4.0-2.4.14 also cpus_allowed; 2.4.15+ cpus_runnable & cpus_allowed, which
     * lets this CPU's own prev through. Departure: 2.2/2.3 had no cpus_allowed;
     * SchedLab honours a workload's CPU set on every version.
     */
    private Predicate<SchedEntity> canSchedule(int thisCpu) {
        if (!s.smp) return p -> true;
        if (!v.is24()) return p -> !p.hasCpu && allowed(p, thisCpu);
        if (!v.scansPrevInList()) return p -> !p.hasCpu && allowed(p, thisCpu);
        return p -> (!p.hasCpu || p.processor == thisCpu) && allowed(p, thisCpu);
    }

    private static boolean allowed(SchedEntity p, int cpu) {
        return ((Task) p.owner).allowedOn(cpu);
    }

    /**
     * The recalculate: label. The kernel drops runqueue_lock around the loop
     * (tasklist_lock instead); the slotizer patch keeps it, as it re-slots tasks.
     */
    private void recalculate(Cpu cpu) {
        boolean dropLock = rq.slots() == null;
        s.flush(cpu, SchedFn.SCAN);
        if (dropLock) s.kernel.spinUnlock(cpu, s.runqueueLock);
        s.recalculate(cpu);
        if (dropLock) s.kernel.spinLock(cpu, s.runqueueLock);
        s.lines.at(cpu, SchedFn.SCAN);
    }

    /** next->has_cpu = 1, next->processor = this_cpu; SMP: prev's avg_slice. */
    private void commit(Cpu cpu, SchedEntity prev, SchedEntity next) {
        if (next == prev || next == null) {
            if (next == null && s.smp && !prev.idleTask) updateAvgSlice(cpu, prev);
            return;
        }
        next.hasCpu = true;
        next.processor = cpu.id();
        s.lines.write(next, cpu.id(), TaskLayout.Field.CPU);
        s.lines.switched(cpu.id());
        ((Task) next.owner).setProcessor(cpu.id());
        if (s.smp && !prev.idleTask) updateAvgSlice(cpu, prev);
    }

    /** 2.2/2.4 SMP: avg_slice = (avg_slice + this_slice) / 2, this_slice since the CPU's last schedule. */
    private static void updateAvgSlice(Cpu cpu, SchedEntity prev) {
        long thisSlice = Math.max(0, cpu.now() - cpu.lastSchedule());
        prev.avgSlice = (prev.avgSlice + thisSlice) / 2;
    }
}
