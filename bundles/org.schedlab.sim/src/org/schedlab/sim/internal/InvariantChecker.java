/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * The invariant-checking mode. On every interrupt entry: the CPU's four time buckets add up to its
 * cursor to the nanosecond. On every tick of CPU 0 and at the end (sweep): each CPU's current task says
 * it runs there, no task claims a CPU that runs something else (so a task runs on at most one CPU), the
 * engine's run-queue membership matches each task's state, and running tasks are RUNNING. Schedule-time
 * checks (the engine's pick) live in {@link Switcher}; scheduling an event in the past is caught by the
 * event queue. Every violation names the time, the CPU and the task.
 */
final class InvariantChecker {
    private final KernelImpl k;

    InvariantChecker(KernelImpl k) {
        this.k = k;
    }

    /** The CPU's time adds up: user + kernel + spin + idle equals its cursor. */
    void checkBooks(Cpu cpu) {
        long acc = cpu.accountedNs();
        if (acc != cpu.now()) {
            throw k.violation(cpu, cpu.curr(), "cpu time does not add up: user " + cpu.userNs() + " + kernel "
                    + cpu.kernelNs() + " + spin " + cpu.spinNs() + " + idle " + cpu.idleNs() + " = " + acc
                    + " ns, cursor at " + cpu.now() + " ns");
        }
    }

    /** The full check over every CPU and task. */
    void sweep() {
        for (Cpu cpu : k.machine().cpus()) {
            Task curr = cpu.curr();
            if (curr.onCpu() != cpu.id()) {
                throw k.violation(cpu, curr, "current task believes it runs on cpu" + curr.onCpu());
            }
            if (!curr.isIdleTask() && curr.state() != TaskState.RUNNING) {
                throw k.violation(cpu, curr, "running task is " + curr.state());
            }
            if (cpu.mode() != Cpu.Mode.KERNEL) {
                checkBooks(cpu);
            }
        }
        for (Task t : k.allTasks()) {
            int on = t.onCpu();
            if (on >= 0 && k.machine().cpu(on).curr() != t) {
                throw k.violation(k.machine().cpu(on), t, "task claims a CPU running "
                        + k.machine().cpu(on).curr());
            }
            boolean queued = k.sched.onRunQueue(t);
            boolean running = t.state() == TaskState.RUNNING;
            if (queued != running) {
                throw k.violation(on >= 0 ? k.machine().cpu(on) : null, t, "run-queue membership ("
                        + (queued ? "queued" : "not queued") + ") does not match state " + t.state());
            }
        }
    }
}
