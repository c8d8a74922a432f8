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

    CacheLine(int id, String name, int set) {
        this.id = id;
        this.name = name;
        this.set = set;
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
