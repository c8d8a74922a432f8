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
 * One core's last-level cache: {@code sets x ways} slots of lines with least-recently-used replacement. A
 * slot whose line no longer lists this core as a sharer (invalidated by another core's write) is free.
 *
 * <p>Each line keeps, per core, the first slot of its set that holds it ({@link CacheLine#slotOn}), kept up to date
 * on every install, so that a hit marks its slot without scanning the set's ways. With at most 63 cores (one
 * sharer bit each) the cache also mirrors per slot whether its line still lists this core as a sharer
 * ({@link MemorySystem} reports every change through {@link #setValid}), so that an install looks for a free
 * slot without reading the lines of the set (each of them another task's data, rarely in the host's cache).
 */
final class CpuCache {
    private final int ways;
    private final int core;
    private final long bit;
    private final CacheLine[] slot;
    private final long[] used;
    /** Per slot: its line lists this core as a sharer (null when the mirror is off: more than 63 cores). */
    private final boolean[] valid;
    private long clock;

    CpuCache(int sets, int ways, int core, boolean mirror) {
        this.ways = ways;
        this.core = core;
        this.bit = MemorySystem.bit(core);
        this.slot = new CacheLine[sets * ways];
        this.used = new long[sets * ways];
        this.valid = mirror ? new boolean[sets * ways] : null;
    }

    /** {@code line}'s sharer bit of this core became {@code v}: every slot of its set holding it follows. */
    void setValid(CacheLine line, boolean v) {
        if (valid == null) {
            return;
        }
        int s = line.slotOn[core];
        if (s < 0) {
            return;
        }
        int end = (s / ways + 1) * ways;
        for (; s < end; s++) {
            if (slot[s] == line) {
                valid[s] = v;
            }
        }
    }

    private boolean free(int s, CacheLine l) {
        return l == null || (valid != null ? !valid[s] : (l.sharers & bit) == 0);
    }

    /** Marks {@code line} (present on this core) as just used. */
    void touch(CacheLine line) {
        int s = line.slotOn[core];
        if (s >= 0) {
            used[s] = ++clock;
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
            if (l == line || free(s, l)) {
                put(s, line);
                used[s] = ++clock;
                return null;
            }
            if (used[s] < oldest) {
                oldest = used[s];
                victim = s;
            }
        }
        CacheLine evicted = slot[victim];
        put(victim, line);
        used[victim] = ++clock;
        return evicted;
    }

    /**
     * Puts {@code line} into slot {@code s}, the first slot of the set that holds it now (install stops at the
     * first slot it may use, and a slot holding the line is one), and moves the replaced line's first slot on.
     */
    private void put(int s, CacheLine line) {
        CacheLine old = slot[s];
        if (old == line) {
            return;
        }
        slot[s] = line;
        if (valid != null) {
            valid[s] = (line.sharers & bit) != 0;
        }
        line.slotOn[core] = s;
        if (old != null && old.slotOn[core] == s) {
            int end = (s / ways + 1) * ways;
            int next = -1;
            for (int i = s + 1; i < end; i++) {
                if (slot[i] == old) {
                    next = i;
                    break;
                }
            }
            old.slotOn[core] = next;
        }
    }
}
