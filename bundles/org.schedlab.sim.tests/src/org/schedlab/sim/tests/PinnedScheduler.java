/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import java.util.ArrayDeque;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * A test scheduler: each task stays on the CPU it was placed on (FIFO per CPU); schedule() takes one shared
 * lock and holds it for {@code holdCycles}, so that lock contention has exactly predictable timing.
 */
class PinnedScheduler implements Scheduler {
    final Kernel kernel;
    final SpinLock lock;
    final long holdCycles;
    private final ArrayDeque<Task>[] queues;

    @SuppressWarnings("unchecked")
    PinnedScheduler(Kernel kernel, long holdCycles) {
        this.kernel = kernel;
        this.holdCycles = holdCycles;
        this.lock = kernel.newLock("pinned_lock");
        this.queues = new ArrayDeque[kernel.machine().nrCpus()];
        for (int i = 0; i < queues.length; i++) {
            queues[i] = new ArrayDeque<>();
        }
    }

    @Override
    public void initTask(Task p) {
    }

    @Override
    public void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
        tryToWakeUp(child, cpu, false);
    }

    @Override
    public void tryToWakeUp(Task p, Cpu waker, boolean sync) {
        queues[p.processor()].add(p);
        Cpu target = kernel.machine().cpu(p.processor());
        if (target.isIdle()) {
            kernel.reschedTask(target, waker);
        }
    }

    /** Puts {@code p} on its CPU's queue (no lock: the queue is that CPU's own). */
    void enqueue(Task p) {
        queues[p.processor()].add(p);
    }

    @Override
    public Task schedule(Cpu cpu, Task prev) {
        kernel.spinLock(cpu, lock);
        kernel.charge(cpu, SchedFn.SCHEDULE, holdCycles);
        kernel.spinUnlock(cpu, lock);
        ArrayDeque<Task> q = queues[cpu.id()];
        if (!prev.isIdleTask() && prev.state() == TaskState.RUNNING) {
            q.add(prev);
        }
        Task next = q.poll();
        return next == null ? cpu.idle() : next;
    }

    @Override
    public void sysSchedYield(Task p, Cpu cpu) {
        cpu.setNeedResched(true);
    }

    @Override
    public void schedulerTick(Cpu cpu, Task curr) {
    }

    @Override
    public void exit(Task p, Cpu cpu) {
    }

    @Override
    public boolean onRunQueue(Task p) {
        return p.onCpu() >= 0 && p.state() != TaskState.ZOMBIE || queues[p.processor()].contains(p);
    }
}
