/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.task;

/** Task states as the kernel names them. */
public enum TaskState {
    /** TASK_RUNNING: on a run queue, running or waiting for a CPU. */
    RUNNING,
    /** TASK_INTERRUPTIBLE: sleeping (nanosleep, pipe read, futex wait, wait4). */
    INTERRUPTIBLE,
    /** TASK_UNINTERRUPTIBLE: sleeping, not woken by signals (not produced by the workload actions today). */
    UNINTERRUPTIBLE,
    /** TASK_ZOMBIE: exited, not yet reaped. */
    ZOMBIE
}
