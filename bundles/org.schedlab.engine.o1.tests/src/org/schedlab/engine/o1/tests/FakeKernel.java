/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1.tests;

import org.schedlab.sim.internal.KernelMutators;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

import org.schedlab.sim.machine.CostTable;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.Machine;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.metrics.Metrics;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Mm;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * A minimal hand-driven {@link Kernel} for mechanism tests of the engine: tests
 * call the Scheduler hooks themselves and play the kernel's part (state changes,
 * curr, need_resched). resched_task follows the 2.6.15 rule so tests can see
 * which wakeups would send an IPI.
 */
final class FakeKernel implements Kernel {
    final Machine machine;
    final Metrics metrics = new Metrics(null);
    final List<String> resched = new ArrayList<>();
    final List<Task> tasks = new ArrayList<>();
    long ipis;
    long suppressed;
    private final RandomGenerator random = RandomGenerator.of("L64X128MixRandom");
    private int nextPid = 1;

    FakeKernel(MachineProfile profile) {
        this.machine = new Machine(profile);
        for (Cpu c : machine.cpus()) {
            Task idle = new Task(-1 - c.id(), "idle/" + c.id(), null, true);
            idle.setProcessor(c.id());
            KernelMutators.cpu().setIdle(c, idle);
            KernelMutators.cpu().setCurr(c, idle);
        }
    }

    Task newTask(String name, int nice, int cpu) {
        Task t = new Task(nextPid, name, new Mm(nextPid), false);
        nextPid++;
        KernelMutators.task().setSchedAttributes(t, org.schedlab.sim.task.Policy.OTHER, nice, 0);
        t.setProcessor(cpu);
        KernelMutators.task().setState(t, TaskState.INTERRUPTIBLE);
        tasks.add(t);
        return t;
    }

    /** Moves every CPU cursor to {@code t} (the tests' notion of "time passes"). */
    void advanceTo(long t) {
        for (Cpu c : machine.cpus()) {
            if (c.now() < t) {
                KernelMutators.cpu().chargeIdleNs(c, t - c.now());
            }
        }
    }

    /** The kernel's part of a switch: curr, onCpu. */
    void switchTo(Cpu cpu, Task next) {
        Task prev = cpu.curr();
        if (prev != next) {
            KernelMutators.task().setOnCpu(prev, -1);
            KernelMutators.task().setOnCpu(next, next.isIdleTask() ? -1 : cpu.id());
            KernelMutators.cpu().setCurr(cpu, next);
        }
    }

    @Override
    public long now() {
        long max = 0;
        for (Cpu c : machine.cpus()) {
            max = Math.max(max, c.now());
        }
        return max;
    }

    @Override
    public Machine machine() { return machine; }

    @Override
    public CostTable costs() { return machine.profile().costs(); }

    @Override
    public void charge(Cpu cpu, SchedFn fn, long cycles) {
        metrics.addCycles(fn, cycles);
        KernelMutators.cpu().chargeCycles(cpu, cycles);
    }

    @Override
    public SpinLock newLock(String name) { return new SpinLock(name); }

    @Override
    public void spinLock(Cpu cpu, SpinLock lock) {
        if (lock.holder() >= 0) {
            throw new IllegalStateException(lock + " taken twice (held by cpu" + lock.holder() + ")");
        }
        long spun = Math.max(0, lock.releasedAt() - cpu.now());
        if (spun > 0) {
            KernelMutators.cpu().chargeSpinNs(cpu, spun);
        }
        KernelMutators.lock().acquired(lock, cpu.id(), cpu.now(), spun);
    }

    @Override
    public void spinUnlock(Cpu cpu, SpinLock lock) {
        if (lock.holder() != cpu.id()) {
            throw new IllegalStateException(lock + " released by cpu" + cpu.id() + " but held by " + lock.holder());
        }
        KernelMutators.lock().released(lock, cpu.now());
    }

    @Override
    public void reschedTask(Cpu target, Cpu from) {
        resched.add("cpu" + target.id());
        if (target.needResched()) {
            return;
        }
        target.setNeedResched(true);
        if (target != from) {
            if (target.polling()) {
                suppressed++;
            } else {
                ipis++;
            }
        }
    }

    @Override
    public void sendReschedIpi(Cpu target, Cpu from) { ipis++; }

    @Override
    public List<Task> allTasks() { return tasks; }

    @Override
    public RandomGenerator random() { return random; }

    @Override
    public Metrics metrics() { return metrics; }
}
