/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.Arrays;
import org.schedlab.sim.memory.MemorySystem;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.machine.Cpu;

/**
 * A pipe's lines in the memory model (fs/pipe.c and include/linux/pipe_fs_i.h of 6.x): what a message costs beyond
 * the system call and the pipe's fixed cost ({@code channel_op}, measured by one thread writing and reading its own
 * pipe, every line hot in its cache). Only for a pipe whose message size is given.
 *
 * <p>pipe_write (anon_pipe_write since 6.16), under pipe->mutex (whose line is the pipe's lock's,
 * {@link SpinLocks}), reads the ring's head and tail (the second line of struct pipe_inode_info, after the mutex and
 * the two wait queues); a write that fits in the last buffer's page (PIPE_BUF_FLAG_CAN_MERGE, not in packet mode)
 * adds its bytes there and updates that buffer's length in the pipe_buffer array (40 bytes a slot, an array of its
 * own); otherwise it fills the next slot (its page, offset, length, ops and flags) and advances the head. Then it
 * copies the message into the page. pipe_read (anon_pipe_read) reads the head and tail, reads and updates the tail
 * slot's offset and length, copies the message out of the page, and when the buffer is empty releases it and
 * advances the tail. The ring's line, the slot's and the message's are a chain (each address comes from the line
 * before); the copy's own lines overlap, its loads or stores the longest of their stalls. Each of those lines is
 * followed by the memory model: written on the writer's CPU, read on the reader's, so a writer and a reader on two
 * CPUs pass the slot and the message's lines between their caches. A message may not span pages (a merge needs the
 * whole write to fit: 40 messages of 100 bytes a 4 KB page); a packet-mode pipe puts each message at the start of
 * a page of its own. A slot's page stands for whichever page the ring holds there (the pages pipe->tmp_page passes back
 * and forth are the same physical pages again and again, like the slots' pages here).
 */
final class PipeLines {
    /** pipe_inode_info's ring: PIPE_DEF_BUFFERS (16) slots, each a page. */
    static final int SLOTS = 16;
    private static final int PAGE_BYTES = 4096;
    private static final int PIPE_BUFFER_BYTES = 40;
    private final KernelImpl k;
    private final MemorySystem m;

    /** One pipe's lines and where its ring's head and tail are in messages. */
    static final class Pipe {
        final String name;
        final int messageBytes;
        final int perPage;
        final int headTailLine;
        final int[] slotLines;
        /** Per slot, the first line of its page's; -1 until first written. */
        final int[] pageLines = new int[SLOTS];
        /** Per slot, the messages its buffer holds (written into it, read or not). */
        final int[] count = new int[SLOTS];
        /** The head buffer's slot, and whether the next write may merge into it (not after the reader released it). */
        int head = SLOTS - 1;
        boolean canMerge;
        /** The tail buffer's slot and the messages read from it. */
        int tail;
        int tailRead;

        Pipe(String name, int messageBytes, int perPage, int headTailLine, int[] slotLines) {
            this.name = name;
            this.messageBytes = messageBytes;
            this.perPage = perPage;
            this.headTailLine = headTailLine;
            this.slotLines = slotLines;
            Arrays.fill(pageLines, -1);
        }
    }

    PipeLines(KernelImpl k) {
        this.k = k;
        this.m = k.memory;
    }

    /** @return the lines of pipe {@code name} of messages of {@code messageBytes}; null without the model or a size */
    Pipe pipe(String name, int messageBytes, boolean packet) {
        if (m == null || messageBytes <= 0) {
            return null;
        }
        int perPage = packet || messageBytes >= PAGE_BYTES ? 1 : PAGE_BYTES / messageBytes;
        int head = m.staticLine(name + " pipe_inode_info +1").id();
        int[] slots = new int[(SLOTS * PIPE_BUFFER_BYTES + m.lineBytes() - 1) / m.lineBytes()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = m.staticLine(name + " bufs +" + i).id();
        }
        return new Pipe(name, messageBytes, perPage, head, slots);
    }

    /** pipe_write's lines for one message on {@code cpu}. */
    void write(Cpu cpu, Pipe p) {
        if (p == null) {
            return;
        }
        int next = (p.head + 1) % SLOTS;
        boolean ringFull = next == p.tail && p.count[next] > p.tailRead; // a capacity above the ring's: merged
        boolean newBuffer = !ringFull && (!p.canMerge || p.count[p.head] == p.perPage);
        if (newBuffer) {
            p.head = next;
            p.count[p.head] = 0;
            p.canMerge = p.perPage > 1;
        }
        int index = p.count[p.head]++;
        k.touch(cpu, SchedFn.IPC, p.headTailLine, newBuffer); // head and tail read; the head advanced
        long t = cpu.now(); // the slot's stores and the copy's overlap: the longest stall
        k.chargeStall(cpu, SchedFn.IPC, Math.max(m.write(cpu.id(), slotLine(p, p.head), t), copy(cpu, p, p.head,
                index, true, t)));
    }

    /** pipe_read's lines for one message on {@code cpu}. */
    void read(Cpu cpu, Pipe p) {
        if (p == null) {
            return;
        }
        int slot = p.tail;
        int index = p.tailRead++;
        k.touch(cpu, SchedFn.IPC, p.headTailLine, false);
        k.touch(cpu, SchedFn.IPC, slotLine(p, slot), true);
        k.chargeStall(cpu, SchedFn.IPC, copy(cpu, p, slot, index, false, cpu.now()));
        if (p.tailRead == p.count[slot]) { // the buffer is empty: released, the tail advanced
            if (slot == p.head) {
                p.canMerge = false;
            }
            p.tail = (slot + 1) % SLOTS;
            p.tailRead = 0;
            k.touch(cpu, SchedFn.IPC, p.headTailLine, true);
        }
    }

    private int slotLine(Pipe p, int slot) {
        return p.slotLines[slot * PIPE_BUFFER_BYTES / m.lineBytes()];
    }

    /**
     * The copy of message {@code index} of slot {@code slot}'s page into it ({@code write}) or out of it, at time
     * {@code t}: its lines' accesses overlap. A message may not span pages; one beyond the page (a capacity above the
     * ring's, merged) wraps within it.
     *
     * @return the longest stall, ns
     */
    private long copy(Cpu cpu, Pipe p, int slot, int index, boolean write, long t) {
        int page = page(p, slot);
        int start = index * p.messageBytes % PAGE_BYTES;
        int last = (Math.min(start + p.messageBytes, PAGE_BYTES) - 1) / m.lineBytes();
        long stall = 0;
        for (int l = start / m.lineBytes(); l <= last; l++) {
            stall = Math.max(stall, write ? m.write(cpu.id(), page + l, t) : m.read(cpu.id(), page + l, t));
        }
        return stall;
    }

    /** @return the id of the first line of slot {@code slot}'s page, its lines made on first use */
    private int page(Pipe p, int slot) {
        if (p.pageLines[slot] < 0) {
            int lines = PAGE_BYTES / m.lineBytes();
            p.pageLines[slot] = m.staticLine(p.name + " page " + slot + " +0").id();
            for (int i = 1; i < lines; i++) {
                m.staticLine(p.name + " page " + slot + " +" + i);
            }
        }
        return p.pageLines[slot];
    }
}
