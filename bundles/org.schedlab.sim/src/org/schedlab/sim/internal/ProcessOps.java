/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.List;
import org.schedlab.sim.event.SimEvent;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.metrics.TraceEvent;
import org.schedlab.sim.metrics.TraceRecorder;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Mm;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;
import org.schedlab.sim.workload.Action;

/**
 * nanosleep, rt-app's absolute timer, fork, exec, exit and wait4. Departures from the kernel: sleep timers fire
 * on the sleeper's last CPU at their expiry, or within the slack the engine gives the task (high-resolution timer
 * semantics; no rounding to the next jiffy; the tick is the only other timer interrupt that can end a slack);
 * orphans are reaped at once (no reparenting to init); user locks held by an exiting task stay held.
 */
final class ProcessOps {
    private static final org.schedlab.sim.machine.Cpu.KernelOps CPU = KernelMutators.cpu();
    private static final org.schedlab.sim.task.Task.KernelOps TASK = KernelMutators.task();
    private final KernelImpl k;

    private final TimerDelivery timerDelivery;

    ProcessOps(KernelImpl k) {
        this.k = k;
        this.timerDelivery = new TimerDelivery(k.costs(), k.cfg.seed());
    }

    /** nanosleep(ns): the timer is armed for now + ns with the task's slack. */
    void sleep(Cpu cpu, Task t, TaskContext c, long ns) {
        c.advance();
        nap(cpu, t, c, ns);
    }

    /** {@link Interpreter#bootAsleep}: {@code t} is in its first action, a sleep of {@code ns} begun at time 0. */
    void bootAsleep(Task t, TaskContext c, long ns) {
        c.advance();
        arm(k.machine().cpu(t.processor()), t, c, ns);
    }

    /** nanosleep without moving on: the task runs its current action again when it wakes (a poll's sleep). */
    void nap(Cpu cpu, Task t, TaskContext c, long ns) {
        k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
        if (ns <= 0) {
            return;
        }
        arm(cpu, t, c, cpu.now() + ns);
        k.block(cpu, t);
    }

    /**
     * rt-app's timer: the next point of the task's grid; sleep until it (clock_nanosleep TIMER_ABSTIME, with the
     * task's slack), or, when it has passed already, count a missed deadline and go on (a relative timer's grid then
     * starts again from now, as rt-app's default mode resets its next point). Built-in counters
     * {@code timer_activations} and {@code timer_missed}; the latency from the grid point to running is recorded
     * at the switch-in ({@link org.schedlab.sim.metrics.Metrics#timerLatency()}).
     */
    void timer(Cpu cpu, Task t, TaskContext c, Action.Timer timer) {
        c.advance();
        k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
        long now = cpu.now();
        if (c.timerNext < 0) {
            c.timerNext = now;
        }
        c.timerNext += timer.periodNs();
        k.metrics().count(k.counterId(TIMER_ACTIVATIONS), 1);
        if (now >= c.timerNext) {
            k.metrics().count(k.counterId(TIMER_MISSED), 1);
            if (timer.relative()) {
                c.timerNext = now;
            }
            return;
        }
        t.stats().timerExpiry = c.timerNext;
        arm(cpu, t, c, c.timerNext);
        k.block(cpu, t);
    }

    /** Built-in counter: {@code timer} actions run. */
    static final String TIMER_ACTIVATIONS = "timer_activations";
    /** Built-in counter: {@code timer} actions that found their grid point passed (rt-app's negative slack). */
    static final String TIMER_MISSED = "timer_missed";

    /**
     * Arms the sleep timer of {@code t} for {@code expiry} on {@code cpu}: with slack, it fires at the first tick of
     * that CPU inside [expiry, expiry + slack], else at expiry + slack (hrtimer soft and hard expiry); then the
     * interrupt reaches the CPU its delivery latency later ({@link TimerDelivery}).
     */
    private void arm(Cpu cpu, Task t, TaskContext c, long expiry) {
        if (c.timer == null) {
            c.timer = new SleepTimer(this, t);
        }
        arm(cpu, t, c.timer, expiry);
    }

    /** Arms {@code e}, a timer of {@code t}'s, for {@code expiry} on {@code cpu}, as a sleep's timer is armed. */
    void arm(Cpu cpu, Task t, SimEvent e, long expiry) {
        long slack = k.sched.timerSlackNs(t);
        long fire = expiry;
        if (slack > 0) {
            long tick = k.driver.nextTickAtOrAfter(cpu, expiry);
            fire = tick <= expiry + slack ? tick : expiry + slack;
        }
        k.queue.schedule(e, Math.max(cpu.now(), fire + timerDelivery.nextNs()));
    }

    /** Takes back a timer armed by {@link #arm(Cpu, Task, SimEvent, long)} (nothing if it fired or was not armed). */
    void disarm(SimEvent e) {
        k.queue.cancel(e);
    }

    /** The sleep timer of one task. */
    private static final class SleepTimer extends SimEvent {
        private final ProcessOps ops;
        private final Task task;

        SleepTimer(ProcessOps ops, Task task) {
            this.ops = ops;
            this.task = task;
        }

        @Override
        public void fire(long now) {
            ops.timerFired(task, now);
        }
    }

    /** The timer interrupt on the sleeper's last CPU wakes it. */
    void timerFired(Task t, long now) {
        Cpu cpu = k.machine().cpu(t.processor());
        k.driver.enter(cpu, now);
        k.charge(cpu, SchedFn.INTERRUPT, CostKey.INTERRUPT);
        k.wake(t, cpu, false, -1);
        k.driver.run(cpu);
    }

    /** fork() or clone(CLONE_VM). */
    void fork(Cpu cpu, Task parent, TaskContext c, Action.Fork f) {
        c.advance();
        k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
        long clone = k.costs().cycles(CostKey.CLONE);
        long fork = f.thread() && clone > 0 ? clone : k.costs().cycles(CostKey.FORK);
        int dirty = c.image.dirty();
        if (!f.thread()) {
            // FORK includes the parent's copy-on-write faults after fork returns: they are charged there, below
            fork = Math.max(0, fork - dirty * k.costs().cycles(CostKey.COW_FAULT));
        }
        k.charge(cpu, SchedFn.PROCESS, fork);
        Mm mm = f.thread() ? parent.mm() : k.newMm();
        Task child = k.newTask(parent.name() + "/" + f.child().name(), f.child(), mm);
        if (f.attrs() == null) {
            TASK.setSchedAttributes(child, parent.policy(), parent.nice(), parent.rtPriority());
            TASK.setSlice(child, parent.sliceNs());
            TASK.setCGroup(child, parent.cgroup());
            TASK.setAllowed(child, k.allowedMaskOf(parent));
        } else {
            TASK.setSchedAttributes(child, f.attrs().policy(), f.attrs().nice(), f.attrs().rtPriority());
            TASK.setSlice(child, f.attrs().sliceNs());
            TASK.setCGroup(child, f.attrs().cgroup() != null ? f.attrs().cgroup() : parent.cgroup());
            TASK.setAllowed(child, Runner.mask(f.attrs().cpus(), k.machine().nrCpus()));
        }
        TASK.setParent(child, parent);
        ((TaskContext) TASK.context(child)).image = c.image;
        child.setProcessor(cpu.id());
        TASK.setState(child, TaskState.RUNNING);
        c.children().add(child);
        if (k.images != null) {
            if (f.thread()) {
                k.images.forkThread(parent);
            } else {
                k.images.fork(cpu, parent, child);
                ((TaskContext) TASK.context(child)).imageStart = true;
            }
        }
        if (f.thread() && k.costs().cycles(CostKey.THREAD_START) > 0) {
            ((TaskContext) TASK.context(child)).threadStart = true;
        }
        child.stats().runnableSince = cpu.now();
        k.sched.wakeUpNewTask(child, parent, cpu);
        TraceRecorder tr = k.metrics().trace();
        if (tr != null) {
            tr.record(cpu.now(), cpu.id(), TraceEvent.Kind.WAKEUP, child.pid(), parent.pid(), 'N');
        }
        if (f.thread()) {
            return;
        }
        // back in user mode the parent writes its dirty pages: the copy-on-write faults come after the wakeup
        if (k.images != null) {
            k.images.parentReturns(cpu, parent);
        } else {
            for (int i = 0; i < dirty; i++) {
                k.charge(cpu, SchedFn.PROCESS, CostKey.COW_FAULT);
            }
        }
    }

    /**
     * Whether {@code t} is the last live task of its address space: exit (lmbench's fork+exit, profile-host's
     * exit of a forked child) is a process's teardown, exit_mmap's above all; a thread whose process lives on
     * leaves the mm to the others (mmput drops a reference) and is charged the system call and its lines alone.
     */
    private boolean lastUserOfMm(Task t) {
        for (Task o : k.allTasks()) {
            if (o != t && o.mm() == t.mm() && o.state() != TaskState.ZOMBIE) {
                return false;
            }
        }
        return true;
    }

    /** execve(): new image, new mm. */
    void exec(Cpu cpu, Task t, TaskContext c, Action.Exec e) {
        k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
        k.charge(cpu, SchedFn.PROCESS, CostKey.EXEC);
        Mm mm = k.newMm();
        if (k.images != null) {
            k.images.exec(cpu, t, t.mm(), mm, e.program());
        }
        TASK.setMm(t, mm);
        CPU.setActiveMm(cpu, mm);
        c.load(e.program());
    }

    /**
     * do_exit: the engine's exit hook, ZOMBIE, notify or reap, schedule. A task with a process image exits in two
     * steps: the teardown (its cost and lines) first, then, once the other CPUs have caught up with its end, the
     * ZOMBIE state and the notification, so that a parent on another CPU sees the zombie when do_exit has done
     * its work, not when it began.
     */
    void exit(Cpu cpu, Task t) {
        TaskContext c = (TaskContext) TASK.context(t);
        if (!c.exitStarted) {
            k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
            if (lastUserOfMm(t)) {
                k.charge(cpu, SchedFn.PROCESS, CostKey.EXIT);
            }
            if (k.images != null && k.images.exit(cpu, t)) {
                c.exitStarted = true;
                return; // the interpreter runs the exit again: the second step below
            }
        }
        k.sched.exit(t, cpu);
        TASK.setState(t, TaskState.ZOMBIE);
        k.liveTasks--;
        if (c.timer != null) {
            k.queue.cancel(c.timer);
        }
        if (c.children != null) {
            for (Task child : c.children) {
                TASK.setParent(child, null);
                if (child.state() == TaskState.ZOMBIE) {
                    release(cpu, child);
                }
            }
            c.children.clear();
        }
        Task parent = t.parent();
        if (parent == null || parent.state() == TaskState.ZOMBIE) {
            release(cpu, t);
        } else {
            TaskContext pc = (TaskContext) TASK.context(parent);
            if (pc.waitingChild) {
                pc.waitingChild = false;
                k.wake(parent, cpu, false, t.pid());
            }
        }
        k.switcher.schedule(cpu);
    }

    /** release_task: the zombie's block back to the allocator (process image), the task gone for good. */
    private void release(Cpu cpu, Task t) {
        if (k.images != null) {
            k.images.release(cpu, t);
        }
        k.reap(t);
    }

    /** wait4(-1): reap a zombie child; block while only live children remain; ECHILD without children. */
    void waitChild(Cpu cpu, Task t, TaskContext c) {
        if (!c.retry) {
            k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
        }
        List<Task> children = c.children;
        if (children == null || children.isEmpty()) {
            c.advance();
            return;
        }
        for (int i = 0; i < children.size(); i++) {
            Task child = children.get(i);
            if (child.state() == TaskState.ZOMBIE) {
                children.remove(i);
                release(cpu, child);
                c.advance();
                return;
            }
        }
        c.retry = true;
        c.waitingChild = true;
        k.block(cpu, t);
    }
}
