package org.schedlab.sim.memory;

/**
 * One CPU's last-level cache: {@code sets x ways} slots of line ids with least-recently-used replacement. A
 * slot whose line no longer lists this CPU as a sharer (invalidated by another CPU's write) is free.
 */
final class CpuCache {
    private final int ways;
    private final int[] slot;
    private final long[] used;
    private long clock;

    CpuCache(int sets, int ways) {
        this.ways = ways;
        this.slot = new int[sets * ways];
        this.used = new long[sets * ways];
        java.util.Arrays.fill(slot, -1);
    }

    /** Marks {@code line} (present on this CPU) as just used. */
    void touch(CacheLine line) {
        int base = line.set * ways;
        for (int w = 0; w < ways; w++) {
            if (slot[base + w] == line.id) {
                used[base + w] = ++clock;
                return;
            }
        }
    }

    /**
     * Installs {@code line}; returns the id of the valid line evicted to make room, or -1.
     *
     * @param valid tells whether a slot's line is still valid on this CPU
     */
    int install(CacheLine line, java.util.function.IntPredicate valid) {
        int base = line.set * ways;
        int victim = base;
        long oldest = Long.MAX_VALUE;
        for (int w = 0; w < ways; w++) {
            int s = base + w;
            int id = slot[s];
            if (id == line.id || id < 0 || !valid.test(id)) {
                slot[s] = line.id;
                used[s] = ++clock;
                return -1;
            }
            if (used[s] < oldest) {
                oldest = used[s];
                victim = s;
            }
        }
        int evicted = slot[victim];
        slot[victim] = line.id;
        used[victim] = ++clock;
        return evicted;
    }
}
