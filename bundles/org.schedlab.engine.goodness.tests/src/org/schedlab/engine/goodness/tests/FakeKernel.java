/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness.tests;

import org.schedlab.sim.internal.KernelMutators;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

import org.schedlab.engine.goodness.GoodnessEngine;
import org.schedlab.engine.goodness.GoodnessScheduler;
import org.schedlab.engine.goodness.SchedEntity;
import org.schedlab.sim.machine.CostTable;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.Machine;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.metrics.Metrics;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.task.Mm;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * A hand-driven kernel for mechanism tests: the real machine, CPUs and cost
 * table of the PIII-700 profile, but no event loop. Tests place tasks on CPUs
 * and call the scheduler's hooks directly, as the kernel would.
 */
final class FakeKernel implements Kernel {
    final Machine machine;
    final List<Task> tasks = new ArrayList<>();
    final long[] fnCycles = new long[SchedFn.values().length];
    final Metrics metrics = new Metrics(null);
    int ipis;
    int lockAcquisitions;
    private int nextPid = 1;
    final Mm mm = new Mm(1);

    FakeKernel(int cpus) {
        machine = new Machine(MachineProfile.piii700().withCpus(cpus));
        for (Cpu c : machine.cpus()) {
            Task idle = new Task(-1 - c.id(), "idle" + c.id(), null, true);
            idle.setProcessor(c.id());
            KernelMutators.task().setOnCpu(idle, c.id());
            KernelMutators.cpu().setIdle(c, idle);
            KernelMutators.cpu().setCurr(c, idle);
        }
    }

    GoodnessScheduler scheduler(String version, String... patches) {
        return (GoodnessScheduler) new GoodnessEngine().create(
                new SchedulerConfig(version, java.util.Set.of(patches), java.util.Map.of()), this);
    }

    /** A SCHED_OTHER task of the shared mm, booted on {@code cpu}, not yet runnable. */
    Task task(GoodnessScheduler s, int cpu, int counter) {
        return task(s, cpu, counter, Policy.OTHER, 0);
    }

    Task task(GoodnessScheduler s, int cpu, int counter, Policy policy, int rtPrio) {
        Task t = new Task(nextPid++, "t" + nextPid, mm, false);
        KernelMutators.task().setSchedAttributes(t, policy, 0, rtPrio);
        t.setProcessor(cpu);
        KernelMutators.task().setState(t, TaskState.INTERRUPTIBLE);
        tasks.add(t);
        s.initTask(t);
        s.se(t).setCounter(counter);
        return t;
    }

    /** Wakes {@code t} (enqueue) and, for {@code running}, switches {@code cpu} to it as schedule() would. */
    void wake(GoodnessScheduler s, Task t) {
        KernelMutators.task().setState(t, TaskState.RUNNING);
        s.tryToWakeUp(t, machine.cpu(t.processor()), false);
    }

    /** Runs schedule() on {@code cpu} and performs the switch like the kernel: curr, onCpu, schedule_tail. */
    Task schedule(GoodnessScheduler s, int cpu) {
        Cpu c = machine.cpu(cpu);
        Task prev = c.curr();
        c.setNeedResched(false);
        Task next = s.schedule(c, prev);
        if (next != prev) {
            KernelMutators.task().setOnCpu(prev, -1);
            KernelMutators.task().setOnCpu(next, cpu);
            KernelMutators.cpu().setCurr(c, next);
            KernelMutators.cpu().setLastSchedule(c, c.now());
            s.scheduleTail(c, prev);
        }
        return next;
    }

    SchedEntity se(GoodnessScheduler s, Task t) {
        return s.se(t);
    }

    @Override public long now() { return machine.cpu(0).now(); }
    @Override public Machine machine() { return machine; }
    @Override public CostTable costs() { return machine.profile().costs(); }

    @Override
    public void charge(Cpu cpu, SchedFn fn, long cycles) {
        fnCycles[fn.ordinal()] += cycles;
        KernelMutators.cpu().chargeCycles(cpu, cycles);
    }

    long cycles(SchedFn fn) { return fnCycles[fn.ordinal()]; }

    @Override public SpinLock newLock(String name) { return new SpinLock(name); }
    @Override public void spinLock(Cpu cpu, SpinLock lock) { lockAcquisitions++; }
    @Override public void spinUnlock(Cpu cpu, SpinLock lock) { }
    @Override public void reschedTask(Cpu target, Cpu from) { target.setNeedResched(true); }
    @Override public void sendReschedIpi(Cpu target, Cpu from) { ipis++; }
    @Override public List<Task> allTasks() { return tasks; }
    @Override public RandomGenerator random() { return RandomGenerator.of("L64X128MixRandom"); }
    @Override public Metrics metrics() { return metrics; }
}
