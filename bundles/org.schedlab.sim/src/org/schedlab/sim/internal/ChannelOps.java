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
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.Channel;

/**
 * Channels: message queues, pipes (pipe->mutex, a packet-mode pipe's pages, the ring's and the messages' lines in
 * the memory model), sockets (their skbs in the memory model) and wakeup flags. The run state of each channel lives
 * here, keyed by identity. Wait queues are FIFO; a woken task retries its operation without paying the system call
 * entry twice.
 */
final class ChannelOps {
    private static final class ChannelRt {
        /** A pipe's pipe->mutex (pipe_read and pipe_write hold it for the whole copy); null for the other kinds. */
        SpinLock mutex;
        /** An AF_UNIX socket's skbs in the memory model; null for the other kinds and with the model off. */
        UnixSkbs.Sock skbs;
        /** A pipe's ring and pages in the memory model; null for the other kinds, with the model off or no size. */
        PipeLines.Pipe lines;
        int queued;
        /** A packet-mode pipe's pages kept for reuse (pipe->tmp_page), at most {@link #PIPE_SPARE_PAGES}. */
        int sparePages;
        final ArrayDeque<Task> receivers = new ArrayDeque<>();
        final ArrayDeque<Task> senders = new ArrayDeque<>();
    }

    private final KernelImpl k;
    private final UnixSkbs unixSkbs;
    private final PipeLines pipeLines;
    private final TimedWaits timed;
    private final Map<Channel, ChannelRt> state = new IdentityHashMap<>();
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

    ChannelOps(KernelImpl k, TimedWaits timed) {
        this.k = k;
        this.unixSkbs = new UnixSkbs(k);
        this.pipeLines = new PipeLines(k);
        this.timed = timed;
        long op = k.costs().cycles(CostKey.CHANNEL_OP);
        this.pipeUnlocked = Math.min(op, k.costs().cycles(CostKey.PIPE_UNLOCKED));
        this.pipeLocked = op - pipeUnlocked;
        this.packetWrite = k.costs().cycles(CostKey.PIPE_PACKET_WRITE);
        this.packetRead = k.costs().cycles(CostKey.PIPE_PACKET_READ);
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

    /**
     * write() of one message to each channel in turn; blocks on a full buffer and resumes there. Each write is a
     * system call of its own: after one that leaves more to write, the task returns to user mode, where a
     * need_resched set meanwhile (a woken receiver that preempts it) is acted on before the next write (the exit to
     * user mode's check, with every preemption model), and the action resumes at the next channel.
     */
    void send(Cpu cpu, Task t, TaskContext c, List<Channel> channels) {
        if (c.subIndex < channels.size()) {
            Channel ch = channels.get(c.subIndex);
            ChannelRt r = channel(c, channels.size(), c.subIndex, ch);
            if (!c.retry) {
                k.charge(cpu, SchedFn.SYSCALL, CostKey.SYSCALL);
            }
            boolean full = r.queued >= ch.capacity();
            channelOp(cpu, ch, r, ch.packet() && !full ? packetWrite(r) : 0);
            if (full && ch.kind() != Channel.Kind.FLAG) {
                c.retry = true;
                r.senders.add(t);
                k.block(cpu, t);
                return;
            }
            c.retry = false;
            c.subIndex++;
            if (!full) {
                r.queued++;
                unixSkbs.send(cpu, r.skbs);
                pipeLines.write(cpu, r.lines);
                if (!r.receivers.isEmpty()) {
                    k.wake(r.receivers.poll(), cpu, ch.syncWakeup(), t.pid());
                }
            } // else a full FLAG channel: the wakeup is merged into the one pending
            if (c.subIndex < channels.size()) {
                return; // back to user mode before the next write
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
        pipeLines.read(cpu, r.lines);
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
        return state.computeIfAbsent(ch, x -> {
            ChannelRt r = new ChannelRt();
            if (ch.unix()) {
                r.skbs = unixSkbs.socket(ch.name(), ch.messageBytes());
            } else if (ch.kind() == Channel.Kind.PIPE) {
                r.lines = pipeLines.pipe(ch.name(), ch.messageBytes(), ch.packet());
            }
            return r;
        });
    }
}
