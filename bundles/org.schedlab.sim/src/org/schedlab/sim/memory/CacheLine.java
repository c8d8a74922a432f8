/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.memory;

/**
 * One named cache line of kernel data (runqueue_lock, runqueue_head, a task's goodness fields, a CPU's
 * schedule_data, an rb-tree node). Its coherence state, for every CPU at once, is kept by its
 * {@link MemorySystem} under the line's id ({@link LineStates}): {@link #owner()} holds it Modified (then it is
 * the only sharer), {@link #sharers()} hold valid copies (Shared, or Exclusive when alone).
 */
public final class CacheLine {
    final int id;
    final int set;
    final String name;
    private final LineStates states;

    CacheLine(int id, String name, int set, LineStates states) {
        this.id = id;
        this.name = name;
        this.set = set;
        this.states = states;
    }

    /**
     * @return the line's id in its run's memory model, from 0 up: what {@code Kernel.touch(cpu, fn, lineId, write)}
     *         and {@link org.schedlab.sim.spi.Kernel#touchWalk Kernel.touchWalk} take in place of the line (an
     *         engine that keeps the id instead of the object reads no line object on its hot path)
     * @since 1.1
     */
    public int id() {
        return id;
    }

    /** @return the line's name (for tests and traces) */
    public String name() {
        return name;
    }

    /** @return the cache set it maps to */
    public int set() {
        return set;
    }

    /** @return the core holding it Modified, or -1 (a core's hyper-threads share its cache) */
    public int owner() {
        return states.owner[id];
    }

    /** @return the cores holding a valid copy, one bit each (core ids above 63 share bit 63) */
    public long sharers() {
        return states.sharers[id];
    }

    /** @return whether core {@code core} holds a valid copy */
    public boolean cachedOn(int core) {
        return (sharers() & MemorySystem.bit(core)) != 0;
    }

    @Override
    public String toString() {
        return name;
    }
}
