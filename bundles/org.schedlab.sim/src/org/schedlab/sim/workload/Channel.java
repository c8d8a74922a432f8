/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.workload;

/**
 * A message channel (a pipe or a socket): a bounded buffer of messages. A send wakes a receiver waiting in
 * recv; a send to a full buffer blocks until a receive frees a slot. Identity is object identity; the
 * channel holds no run state, so a workload can be run many times and in parallel.
 *
 * @see Action.Send
 * @see Action.Recv
 */
public final class Channel {
    private final String name;
    private final int capacity;
    private final boolean syncWakeup;
    private final Kind kind;
    private final boolean unix;
    private final int messageBytes;
    private final boolean packet;

    /** What the kernel does for an operation on the channel. */
    public enum Kind {
        /** A message queue: CHANNEL_OP per operation (what a channel of no kind is). */
        QUEUE,
        /** A pipe: CHANNEL_OP under the pipe's mutex (pipe_read and pipe_write hold pipe->mutex). */
        PIPE,
        /** A socket: SOCKET_OP per operation. */
        SOCKET,
        /**
         * A wakeup flag (capacity 1): CHANNEL_OP per operation like a queue, but a send to a set flag is merged into
         * it instead of blocking, as try_to_wake_up on a task already woken does nothing (docs/traces.md says why
         * {@code schedlab import ftrace} does not use it for a trace's wakeups: a merged wakeup is lost).
         *
         * @since 1.3
         */
        FLAG;

        /** @return the kind the language names ({@code socket}, {@code pipe}; null or empty: a queue) */
        public static Kind of(String name) {
            return name == null || name.isEmpty() ? QUEUE : valueOf(name.toUpperCase(java.util.Locale.ROOT));
        }
    }

    /**
     * @param name       for messages
     * @param capacity   messages the buffer holds before a sender blocks (pipe: 4 KB / message size)
     * @param syncWakeup wake receivers with the sync hint (pipe_write and unix sockets use wake_up_sync)
     */
    public Channel(String name, int capacity, boolean syncWakeup) {
        this(name, capacity, syncWakeup, Kind.QUEUE);
    }

    /** @param kind a queue, a pipe or a socket */
    public Channel(String name, int capacity, boolean syncWakeup, Kind kind) {
        this(name, capacity, syncWakeup, kind, false, 0, false);
    }

    private Channel(String name, int capacity, boolean syncWakeup, Kind kind, boolean unix, int messageBytes,
            boolean packet) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        if (messageBytes < 0) {
            throw new IllegalArgumentException("a message size cannot be negative");
        }
        this.name = name;
        this.capacity = capacity;
        this.syncWakeup = syncWakeup;
        this.kind = java.util.Objects.requireNonNull(kind, "kind");
        this.unix = unix;
        this.messageBytes = messageBytes;
        this.packet = packet;
    }

    /**
     * An AF_UNIX stream socket (net/unix/af_unix.c): each message is an skb the sender allocates and writes and the
     * receiver reads and frees, whose cache lines the memory model follows ({@code UnixSkbs}); a sender blocked on
     * a full socket is woken, with every other one, only when the queue has drained to a quarter of its capacity
     * (unix_writable: {@code sk_wmem_alloc << 2 <= sk_sndbuf}, tested by unix_write_space at each skb's free).
     *
     * @param capacity     messages the socket holds before a sender blocks (its send buffer over one skb's truesize)
     * @param messageBytes the bytes of one message (its payload, copied in and out), 0 when not known (one line)
     * @since 1.3
     */
    public static Channel unixSocket(String name, int capacity, boolean syncWakeup, int messageBytes) {
        return new Channel(name, capacity, syncWakeup, Kind.SOCKET, true, messageBytes, false);
    }

    /**
     * A packet-mode pipe (pipe2 with O_DIRECT, pipe(7)): each write is a message of its own in a buffer slot and a
     * page of its own, which a read empties and releases; so {@code capacity} writes fill it whatever their size
     * (16 for a 64 KB pipe). Beside CHANNEL_OP, a write costs PIPE_PACKET_WRITE and a read PIPE_PACKET_READ.
     *
     * @since 1.6
     */
    public static Channel packetPipe(String name, int capacity, boolean syncWakeup) {
        return new Channel(name, capacity, syncWakeup, Kind.PIPE, false, 0, true);
    }

    /**
     * A pipe whose messages are {@code messageBytes} long (0: not known): with the memory model on, its ring's
     * lines and each message's lines in its buffer's page are followed (the simulation kernel's PipeLines).
     *
     * @param packet a packet-mode pipe ({@link #packetPipe})
     * @since 1.9
     */
    public static Channel pipe(String name, int capacity, boolean syncWakeup, boolean packet, int messageBytes) {
        return new Channel(name, capacity, syncWakeup, Kind.PIPE, false, messageBytes, packet);
    }

    /** @return a pipe-like channel with sync wakeups */
    public static Channel pipe(String name, int capacity) {
        return new Channel(name, capacity, true);
    }

    public String name() {
        return name;
    }

    public int capacity() {
        return capacity;
    }

    public boolean syncWakeup() {
        return syncWakeup;
    }

    /** @return a queue, a pipe or a socket */
    public Kind kind() {
        return kind;
    }

    /** @return whether this is an AF_UNIX stream socket ({@link #unixSocket}) @since 1.3 */
    public boolean unix() {
        return unix;
    }

    /** @return whether this is a packet-mode pipe ({@link #packetPipe}) @since 1.6 */
    public boolean packet() {
        return packet;
    }

    /** @return an AF_UNIX socket's or a pipe's message size in bytes, 0 when not known @since 1.3 */
    public int messageBytes() {
        return messageBytes;
    }

    @Override
    public String toString() {
        return "channel " + name;
    }
}
