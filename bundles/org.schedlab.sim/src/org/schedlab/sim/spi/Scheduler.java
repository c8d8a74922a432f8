/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.spi;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.task.Task;

/**
 * The per-run scheduler instance an engine creates. Hooks are named after the kernel's entry points and
 * run atomically on the calling CPU's timeline: each hook charges its own cycles through
 * {@link Kernel#charge} and takes its own locks through {@link Kernel#spinLock}.
 *
 * <p>State transitions are made by the simulation kernel, not by the engine: before
 * {@link #tryToWakeUp} and {@link #wakeUpNewTask} the task is already {@code RUNNING}; before a
 * {@link #schedule} that must dequeue {@code prev}, {@code prev} is already {@code INTERRUPTIBLE},
 * {@code UNINTERRUPTIBLE} or {@code ZOMBIE}. The kernel clears {@code need_resched} on entry to
 * schedule() (as the kernel's schedule() does) and performs the context switch itself.
 */
public interface Scheduler {
    /** Boot: {@code p} exists before time 0 and is not runnable yet (engine state only, no costs). */
    void initTask(Task p);

    /**
     * fork: {@code sched_fork} plus {@code wake_up_new_task}. {@code child} is RUNNING and not queued;
     * {@code parent} is {@code cpu.curr()}.
     */
    void wakeUpNewTask(Task child, Task parent, Cpu cpu);

    /**
     * try_to_wake_up: {@code p} has just become RUNNING and is on no run queue. Enqueue it, choose its CPU
     * and request preemption through {@link Kernel#reschedTask} or {@link Kernel#sendReschedIpi}.
     *
     * @param waker the CPU running the wakeup path (at boot: the task's initial CPU, with costs off)
     * @param sync  the waker is about to sleep (pipe and socket writes: {@code wake_up_sync})
     */
    void tryToWakeUp(Task p, Cpu waker, boolean sync);

    /**
     * schedule(): {@code prev} is {@code cpu.curr()}; if {@code prev.state()} is not RUNNING the engine
     * dequeues it. Returns the task to run next, {@code cpu.idle()} when there is none, or {@code prev}.
     * The returned task must not be running on another CPU.
     */
    Task schedule(Cpu cpu, Task prev);

    /** After a real switch (2.2/2.4: {@code schedule_tail}, which calls reschedule_idle(prev)). */
    default void scheduleTail(Cpu cpu, Task prev) {
    }

    /** sys_sched_yield body; the kernel then calls schedule() if {@code cpu.needResched()}. */
    void sysSchedYield(Task p, Cpu cpu);

    /** scheduler_tick: the timer interrupt on {@code cpu}; {@code curr} may be the idle task. */
    void schedulerTick(Cpu cpu, Task curr);

    /** do_exit: {@code p} is {@code cpu.curr()}; the kernel makes it ZOMBIE and calls schedule() after. */
    void exit(Task p, Cpu cpu);

    /**
     * Periodic and idle load balancing. The kernel calls it after every {@link #schedulerTick} with
     * {@code idle = cpu.isIdle()}; the engine decides its own intervals. Idle balancing from inside
     * schedule() is the engine's business.
     */
    default void loadBalance(Cpu cpu, boolean idle) {
    }

    /**
     * {@code timer_slack_ns} as hrtimer_nanosleep applies it to {@code p}: a sleep's timer may expire up to this
     * much late, and fires with the first timer interrupt inside that window (the engine's kernel decides; 0, the
     * default, for kernels before timer slack and for real-time tasks).
     */
    default long timerSlackNs(Task p) {
        return 0;
    }

    /** Directed yield to {@code target} (an extension); return false when not supported or not done. */
    default boolean yieldTo(Task p, Task target, Cpu cpu) {
        return false;
    }

    /**
     * Number of runnable tasks (queued plus running) attributed to {@code cpu}, for run-queue length
     * sampling. A global-queue engine reports the whole queue on CPU 0 and 0 elsewhere.
     */
    default int nrRunning(Cpu cpu) {
        return cpu.isIdle() ? 0 : 1;
    }

    /**
     * Whether {@code p} is on a run queue (queued or running). The invariant checker compares it with
     * {@code p.state() == RUNNING} for every task. The default trusts the state.
     */
    default boolean onRunQueue(Task p) {
        return p.state() == org.schedlab.sim.task.TaskState.RUNNING;
    }

    /**
     * @return whether the engine schedules task groups ({@code CONFIG_FAIR_GROUP_SCHED}: {@link Task#cgroup()});
     *         the kernel refuses a workload with groups on an engine that answers false
     * @since 1.3
     */
    default boolean groupScheduling() {
        return false;
    }

    /**
     * {@code cpu_cgroup_create}: the kernel makes each of the workload's task groups, parents first, before any of
     * its tasks starts (as a container runtime makes the cgroup before it starts the container).
     *
     * @return null when the engine schedules {@code g} as it is given, else what the modelled kernel lacks for it,
     *         in words that follow "the ENGINE VERSION engine " (e.g. "has no CFS bandwidth control"), a hint
     *         for the user after "; "
     * @since 1.4
     */
    default String createGroup(org.schedlab.sim.workload.CGroup g) {
        return groupScheduling() ? null
                : "does not model task groups; group scheduling is modelled by eevdf 6.18 and cfs 2.6.24 / 2.6.25";
    }

    /** Called each time {@code cpu} enters its idle loop (patches that act on the idle loop). */
    default void idleLoop(Cpu cpu) {
    }
}
