/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.ArrayList;
import java.util.List;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.memory.MemorySystem;
import org.schedlab.sim.spi.SchedFn;

/**
 * The skbs of AF_UNIX stream sockets in the memory model (net/unix/af_unix.c, net/core/skbuff.c of 6.x): what a
 * message costs beyond the system call and the socket path's fixed cost ({@code socket_op}, measured by one
 * thread writing and reading its own socket, every line hot in its cache).
 *
 * <p>unix_stream_sendmsg takes an skb from the slab (sock_alloc_send_pskb), initialises its sk_buff and the head of
 * its skb_shared_info, copies the message into its data and charges its truesize to the sending socket
 * (sk_wmem_alloc), then queues it on the receiver's sk_receive_queue under that queue's lock. The receiver's
 * unix_stream_read_generic unlinks it under the same lock, reads the sk_buff and through its data pointer the
 * message, and frees it: the shared info's dataref, the slab's free pointer in the sk_buff, and sock_wfree's
 * subtraction from sk_wmem_alloc. Each of those is a line the memory model follows: written on the sender's CPU,
 * read on the receiver's (a cache-to-cache transfer when the two differ, a miss to memory when the line was
 * evicted while the skb waited in the queue), and the socket's two shared lines bounce between the two CPUs. A
 * message read on another CPU than the one that wrote it costs its reader {@code socket_remote} besides (the slab's
 * remote free and the memory cgroup's uncharge there, which no line of the model stands for).
 *
 * <p>The slab is one freelist, most recently freed first (SLUB hands out the object freed last); an skb's lines are
 * made on first allocation. Sizes: the sk_buff is 224 bytes (this machine's 6.18.44:
 * /sys/kernel/slab/skbuff_head_cache/object_size 224, slab_size 256), as many lines as that takes of the machine's
 * line size; the data's touched lines are the message's
 * and the shared info's first (__alloc_skb zeroes it up to dataref, the free decrements dataref). A message of
 * unknown size is taken as one line. The line reads and writes go through the kernel's own touch paths
 * ({@link KernelImpl#touch}, {@link KernelImpl#touchWalk}).
 */
final class UnixSkbs {
    private static final int SK_BUFF_BYTES = 224;
    private final KernelImpl k;
    private final MemorySystem m;
    private final int headLines;
    private final long remoteCycles;
    private final List<Skb> skbs = new ArrayList<>();
    private int[] free = new int[16];
    private int nFree;

    /** One skb's lines: its sk_buff, and its data (the message's lines, then the shared info's first). */
    private record Skb(int[] head, int[] data) {
    }

    /** One socket's shared lines and its queue of skbs (indices into {@link #skbs}). */
    static final class Sock {
        final int queueLine;
        final int wmemLine;
        final int payloadLines;
        private int[] ring = new int[16];
        /** The CPU each queued skb was written on, beside {@link #ring}. */
        private int[] from = new int[16];
        private int head;
        private int size;
        private int lastFrom;

        Sock(int queueLine, int wmemLine, int payloadLines) {
            this.queueLine = queueLine;
            this.wmemLine = wmemLine;
            this.payloadLines = payloadLines;
        }

        void add(int skb, int cpu) {
            if (size == ring.length) {
                int[] r = new int[2 * size];
                int[] f = new int[2 * size];
                for (int i = 0; i < size; i++) {
                    r[i] = ring[(head + i) % size];
                    f[i] = from[(head + i) % size];
                }
                ring = r;
                from = f;
                head = 0;
            }
            ring[(head + size) % ring.length] = skb;
            from[(head + size++) % ring.length] = cpu;
        }

        /** @return the oldest skb, taken off the queue ({@link #lastFrom()}: the CPU it was written on) */
        int poll() {
            int skb = ring[head];
            lastFrom = from[head];
            head = (head + 1) % ring.length;
            size--;
            return skb;
        }

        int lastFrom() {
            return lastFrom;
        }
    }

    UnixSkbs(KernelImpl k) {
        this.k = k;
        this.m = k.memory;
        this.headLines = m == null ? 0 : (SK_BUFF_BYTES + m.lineBytes() - 1) / m.lineBytes();
        this.remoteCycles = k.costs().cycles(CostKey.SOCKET_REMOTE);
    }

    /** @return the run state of socket {@code name} carrying messages of {@code messageBytes} (0: unknown) */
    Sock socket(String name, int messageBytes) {
        if (m == null) {
            return null;
        }
        int lines = Math.max(1, (messageBytes + m.lineBytes() - 1) / m.lineBytes());
        return new Sock(m.staticLine(name + " sk_receive_queue").id(), m.staticLine(name + " sk_wmem_alloc").id(),
                lines);
    }

    /** unix_stream_sendmsg's memory traffic on {@code cpu}: an skb allocated, written and queued on {@code s}. */
    void send(Cpu cpu, Sock s) {
        if (s == null) {
            return;
        }
        int skb = nFree > 0 && skbs.get(free[nFree - 1]).data.length >= s.payloadLines + 1 ? free[--nFree]
                : make(s.payloadLines);
        Skb b = skbs.get(skb);
        long t = cpu.now(); // the stores overlap: the longest stalls
        k.chargeStall(cpu, SchedFn.IPC, Math.max(writeAll(cpu, b.head, headLines, t),
                writeAll(cpu, b.data, s.payloadLines + 1, t)));
        k.touch(cpu, SchedFn.IPC, s.wmemLine, true);
        k.touch(cpu, SchedFn.IPC, s.queueLine, true);
        s.add(skb, cpu.id());
    }

    /** unix_stream_read_generic's on {@code cpu}: the oldest skb of {@code s} unlinked, read and freed. */
    void recv(Cpu cpu, Sock s) {
        if (s == null) {
            return;
        }
        k.touch(cpu, SchedFn.IPC, s.queueLine, true);
        int skb = s.poll();
        if (s.lastFrom() != cpu.id() && remoteCycles > 0) {
            k.charge(cpu, SchedFn.IPC, CostKey.SOCKET_REMOTE); // written on another CPU: its remote free
        }
        Skb b = skbs.get(skb);
        k.touchWalk(cpu, SchedFn.IPC, -1, b.head, headLines);
        k.touchWalk(cpu, SchedFn.IPC, -1, b.data, s.payloadLines + 1);
        k.touch(cpu, SchedFn.IPC, b.data[s.payloadLines], true); // the shared info's dataref
        k.touch(cpu, SchedFn.IPC, b.head[0], true); // the slab's free pointer
        k.touch(cpu, SchedFn.IPC, s.wmemLine, true);
        if (nFree == free.length) {
            free = java.util.Arrays.copyOf(free, 2 * nFree);
        }
        free[nFree++] = skb;
    }

    private long writeAll(Cpu cpu, int[] lines, int n, long t) {
        long longest = 0;
        for (int i = 0; i < n; i++) {
            longest = Math.max(longest, m.write(cpu.id(), lines[i], t));
        }
        return longest;
    }

    private int make(int payloadLines) {
        int n = skbs.size();
        int[] head = new int[headLines];
        int[] data = new int[payloadLines + 1];
        for (int i = 0; i < head.length; i++) {
            head[i] = m.staticLine("skb " + n + " +" + i).id();
        }
        for (int i = 0; i < data.length; i++) {
            data[i] = m.staticLine("skb " + n + " data +" + i).id();
        }
        skbs.add(new Skb(head, data));
        return n;
    }
}
