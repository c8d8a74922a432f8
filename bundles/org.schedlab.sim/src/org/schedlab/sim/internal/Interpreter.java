/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.SimulationException;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.Action;

/**
 * Interprets each task's program one action at a time on the CPU running it. User actions (compute,
 * counters, loops) cost no kernel time; system calls charge SYSCALL and their own path.
 */
final class Interpreter {
    private static final org.schedlab.sim.machine.Cpu.KernelOps CPU = KernelMutators.cpu();
    private static final org.schedlab.sim.task.Task.KernelOps TASK = KernelMutators.task();
    private static final int ZERO_COST_LIMIT = 1_000_000;

    private final KernelImpl k;
    private final ProcessOps proc;
    private final IpcOps ipc;

    Interpreter(KernelImpl k, ProcessOps proc, IpcOps ipc) {
        this.k = k;
        this.proc = proc;
        this.ipc = ipc;
    }

    /**
     * A task whose program begins with a sleep, found in that sleep at boot (BackgroundWork's kworkers): the sleep's
     * time is drawn and its timer armed from time 0, without a system call on any CPU.
     */
    void bootAsleep(Task t) {
        TaskContext c = (TaskContext) TASK.context(t);
        if (c.current(0, k.phaseNs) != Action.OP_SLEEP) {
            throw new SimulationException("task " + t + " does not begin with a sleep");
        }
        proc.bootAsleep(t, c, ((Action.Sleep) c.action()).ns().sample(c.random));
    }

    /**
     * Runs {@code t}'s program on {@code cpu} until it starts user work (true) or has run one kernel
     * path (false: the caller checks need_resched and the current task again).
     */
    boolean step(Cpu cpu, Task t) {
        TaskContext c = (TaskContext) TASK.context(t);
        if (c.remainingNs > 0) {
            return resume(cpu, c);
        }
        if (c.imageStart) {
            c.imageStart = false;
            k.images.childRuns(cpu, t);
        }
        if (c.threadStart) {
            c.threadStart = false; // ret_from_fork and the thread library's start, before the program's first action
            k.charge(cpu, SchedFn.PROCESS, CostKey.THREAD_START);
        }
        for (int n = 0; n < ZERO_COST_LIMIT; n++) {
            int op = c.current(cpu.now(), k.phaseNs);
            if (op < 0) {
                proc.exit(cpu, t);
                return false;
            }
            Action a = c.action();
            switch (op) {
                case Action.OP_COMPUTE -> {
                    Action.Compute comp = (Action.Compute) a;
                    long amount = comp.amount().sample(c.random);
                    long ns = comp.inCycles() ? amount * 1000 / cpu.mhz() : amount;
                    c.advance();
                    if (ns > 0) {
                        c.remainingNs = ns;
                        c.segKind = TaskContext.SEG_COMPUTE;
                        k.driver.startUser(cpu, ns);
                        return true;
                    }
                }
                case Action.OP_COUNT -> {
                    Action.Count cnt = (Action.Count) a;
                    int id = counterId(c, cnt);
                    long[] mine = t.stats().counters;
                    if (id >= mine.length) {
                        mine = java.util.Arrays.copyOf(mine, id + 8);
                        t.stats().counters = mine;
                    }
                    mine[id] += cnt.delta();
                    k.metrics().count(id, cnt.delta());
                    c.advance();
                }
                case Action.OP_LOOP -> {
                    Action.Loop loop = (Action.Loop) a;
                    if (loop.times() == 0 || loop.body().isEmpty()) {
                        c.advance();
                    } else {
                        c.push(loop.body(), loop.times(), -1, cpu.now());
                    }
                }
                case Action.OP_PHASE -> {
                    Action.Phase ph = (Action.Phase) a;
                    c.push(ph.body(), 1, k.phaseId(ph.name()), cpu.now());
                }
                case Action.OP_YIELD -> {
                    c.advance();
                    k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
                    k.metrics().yieldCall();
                    k.sched.sysSchedYield(t, cpu);
                    return false;
                }
                case Action.OP_YIELD_TO -> {
                    c.advance();
                    k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
                    k.metrics().yieldCall();
                    Task target = k.directedYield.target(t, ((Action.YieldTo) a).group(), cpu);
                    if (target == null || !k.sched.yieldTo(t, target, cpu)) {
                        k.sched.sysSchedYield(t, cpu);
                    }
                    return false;
                }
                default -> {
                    return system(cpu, t, c, a, op);
                }
            }
        }
        throw new SimulationException("task " + t + " runs " + ZERO_COST_LIMIT
                + " actions without using time (a loop of counters only?)");
    }

    private boolean system(Cpu cpu, Task t, TaskContext c, Action a, int op) {
        switch (op) {
            case Action.OP_SLEEP -> proc.sleep(cpu, t, c, ((Action.Sleep) a).ns().sample(c.random));
            case Action.OP_TIMER -> proc.timer(cpu, t, c, (Action.Timer) a);
            case Action.OP_FORK -> proc.fork(cpu, t, c, (Action.Fork) a);
            case Action.OP_EXEC -> proc.exec(cpu, t, c, (Action.Exec) a);
            case Action.OP_EXIT -> proc.exit(cpu, t);
            case Action.OP_WAIT -> proc.waitChild(cpu, t, c);
            case Action.OP_SPIN_LOCK -> {
                return ipc.spinLock(cpu, t, c, (Action.SpinLock) a);
            }
            case Action.OP_SPIN_UNLOCK -> ipc.spinUnlock(cpu, t, c, (Action.SpinUnlock) a);
            case Action.OP_MUTEX_LOCK -> ipc.mutexLock(cpu, t, c, ((Action.MutexLock) a).mutex());
            case Action.OP_MUTEX_UNLOCK -> ipc.mutexUnlock(cpu, t, c, ((Action.MutexUnlock) a).mutex());
            case Action.OP_COND_WAIT -> ipc.condWait(cpu, t, c, (Action.CondWait) a);
            case Action.OP_COND_SIGNAL -> ipc.condSignal(cpu, c, ((Action.CondSignal) a).cond(), false);
            case Action.OP_COND_BROADCAST -> ipc.condSignal(cpu, c, ((Action.CondBroadcast) a).cond(), true);
            case Action.OP_SEND -> ipc.send(cpu, t, c, java.util.List.of(((Action.Send) a).channel()));
            case Action.OP_BROADCAST -> ipc.send(cpu, t, c, ((Action.Broadcast) a).channels());
            case Action.OP_RECV -> ipc.recv(cpu, t, c, ((Action.Recv) a).channel(), ((Action.Recv) a).withinNs());
            case Action.OP_BARRIER -> {
                Action.Barrier b = (Action.Barrier) a;
                if (b.pollNs() == 0) {
                    ipc.barrier(cpu, t, c, b.point());
                } else if (!ipc.barrierPassed(t, c, b.point())) {
                    proc.nap(cpu, t, c, b.pollNs());
                }
            }
            default -> throw new IllegalStateException("opcode " + op);
        }
        return false;
    }

    /** The counter's id, looked up by name at the action's first run in this body and kept in the body. */
    private int counterId(TaskContext c, Action.Count cnt) {
        if (c.actionRt() instanceof Integer id) {
            return id;
        }
        int id = k.counterId(cnt.counter());
        c.actionRt(id);
        return id;
    }

    /** Continues interrupted user work: a spinner first looks at its lock again. */
    private boolean resume(Cpu cpu, TaskContext c) {
        if (c.segKind == TaskContext.SEG_SPIN) {
            if (c.spinOn.owner == null) {
                c.remainingNs = 0;
                ipc.acquired(c);
                return false;
            }
            c.spinOn.spinners.add(c.task);
        }
        k.driver.startUser(cpu, c.remainingNs);
        return true;
    }

    /** The user segment ran to its end. */
    void segmentDone(Cpu cpu, Task t, long len) {
        TaskContext c = (TaskContext) TASK.context(t);
        c.remainingNs = 0;
        if (c.segKind == TaskContext.SEG_SPIN) {
            c.spinOn.spinners.remove(t);
            c.spinPhase = IpcOps.SPIN_YIELDING;
        }
        c.segKind = TaskContext.SEG_NONE;
    }

    /** An interrupt cut the user segment after {@code len} ns. */
    void userInterrupted(Task t, long len) {
        TaskContext c = (TaskContext) TASK.context(t);
        c.remainingNs -= len;
        if (c.segKind == TaskContext.SEG_SPIN) {
            c.spinOn.spinners.remove(t);
            if (c.remainingNs <= 0) {
                c.remainingNs = 0;
                c.spinPhase = IpcOps.SPIN_YIELDING;
                c.segKind = TaskContext.SEG_NONE;
            }
        } else if (c.remainingNs <= 0) {
            c.remainingNs = 0;
            c.segKind = TaskContext.SEG_NONE;
        }
    }

    /** A spinner on {@code cpu} sees the lock word change (its cache line came back). */
    void spinNotice(Cpu cpu, long now) {
        if (cpu.mode() != Cpu.Mode.USER) {
            return;
        }
        TaskContext c = (TaskContext) TASK.context(cpu.curr());
        if (c.segKind != TaskContext.SEG_SPIN || c.spinOn.owner != null) {
            return;
        }
        k.active = cpu;
        CPU.endSegment(cpu, Math.max(now, cpu.now()));
        k.driver.cancelSegment(cpu);
        c.spinOn.spinners.remove(c.task);
        c.remainingNs = 0;
        ipc.acquired(c);
        k.driver.run(cpu);
    }
}
