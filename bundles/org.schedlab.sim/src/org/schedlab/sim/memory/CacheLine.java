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
 * schedule_data, an rb-tree node). Its coherence state is kept here for every CPU at once: {@link #owner()}
 * holds it Modified (then it is the only sharer), {@link #sharers()} hold valid copies (Shared, or Exclusive
 * when alone).
 */
public final class CacheLine {
    final int id;
    final String name;
    final int set;
    long sharers;
    int owner = -1;
    /**
     * Per core: the first slot of that core's cache ({@link CpuCache}) holding this line, or -1, so that a hit
     * finds its slot without scanning the set's ways.
     */
    final int[] slotOn;

    CacheLine(int id, String name, int set, int cores) {
        this.id = id;
        this.name = name;
        this.set = set;
        this.slotOn = new int[cores];
        java.util.Arrays.fill(slotOn, -1);
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
        return owner;
    }

    /** @return the cores holding a valid copy, one bit each (core ids above 63 share bit 63) */
    public long sharers() {
        return sharers;
    }

    /** @return whether core {@code core} holds a valid copy */
    public boolean cachedOn(int core) {
        return (sharers & MemorySystem.bit(core)) != 0;
    }

    @Override
    public String toString() {
        return name;
    }
}
