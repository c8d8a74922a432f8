/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.task;


/**
 * A simulated task (a process or a thread). The first group of methods is what engines read and write;
 * the group marked "simulation kernel" is maintained by the kernel: package-private, so engines cannot call it,
 * and reached by the kernel through {@link #kernelOps()}.
 */
public final class Task {
    private final int pid;
    private final String name;
    private final boolean idleTask;
    private Mm mm;
    private Policy policy;
    private int nice;
    private int rtPriority;
    private long sliceNs;
    private org.schedlab.sim.workload.CGroup cgroup;
    /** Allowed CPUs, one bit per CPU; {@code null} means every CPU. */
    private long[] allowed;
    private boolean yieldFlag;
    private boolean holdsBkl;
    private TaskState state = TaskState.RUNNING;
    private int processor;
    private int onCpu = -1;
    private Object se;
    private Task parent;
    private final TaskStats stats = new TaskStats();
    private Object context;

    /**
     * The methods of this class that only the simulation kernel may call, as one handle ({@link #kernelOps()}).
     * Not API: an engine cannot obtain it.
     */
    public interface KernelOps {
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

    private static final java.util.concurrent.atomic.AtomicBoolean KERNEL_OPS_TAKEN =
            new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * Hands the kernel-only methods to the simulation kernel, which takes them once when it is loaded
     * (org.schedlab.sim.internal); every later call throws. Not API.
     *
     * @throws IllegalStateException when they were taken already
     */
    public static KernelOps kernelOps() {
        if (!KERNEL_OPS_TAKEN.compareAndSet(false, true)) {
            throw new IllegalStateException("Task's kernel operations are taken already");
        }
        return new KernelOps() {
            @Override
            public void setState(Task t, TaskState state) {
                t.setState(state);
            }

            @Override
            public void setOnCpu(Task t, int cpu) {
                t.setOnCpu(cpu);
            }

            @Override
            public void setSchedAttributes(Task t, Policy policy, int nice, int rtPriority) {
                t.setSchedAttributes(policy, nice, rtPriority);
            }

            @Override
            public void setSlice(Task t, long sliceNs) {
                t.sliceNs = sliceNs;
            }

            @Override
            public void setCGroup(Task t, org.schedlab.sim.workload.CGroup g) {
                t.cgroup = g;
            }

            @Override
            public void setAllowed(Task t, long[] mask) {
                t.setAllowed(mask);
            }

            @Override
            public void setHoldsBkl(Task t, boolean holdsBkl) {
                t.setHoldsBkl(holdsBkl);
            }

            @Override
            public void setMm(Task t, Mm mm) {
                t.setMm(mm);
            }

            @Override
            public void setParent(Task t, Task parent) {
                t.setParent(parent);
            }

            @Override
            public Object context(Task t) {
                return t.context();
            }

            @Override
            public void setContext(Task t, Object context) {
                t.setContext(context);
            }
        };
    }

    /**
     * @param pid      process id (idle tasks use negative ids: -1 - cpu)
     * @param name     name for traces and messages
     * @param mm       address space; {@code null} for kernel threads and idle tasks
     * @param idleTask true for a CPU's idle task
     */
    public Task(int pid, String name, Mm mm, boolean idleTask) {
        this.pid = pid;
        this.name = name;
        this.mm = mm;
        this.idleTask = idleTask;
        this.policy = Policy.OTHER;
    }

    /** @return the process id */
    public int pid() {
        return pid;
    }

    /** @return the task's name */
    public String name() {
        return name;
    }

    /** @return the address space, {@code null} for kernel threads and idle tasks */
    public Mm mm() {
        return mm;
    }

    /** @return the scheduling policy */
    public Policy policy() {
        return policy;
    }

    /** @return the SCHED_YIELD bit (2.2/2.4) */
    public boolean yieldFlag() {
        return yieldFlag;
    }

    /** Sets or clears the SCHED_YIELD bit. */
    public void setYieldFlag(boolean yieldFlag) {
        this.yieldFlag = yieldFlag;
    }

    /** @return nice, -20..19 */
    public int nice() {
        return nice;
    }

    /** @return the real-time priority, 0..99 (0 for non-real-time policies) */
    /**
     * @return the task's own slice request ({@code sched_attr.sched_runtime} of a fair task, Linux 6.12+), ns; 0
     *         for the kernel's default slice
     */
    public long sliceNs() {
        return sliceNs;
    }

    /** @return the task group the task is in (its cgroup of the cpu controller); null: the root group */
    public org.schedlab.sim.workload.CGroup cgroup() {
        return cgroup;
    }

    public int rtPriority() {
        return rtPriority;
    }

    /** @return the low 64 bits of cpus_allowed ({@code -1L} when every CPU is allowed) */
    public long cpusAllowed() {
        return allowed == null ? -1L : allowed[0];
    }

    /** @return true when the task may run on CPU {@code cpu} (any CPU count, unlike {@link #cpusAllowed()}) */
    public boolean allowedOn(int cpu) {
        if (allowed == null) {
            return true;
        }
        int word = cpu >>> 6;
        return word < allowed.length && (allowed[word] & (1L << (cpu & 63))) != 0;
    }

    /** @return the task's state */
    public TaskState state() {
        return state;
    }

    /** @return the CPU it last ran on (or was placed on) */
    public int processor() {
        return processor;
    }

    /** Sets the CPU the task is attributed to (engines migrate tasks with this). */
    public void setProcessor(int processor) {
        this.processor = processor;
    }

    /** @return the CPU currently running the task, or -1 (has_cpu / on_cpu) */
    public int onCpu() {
        return onCpu;
    }

    /** @return true for a CPU's idle task */
    public boolean isIdleTask() {
        return idleTask;
    }

    /** @return true when the task holds the big kernel lock */
    public boolean holdsBkl() {
        return holdsBkl;
    }

    /** @return the engine-private per-task state */
    public Object se() {
        return se;
    }

    /** Sets the engine-private per-task state. */
    public void setSe(Object se) {
        this.se = se;
    }

    /** @return the parent (null for boot tasks) */
    public Task parent() {
        return parent;
    }

    /** @return per-task statistics kept by the simulation kernel */
    public TaskStats stats() {
        return stats;
    }

    // ---- simulation kernel only ---------------------------------------------------------------

    /** Simulation kernel: sets the state. */
    void setState(TaskState state) {
        this.state = state;
    }

    /** Simulation kernel: marks the task running on {@code cpu} (-1: not running). */
    void setOnCpu(int cpu) {
        this.onCpu = cpu;
    }

    /** Simulation kernel: scheduling attributes at creation. */
    void setSchedAttributes(Policy policy, int nice, int rtPriority) {
        if (nice < -20 || nice > 19) {
            throw new IllegalArgumentException("nice out of range: " + nice);
        }
        if (rtPriority < 0 || rtPriority > 99) {
            throw new IllegalArgumentException("rt_priority out of range: " + rtPriority);
        }
        this.policy = policy;
        this.nice = nice;
        this.rtPriority = policy.isRealTime() ? rtPriority : 0;
    }

    /** Simulation kernel: sets cpus_allowed ({@code null}: every CPU). */
    void setAllowed(long[] mask) {
        this.allowed = mask == null ? null : mask.clone();
    }

    /** Simulation kernel: sets the big kernel lock flag. */
    void setHoldsBkl(boolean holdsBkl) {
        this.holdsBkl = holdsBkl;
    }

    /** Simulation kernel: exec replaces the address space. */
    void setMm(Mm mm) {
        this.mm = mm;
    }

    /** Simulation kernel: sets the parent. */
    void setParent(Task parent) {
        this.parent = parent;
    }

    /** Simulation kernel: the interpreter's per-task context. */
    Object context() {
        return context;
    }

    /** Simulation kernel: sets the interpreter's per-task context. */
    void setContext(Object context) {
        this.context = context;
    }

    @Override
    public String toString() {
        return name + "[" + pid + "]";
    }
}
