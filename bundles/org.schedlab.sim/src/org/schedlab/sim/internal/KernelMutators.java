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
import org.schedlab.sim.task.Task;

/**
 * The simulation kernel's handles on the "simulation kernel only" methods of {@link Cpu}, {@link Task} and
 * {@link SpinLock}: those methods are package-private in their classes, so an engine cannot compile a call to them;
 * each class hands them out once, as its {@code KernelOps}, and the kernel takes them here when it is loaded. The
 * public types do not know this package. Not API: the package is exported {@code x-internal}, and the engine
 * architecture test fails an engine that references it.
 */
public final class KernelMutators {

    private static final Cpu.KernelOps CPU = Cpu.kernelOps();
    private static final Task.KernelOps TASK = Task.kernelOps();
    private static final SpinLock.KernelOps LOCK = SpinLock.kernelOps();

    private KernelMutators() {
    }

    /** @return Cpu's kernel-only methods */
    public static Cpu.KernelOps cpu() {
        return CPU;
    }

    /** @return Task's kernel-only methods */
    public static Task.KernelOps task() {
        return TASK;
    }

    /** @return SpinLock's kernel-only methods */
    public static SpinLock.KernelOps lock() {
        return LOCK;
    }
}
