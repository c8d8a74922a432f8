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
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.BarrierPoint;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Cond;
import org.schedlab.sim.workload.Mutex;
import org.schedlab.sim.workload.UserLock;

/**
 * User locks, futex mutexes, condition variables, channels and barriers. The run state of each
 * workload object lives here, keyed by identity. Wait queues are FIFO. A woken task retries its action
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

    private static final class ChannelRt {
        /** A pipe's pipe->mutex (pipe_read and pipe_write hold it for the whole copy); null for the other kinds. */
        SpinLock mutex;
        /** An AF_UNIX socket's skbs in the memory model; null for the other kinds and with the model off. */
        UnixSkbs.Sock skbs;
        int queued;
        /** A packet-mode pipe's pages kept for reuse (pipe->tmp_page), at most {@link #PIPE_SPARE_PAGES}. */
        int sparePages;
        final ArrayDeque<Task> receivers = new ArrayDeque<>();
        final ArrayDeque<Task> senders = new ArrayDeque<>();
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
    private final UnixSkbs unixSkbs;
    private final TimedWaits timed;
    private final Map<Object, Object> state = new IdentityHashMap<>();
    private final long spinIterationCycles;
    private final long noticeNs;
    /** A pipe's CHANNEL_OP: the part before its mutex (PIPE_UNLOCKED, at most all of it) and the part holding it. */
    private final long pipeUnlocked;
    private final long pipeLocked;
    /**
     * Pages a pipe keeps for its next writes instead of freeing them (pipe->tmp_page: anon_pipe_put_page keeps a
     * page whose last user it was, anon_pipe_get_page takes one before it calls alloc_page): two since Linux 6.15
     * (fs/pipe.c, "pipe: cache 2 pages instead of 1", Mateusz Guzik, 2025), one from 2.6.11 to 6.14. Packet mode
     * (O_DIRECT) came with 3.4; the simulation keeps 6.15's two, whatever the engine.
     */
    static final int PIPE_SPARE_PAGES = 2;
    /**
     * A packet-mode pipe's page per message: a write that finds no kept page allocates one, a read whose page the
     * pipe cannot keep releases it (both under pipe->mutex).
     */
    private final long packetWrite;
    private final long packetRead;

    IpcOps(KernelImpl k, ProcessOps proc) {
        this.k = k;
        this.unixSkbs = new UnixSkbs(k);
        this.timed = new TimedWaits(proc);
        this.spinIterationCycles = k.costs().cycles(CostKey.USER_SPIN_ITERATION);
        this.noticeNs = k.costs().cycles(CostKey.POLL_NOTICE_LATENCY);
        long op = k.costs().cycles(CostKey.CHANNEL_OP);
        this.pipeUnlocked = Math.min(op, k.costs().cycles(CostKey.PIPE_UNLOCKED));
        this.pipeLocked = op - pipeUnlocked;
        this.packetWrite = k.costs().cycles(CostKey.PIPE_PACKET_WRITE);
        this.packetRead = k.costs().cycles(CostKey.PIPE_PACKET_READ);
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

    /**
     * The operation's own cost: a socket's SOCKET_OP; a queue's CHANNEL_OP; a pipe's CHANNEL_OP, of which
     * PIPE_UNLOCKED first (vfs_read or vfs_write before pipe_read or pipe_write takes the lock) and the rest under its
     * pipe->mutex, a sleeping lock whose contender spins while the holder runs (mutex optimistic spinning), as the
     * kernel spinlock model does, so a reader and a writer on two CPUs take turns at the pipe. A packet-mode pipe's
     * operation that moves a message ({@code packet}: PIPE_PACKET_WRITE or _READ, else 0) also allocates or releases
     * its page under the mutex.
     */
    private void channelOp(Cpu cpu, Channel ch, ChannelRt r, long packet) {
        if (ch.kind() != Channel.Kind.PIPE) {
            k.charge(cpu, SchedFn.IPC, ch.kind() == Channel.Kind.SOCKET ? CostKey.SOCKET_OP : CostKey.CHANNEL_OP);
            return;
        }
        if (r.mutex == null) {
            r.mutex = k.newLock("pipe " + ch.name());
        }
        if (pipeUnlocked > 0) {
            k.charge(cpu, SchedFn.IPC, pipeUnlocked);
        }
        k.spinLock(cpu, r.mutex);
        k.charge(cpu, SchedFn.IPC, pipeLocked + packet);
        k.spinUnlock(cpu, r.mutex);
    }

    /** @return a packet write's page: one the pipe kept (no cost) or a new one (PIPE_PACKET_WRITE) */
    private long packetWrite(ChannelRt r) {
        if (r.sparePages > 0) {
            r.sparePages--;
            return 0;
        }
        return packetWrite;
    }

    /** @return a packet read's page: kept for a later write (no cost) while there is room, else released */
    private long packetRead(ChannelRt r) {
        if (r.sparePages < PIPE_SPARE_PAGES) {
            r.sparePages++;
            return 0;
        }
        return packetRead;
    }

    /** write() of one message to each channel in turn; blocks on a full buffer and resumes there. */
    void send(Cpu cpu, Task t, TaskContext c, List<Channel> channels) {
        while (c.subIndex < channels.size()) {
            Channel ch = channels.get(c.subIndex);
            ChannelRt r = channel(c, channels.size(), c.subIndex, ch);
            if (!c.retry) {
                k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
            }
            channelOp(cpu, ch, r, ch.packet() && r.queued < ch.capacity() ? packetWrite(r) : 0);
            if (r.queued >= ch.capacity() && ch.kind() == Channel.Kind.FLAG) {
                c.retry = false; // the wakeup is merged into the one pending
                c.subIndex++;
                continue;
            }
            if (r.queued >= ch.capacity()) {
                c.retry = true;
                r.senders.add(t);
                k.block(cpu, t);
                return;
            }
            c.retry = false;
            r.queued++;
            unixSkbs.send(cpu, r.skbs);
            c.subIndex++;
            if (!r.receivers.isEmpty()) {
                k.wake(r.receivers.poll(), cpu, ch.syncWakeup(), t.pid());
            }
        }
        c.subIndex = 0;
        c.advance();
    }

    /** read() of one message; blocks on an empty buffer. */
    void recv(Cpu cpu, Task t, TaskContext c, Channel ch, long withinNs) {
        ChannelRt r = channel(c, 1, 0, ch);
        if (timed.ranOut(c)) { // recv within: on without a message
            return;
        }
        if (!c.retry) {
            k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
        }
        channelOp(cpu, ch, r, ch.packet() && r.queued > 0 ? packetRead(r) : 0);
        if (r.queued == 0) {
            c.retry = true;
            r.receivers.add(t);
            timed.arm(cpu, t, c, r.receivers, withinNs);
            k.block(cpu, t);
            return;
        }
        timed.ended(c, withinNs);
        r.queued--;
        unixSkbs.recv(cpu, r.skbs);
        c.advance();
        if (r.senders.isEmpty()) {
            return;
        }
        if (!ch.unix()) {
            k.wake(r.senders.poll(), cpu, false, t.pid());
        } else if (4L * r.queued <= ch.capacity()) { // unix_writable, from unix_write_space at the skb's free
            do {
                k.wake(r.senders.poll(), cpu, ch.syncWakeup(), t.pid());
            } while (!r.senders.isEmpty());
        }
    }

    /**
     * The run state of channel {@code i} of the {@code n} of {@code c}'s current action: looked up at its first use,
     * then kept in the action's body.
     */
    private ChannelRt channel(TaskContext c, int n, int i, Channel ch) {
        ChannelRt[] rts = c.actionRt() instanceof ChannelRt[] a ? a : new ChannelRt[n];
        c.actionRt(rts);
        if (rts[i] == null) {
            rts[i] = channel(ch);
        }
        return rts[i];
    }

    private ChannelRt channel(Channel ch) {
        return rt(ch, x -> {
            ChannelRt r = new ChannelRt();
            if (ch.unix()) {
                r.skbs = unixSkbs.socket(ch.name(), ch.messageBytes());
            }
            return r;
        });
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
            r.arrive(b);
        }
        if (r.generation == c.barrierGeneration) {
            return false;
        }
        c.barrierGeneration = -1;
        c.advance();
        return true;
    }
}
