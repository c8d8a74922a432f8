/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.workload;

import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import org.schedlab.sim.task.Policy;

/**
 * The scheduling attributes a forked thread sets for itself (or its creator sets for it) right after clone():
 * sched_setattr's policy, nice, real-time priority and slice, and sched_setaffinity's CPUs.
 *
 * @param policy     scheduling policy
 * @param nice       nice, -20..19
 * @param rtPriority real-time priority for FIFO and RR, 1..99 (else 0)
 * @param cpus       allowed CPUs; empty means every CPU
 * @param sliceNs    the slice request (sched_runtime), ns; 0 for the default
 * @param cgroup     the task group it is moved into (a write to cgroup.threads / tasks); null: its creator's
 */
public record SchedAttrs(Policy policy, int nice, int rtPriority, Set<Integer> cpus, long sliceNs, CGroup cgroup) {
    public SchedAttrs {
        Objects.requireNonNull(policy, "policy");
        cpus = java.util.Collections.unmodifiableSet(new TreeSet<>(cpus));
    }

    /** Attributes that leave the task in its creator's task group. */
    public SchedAttrs(Policy policy, int nice, int rtPriority, Set<Integer> cpus, long sliceNs) {
        this(policy, nice, rtPriority, cpus, sliceNs, null);
    }

    /** @return the attributes a thread group declares */
    public static SchedAttrs of(ThreadGroup g) {
        return new SchedAttrs(g.policy(), g.nice(), g.rtPriority(), g.cpus(), g.sliceNs(), g.cgroup());
    }
}
