package org.schedlab.sim.memory;

/**
 * One core's last-level cache: {@code sets x ways} slots of lines with least-recently-used replacement. A
 * slot whose line no longer lists this core as a sharer (invalidated by another core's write) is free.
 */
final class CpuCache {
    private final int ways;
    private final long bit;
    private final CacheLine[] slot;
    private final long[] used;
    private long clock;

    CpuCache(int sets, int ways, long bit) {
        this.ways = ways;
        this.bit = bit;
        this.slot = new CacheLine[sets * ways];
        this.used = new long[sets * ways];
    }

    /** Marks {@code line} (present on this core) as just used. */
    void touch(CacheLine line) {
        int base = line.set * ways;
        for (int w = 0; w < ways; w++) {
            if (slot[base + w] == line) {
                used[base + w] = ++clock;
                return;
            }
        }
    }

    /** Installs {@code line}; returns the still valid line evicted to make room, or null. */
    CacheLine install(CacheLine line) {
        int base = line.set * ways;
        int victim = base;
        long oldest = Long.MAX_VALUE;
        for (int w = 0; w < ways; w++) {
            int s = base + w;
            CacheLine l = slot[s];
            if (l == line || l == null || (l.sharers & bit) == 0) {
                slot[s] = line;
                used[s] = ++clock;
                return null;
            }
            if (used[s] < oldest) {
                oldest = used[s];
                victim = s;
            }
        }
        CacheLine evicted = slot[victim];
        slot[victim] = line;
        used[victim] = ++clock;
        return evicted;
    }
}
