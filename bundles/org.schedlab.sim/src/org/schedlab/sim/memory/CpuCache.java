/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.memory;

import java.util.Arrays;

/**
 * One core's last-level cache: {@code sets x ways} slots of line ids with least-recently-used replacement. A slot
 * whose line no longer lists this core as a sharer (invalidated by another core's write) is free.
 */
final class CpuCache {
    private static final int EMPTY = -1;
    private final int ways;
    private final long bit;
    private final LineStates states;
    private final int[] slot;
    private final long[] used;
    private long clock;

    CpuCache(int sets, int ways, int core, LineStates states) {
        this.ways = ways;
        this.bit = MemorySystem.bit(core);
        this.states = states;
        this.slot = new int[sets * ways];
        Arrays.fill(slot, EMPTY);
        this.used = new long[sets * ways];
    }

    /** Marks line {@code id} of set {@code set} (present on this core) as just used: its first slot in the set. */
    void touch(int id, int set) {
        int[] slot = this.slot;
        for (int s = set * ways, end = s + ways; s < end; s++) {
            if (slot[s] == id) {
                used[s] = ++clock;
                return;
            }
        }
    }

    /**
     * Installs line {@code id} into set {@code set}: the first slot that holds it, is empty or holds a line no
     * longer valid here, else the least recently used slot (the first on a tie). @return the id of the still valid
     * line evicted, or -1
     */
    int install(int id, int set) {
        int[] slot = this.slot;
        long[] used = this.used;
        long[] sharers = states.sharers;
        int base = set * ways;
        int victim = base;
        long oldest = Long.MAX_VALUE;
        for (int s = base, end = base + ways; s < end; s++) {
            int l = slot[s];
            if (l == id || l == EMPTY || (sharers[l] & bit) == 0) {
                slot[s] = id;
                used[s] = ++clock;
                return EMPTY;
            }
            long u = used[s];
            if (u < oldest) {
                oldest = u;
                victim = s;
            }
        }
        int evicted = slot[victim];
        slot[victim] = id;
        used[victim] = ++clock;
        return evicted;
    }
}
