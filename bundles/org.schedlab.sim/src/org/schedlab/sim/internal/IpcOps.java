/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.schedlab.sim.SimulationException;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.BarrierPoint;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Cond;
import org.schedlab.sim.workload.Mutex;
import org.schedlab.sim.workload.UserLock;

/**
 * User locks, futex mutexes, condition variables and barriers, and the channels through {@link ChannelOps}. The run
 * state of each workload object lives here, keyed by identity. Wait queues are FIFO. A woken task retries its action
 * (it may lose the race again, as after a futex wake), without paying the system call entry twice.
 */
final class IpcOps {
    static final int SPIN_FRESH = 0, SPIN_SPINNING = 1, SPIN_YIELDING = 2, SPIN_BLOCKED = 3;

    /** Run state of a user-space lock word. */
    static final class UserLockRt {
        Task owner;
        final List<Task> spinners = new ArrayList<>(4);
        final ArrayDeque<Task> waiters = new ArrayDeque<>();
    }

    private static final class MutexRt {
        Task owner;
        final ArrayDeque<Task> waiters = new ArrayDeque<>();
    }


    private static final class BarrierRt {
        int arrived;
        /** Times the barrier completed: a polling task goes on once it differs from the one it arrived in. */
        int generation;
        final ArrayDeque<Task> waiting = new ArrayDeque<>();

        /** One party arrives; @return whether it was the last (the barrier completes and opens again) */
        boolean arrive(BarrierPoint b) {
            if (++arrived < b.parties()) {
                return false;
            }
            arrived = 0;
            generation++;
            return true;
        }
    }

    private final KernelImpl k;
    /** Pipes, sockets and queues. */
    private final ChannelOps channels;
    private final Map<Object, Object> state = new IdentityHashMap<>();
    private final long spinIterationCycles;
    private final long noticeNs;

    IpcOps(KernelImpl k, ProcessOps proc) {
        this.k = k;
        this.spinIterationCycles = k.costs().cycles(CostKey.USER_SPIN_ITERATION);
        this.noticeNs = k.costs().cycles(CostKey.POLL_NOTICE_LATENCY);
        this.channels = new ChannelOps(k, new TimedWaits(proc));
    }

    @SuppressWarnings("unchecked")
    private <T> T rt(Object key, Function<Object, T> make) {
        return (T) state.computeIfAbsent(key, make);
    }

    /** The lock of {@code c}'s current action: looked up at the action's first run, then kept in its body. */
    private UserLockRt lock(TaskContext c, UserLock l) {
        if (c.actionRt() instanceof UserLockRt r) {
            return r;
        }
        UserLockRt r = rt(l, x -> new UserLockRt());
        c.actionRt(r);
        return r;
    }

    private void futexEntry(Cpu cpu, TaskContext c) {
        if (!c.retry) {
            k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
        }
        k.charge(cpu, SchedFn.IPC, CostKey.FUTEX_OP);
    }

    /** The spin, yield, block protocol of {@link Action.SpinLock}; true when a spin segment started. */
    boolean spinLock(Cpu cpu, Task t, TaskContext c, Action.SpinLock a) {
        UserLockRt l = lock(c, a.lock());
        c.spinOn = l;
        if (l.owner == null) {
            acquired(c);
            return false;
        }
        switch (c.spinPhase) {
            case SPIN_FRESH, SPIN_BLOCKED -> {
                c.yieldsLeft = a.yields();
                if (a.spins() > 0) {
                    long ns = a.spins() * spinIterationCycles * 1000 / cpu.mhz();
                    c.spinPhase = SPIN_SPINNING;
                    c.segKind = TaskContext.SEG_SPIN;
                    c.remainingNs = Math.max(1, ns);
                    l.spinners.add(t);
                    k.driver.startUser(cpu, c.remainingNs);
                    return true;
                }
                c.spinPhase = SPIN_YIELDING;
            }
            case SPIN_YIELDING -> {
                if (c.yieldsLeft > 0) {
                    c.yieldsLeft--;
                    k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
                    k.metrics().yieldCall();
                    k.sched.sysSchedYield(t, cpu);
                } else {
                    futexEntry(cpu, c);
                    c.spinPhase = SPIN_BLOCKED;
                    l.waiters.add(t);
                    k.block(cpu, t);
                }
            }
            default -> throw new IllegalStateException("spin phase " + c.spinPhase);
        }
        return false;
    }

    /** The task now owns the lock it was after. */
    void acquired(TaskContext c) {
        c.spinOn.owner = c.task;
        c.spinPhase = SPIN_FRESH;
        c.segKind = TaskContext.SEG_NONE;
        c.advance();
    }

    /** Releases a user lock: spinners see the line change; a blocked waiter is woken by futex_wake. */
    void spinUnlock(Cpu cpu, Task t, TaskContext c, Action.SpinUnlock a) {
        UserLockRt l = lock(c, a.lock());
        if (l.owner != t) {
            throw new SimulationException(t + " unlocks " + a.lock() + " it does not hold");
        }
        l.owner = null;
        c.advance();
        for (int i = 0; i < l.spinners.size(); i++) {
            Task s = l.spinners.get(i);
            k.driver.post(CpuDriver.SPIN, k.machine().cpu(s.onCpu()), cpu.now() + noticeNs);
        }
        if (!l.waiters.isEmpty()) {
            k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
            k.charge(cpu, SchedFn.IPC, CostKey.FUTEX_OP);
            k.wake(l.waiters.poll(), cpu, false, t.pid());
        }
    }

    /** Takes a futex mutex: user fast path when free, futex wait otherwise (retried when woken). */
    void mutexLock(Cpu cpu, Task t, TaskContext c, Mutex m) {
        MutexRt r = rt(m, x -> new MutexRt());
        if (r.owner == null) {
            r.owner = t;
            c.advance();
            return;
        }
        futexEntry(cpu, c);
        c.retry = true;
        r.waiters.add(t);
        k.block(cpu, t);
    }

    /** Releases a futex mutex and wakes one waiter. */
    void mutexUnlock(Cpu cpu, Task t, TaskContext c, Mutex m) {
        c.advance();
        release(cpu, t, m);
    }

    private void release(Cpu cpu, Task t, Mutex m) {
        MutexRt r = rt(m, x -> new MutexRt());
        if (r.owner != t) {
            throw new SimulationException(t + " unlocks " + m + " it does not hold");
        }
        r.owner = null;
        if (!r.waiters.isEmpty()) {
            k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
            k.charge(cpu, SchedFn.IPC, CostKey.FUTEX_OP);
            k.wake(r.waiters.poll(), cpu, false, t.pid());
        }
    }

    /** pthread_cond_wait: release, block on the condition, then retake the mutex. */
    void condWait(Cpu cpu, Task t, TaskContext c, Action.CondWait a) {
        if (c.condPhase == 0) {
            release(cpu, t, a.mutex());
            futexEntry(cpu, c);
            c.condPhase = 1;
            c.retry = true;
            rt(a.cond(), x -> new ArrayDeque<Task>()).add(t);
            k.block(cpu, t);
            return;
        }
        MutexRt r = rt(a.mutex(), x -> new MutexRt());
        if (r.owner == null) {
            r.owner = t;
            c.condPhase = 0;
            c.advance();
            return;
        }
        futexEntry(cpu, c);
        c.retry = true;
        r.waiters.add(t);
        k.block(cpu, t);
    }

    /** pthread_cond_signal / broadcast. */
    void condSignal(Cpu cpu, TaskContext c, Cond cond, boolean all) {
        c.advance();
        ArrayDeque<Task> q = rt(cond, x -> new ArrayDeque<Task>());
        if (q.isEmpty()) {
            return;
        }
        k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
        k.charge(cpu, SchedFn.IPC, CostKey.FUTEX_OP);
        do {
            k.wake(q.poll(), cpu, false, c.task.pid());
        } while (all && !q.isEmpty());
    }

    /** write() of one message to each channel in turn: {@link ChannelOps#send}. */
    void send(Cpu cpu, Task t, TaskContext c, List<Channel> list) {
        channels.send(cpu, t, c, list);
    }

    /** read() of one message: {@link ChannelOps#recv}. */
    void recv(Cpu cpu, Task t, TaskContext c, Channel ch, long withinNs) {
        channels.recv(cpu, t, c, ch, withinNs);
    }

    /** Barrier: the last arrival wakes the others (futex wake of all). */
    void barrier(Cpu cpu, Task t, TaskContext c, BarrierPoint b) {
        BarrierRt r = rt(b, x -> new BarrierRt());
        c.advance();
        if (!r.arrive(b)) {
            futexEntry(cpu, c);
            r.waiting.add(t);
            k.block(cpu, t);
            return;
        }
        if (b.startsMeasurement()) {
            k.barrierStartsMeasurement(cpu.now());
        }
        if (!r.waiting.isEmpty()) {
            k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
            k.charge(cpu, SchedFn.IPC, CostKey.FUTEX_OP);
            while (!r.waiting.isEmpty()) {
                k.wake(r.waiting.poll(), cpu, false, t.pid());
            }
        }
    }

    /**
     * A polling barrier's look at its flag (threads.c's {@code while (!start) usleep(10000)}): the first look
     * arrives; the look that completes the barrier, and every later look of a task that arrived before it, goes
     * on. A plain load of a shared word: no system call.
     *
     * @return whether {@code t} may go on (the action is done); otherwise it must sleep and look again
     */
    boolean barrierPassed(Task t, TaskContext c, BarrierPoint b) {
        BarrierRt r = rt(b, x -> new BarrierRt());
        if (c.barrierGeneration < 0) {
            c.barrierGeneration = r.generation;
            if (r.arrive(b) && b.startsMeasurement()) {
                k.barrierStartsMeasurement(k.queue.now());
            }
        }
        if (r.generation == c.barrierGeneration) {
            return false;
        }
        c.barrierGeneration = -1;
        c.advance();
        return true;
    }
}
