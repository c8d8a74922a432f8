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
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.task.Mm;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * The simulation kernel's way to the "simulation kernel only" mutators of {@link Cpu}, {@link Task} and
 * {@link SpinLock}: those methods are package-private in their classes, so an engine cannot compile a call to them;
 * each class hands its mutators to this accessor when it is initialised. Not API: the package is exported
 * {@code x-internal}, and the engine architecture test fails an engine that references it.
 */
public final class KernelMutators {

    /** Cpu's kernel-only mutators (see the methods of the same names on {@link Cpu}). */
    public interface CpuOps {
        long chargeCycles(Cpu c, long cycles);

        void chargeKernelNs(Cpu c, long ns);

        void chargeSpinNs(Cpu c, long ns);

        void chargeIdleNs(Cpu c, long ns);

        void beginSegment(Cpu c, Cpu.Mode m);

        long endSegment(Cpu c, long t);

        void setCurr(Cpu c, Task t);

        void setIdle(Cpu c, Task t);

        void setPolling(Cpu c, boolean polling);

        void setHalted(Cpu c, boolean halted);

        void setLastSchedule(Cpu c, long t);

        void setActiveMm(Cpu c, Mm mm);
    }

    /** Task's kernel-only mutators (see the methods of the same names on {@link Task}). */
    public interface TaskOps {
        void setState(Task t, TaskState state);

        void setOnCpu(Task t, int cpu);

        void setSchedAttributes(Task t, Policy policy, int nice, int rtPriority);

        void setSlice(Task t, long sliceNs);

        void setCGroup(Task t, org.schedlab.sim.workload.CGroup g);

        void setAllowed(Task t, long[] mask);

        void setHoldsBkl(Task t, boolean holdsBkl);

        void setMm(Task t, Mm mm);

        void setParent(Task t, Task parent);

        Object context(Task t);

        void setContext(Task t, Object context);
    }

    /** SpinLock's kernel-only mutators (see the methods of the same names on {@link SpinLock}). */
    public interface LockOps {
        void setLine(SpinLock l, CacheLine line);

        void acquired(SpinLock l, int cpu, long t, long spun);

        void released(SpinLock l, long t);
    }

    private static volatile CpuOps cpu;
    private static volatile TaskOps task;
    private static volatile LockOps lock;

    private KernelMutators() {
    }

    /** @return Cpu's mutators */
    public static CpuOps cpu() {
        if (cpu == null) {
            initialise(Cpu.class);
        }
        return cpu;
    }

    /** @return Task's mutators */
    public static TaskOps task() {
        if (task == null) {
            initialise(Task.class);
        }
        return task;
    }

    /** @return SpinLock's mutators */
    public static LockOps lock() {
        if (lock == null) {
            initialise(SpinLock.class);
        }
        return lock;
    }

    /** Called once, by {@link Cpu}'s class initialiser. */
    public static void register(CpuOps ops) {
        if (cpu != null) {
            throw new IllegalStateException("Cpu's mutators are registered already");
        }
        cpu = ops;
    }

    /** Called once, by {@link Task}'s class initialiser. */
    public static void register(TaskOps ops) {
        if (task != null) {
            throw new IllegalStateException("Task's mutators are registered already");
        }
        task = ops;
    }

    /** Called once, by {@link SpinLock}'s class initialiser. */
    public static void register(LockOps ops) {
        if (lock != null) {
            throw new IllegalStateException("SpinLock's mutators are registered already");
        }
        lock = ops;
    }

    private static void initialise(Class<?> c) {
        try {
            Class.forName(c.getName(), true, c.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
