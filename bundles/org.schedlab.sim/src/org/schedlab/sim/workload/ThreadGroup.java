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
 * {@code count} tasks running the same program from boot.
 *
 * @param name       group name; tasks are named name-0, name-1, ...
 * @param count      number of tasks
 * @param program    what each runs
 * @param threads    true: the tasks are threads sharing one mm; false: processes with one mm each
 * @param policy     scheduling policy
 * @param nice       nice, -20..19
 * @param rtPriority real-time priority for FIFO and RR, 1..99 (else 0)
 * @param cpus       allowed CPUs; empty means every CPU
 * @param holdsBkl   the tasks hold the big kernel lock while running (2.2 related())
 * @param image      the image of the processes' program in the memory model ({@link ImageSize#DEFAULT} unless
 *                   set)
 * @param sliceNs    the tasks' own slice request (sched_attr.sched_runtime, Linux 6.12+), ns; 0: the default
 * @param cgroup     the task group the tasks are placed in (a cgroup of the cpu controller); null: the root group
 */
public record ThreadGroup(String name, int count, Program program, boolean threads, Policy policy, int nice,
                          int rtPriority, Set<Integer> cpus, boolean holdsBkl, ImageSize image, long sliceNs,
                          CGroup cgroup) {
    public ThreadGroup {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(program, "program");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(image, "image");
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative");
        }
        if (sliceNs < 0) {
            throw new IllegalArgumentException("a slice must not be negative");
        }
        cpus = java.util.Collections.unmodifiableSet(new TreeSet<>(cpus));
    }

    /** A group in the root task group. */
    public ThreadGroup(String name, int count, Program program, boolean threads, Policy policy, int nice,
                       int rtPriority, Set<Integer> cpus, boolean holdsBkl, ImageSize image, long sliceNs) {
        this(name, count, program, threads, policy, nice, rtPriority, cpus, holdsBkl, image, sliceNs, null);
    }

    /** A group with the default image. */
    public ThreadGroup(String name, int count, Program program, boolean threads, Policy policy, int nice,
                       int rtPriority, Set<Integer> cpus, boolean holdsBkl) {
        this(name, count, program, threads, policy, nice, rtPriority, cpus, holdsBkl, ImageSize.DEFAULT, 0);
    }

    /** A group with the kernel's default slice. */
    public ThreadGroup(String name, int count, Program program, boolean threads, Policy policy, int nice,
                       int rtPriority, Set<Integer> cpus, boolean holdsBkl, ImageSize image) {
        this(name, count, program, threads, policy, nice, rtPriority, cpus, holdsBkl, image, 0);
    }

    /** @return {@code count} SCHED_OTHER nice-0 processes on any CPU */
    public static ThreadGroup processes(String name, int count, Program program) {
        return new ThreadGroup(name, count, program, false, Policy.OTHER, 0, 0, Set.of(), false);
    }

    /** @return {@code count} SCHED_OTHER nice-0 threads of one process on any CPU */
    public static ThreadGroup threads(String name, int count, Program program) {
        return new ThreadGroup(name, count, program, true, Policy.OTHER, 0, 0, Set.of(), false);
    }

    /** @return this group with another policy and priorities */
    public ThreadGroup withPolicy(Policy p, int newNice, int newRtPriority) {
        return new ThreadGroup(name, count, program, threads, p, newNice, newRtPriority, cpus, holdsBkl, image, sliceNs, cgroup);
    }

    /** @return this group restricted to {@code allowed} CPUs */
    public ThreadGroup withCpus(Set<Integer> allowed) {
        return new ThreadGroup(name, count, program, threads, policy, nice, rtPriority, allowed, holdsBkl, image, sliceNs, cgroup);
    }

    /** @return this group with the big-kernel-lock flag */
    public ThreadGroup withBkl(boolean bkl) {
        return new ThreadGroup(name, count, program, threads, policy, nice, rtPriority, cpus, bkl, image, sliceNs, cgroup);
    }

    /** @return this group with its own slice request (sched_attr.sched_runtime; 0: the default slice) */
    public ThreadGroup withSlice(long slice) {
        return new ThreadGroup(name, count, program, threads, policy, nice, rtPriority, cpus, holdsBkl, image, slice, cgroup);
    }

    /** @return this group in another task group (null: the root group) */
    public ThreadGroup withCGroup(CGroup g) {
        return new ThreadGroup(name, count, program, threads, policy, nice, rtPriority, cpus, holdsBkl, image, sliceNs,
                g);
    }

    /** @return this group with another process image */
    public ThreadGroup withImage(ImageSize size) {
        return new ThreadGroup(name, count, program, threads, policy, nice, rtPriority, cpus, holdsBkl, size, sliceNs, cgroup);
    }
}
