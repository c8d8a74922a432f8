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
 * One core's last-level cache: {@code sets x ways} slots of lines with least-recently-used replacement. A
 * slot whose line no longer lists this core as a sharer (invalidated by another core's write) is free.
 *
 * <p>Slots hold line ids ({@link CacheLine#id}); the lines' sharer bits are read from the run's
 * {@link LineStates}. Per line id the cache keeps the first slot of the line's set that holds it
 * ({@link #slotOf}), kept up to date on every install, so that a hit marks its slot without scanning the set's
 * ways. With at most 63 cores (one sharer bit each) it also keeps per set whether a slot may be free
 * ({@link #mayHaveFree}): set when a line of the set loses this core's sharer bit ({@link #lost}), cleared when an
 * install finds every slot valid; an install into a set without a free slot goes straight to the LRU victim
 * instead of reading every resident line's state.
 */
final class CpuCache {
    private static final int EMPTY = -1;
    private final int ways;
    private final long bit;
    private final LineStates states;
    /** Per slot: the id of the line it holds, or {@link #EMPTY}. */
    private final int[] slot;
    private final long[] used;
    /** Per line id: the first slot of this cache holding it, or -1. */
    private int[] slotOf = new int[0];
    /** Per set: a slot may be free (null: not kept, more than 63 cores share sharer bits). */
    private final boolean[] mayHaveFree;
    private long clock;

    CpuCache(int sets, int ways, int core, LineStates states, boolean trackFree) {
        this.ways = ways;
        this.bit = MemorySystem.bit(core);
        this.states = states;
        this.slot = new int[sets * ways];
        Arrays.fill(slot, EMPTY);
        this.used = new long[sets * ways];
        this.mayHaveFree = trackFree ? new boolean[sets] : null;
        if (trackFree) {
            Arrays.fill(mayHaveFree, true);
        }
    }

    /** A line of set {@code set} lost this core's sharer bit: its slots are free now. */
    void lost(int set) {
        if (mayHaveFree != null) {
            mayHaveFree[set] = true;
        }
    }

    /** Line {@code id} was created: no slot holds it yet. */
    void addLine(int id) {
        if (id >= slotOf.length) {
            int from = slotOf.length;
            slotOf = Arrays.copyOf(slotOf, Math.max(64, 2 * id));
            Arrays.fill(slotOf, from, slotOf.length, -1);
        }
    }

    /** Marks line {@code id} (present on this core) as just used. */
    void touch(int id) {
        int s = slotOf[id];
        if (s >= 0) {
            used[s] = ++clock;
        }
    }

    /**
     * Installs line {@code id} into set {@code set}; returns the id of the still valid line evicted, or -1. The
     * caller takes the evicted line's sharer bit away; when it had no second slot in the set, every slot of the set
     * stays valid and the set is not marked as having a free slot.
     */
    int install(int id, int set) {
        int base = set * ways;
        int end = base + ways;
        int[] slot = this.slot;
        long[] sharers = states.sharers;
        if (mayHaveFree == null || mayHaveFree[set]) {
            for (int s = base; s < end; s++) {
                int l = slot[s];
                if (l == id || l == EMPTY || (sharers[l] & bit) == 0) {
                    put(s, id, end);
                    used[s] = ++clock;
                    return EMPTY;
                }
            }
            if (mayHaveFree != null) {
                mayHaveFree[set] = false;
            }
        }
        int victim = lruOf(base, end);
        int evicted = slot[victim];
        put(victim, id, end);
        used[victim] = ++clock;
        if (slotOf[evicted] >= 0) {
            lost(set); // a second slot of the set holds the evicted line: it is free once the line leaves
        }
        return evicted;
    }

    /** @return the least recently used slot of {@code [base, end)} (the first one on a tie, as a scan finds it) */
    private int lruOf(int base, int end) {
        long[] used = this.used;
        int victim = base;
        long oldest = used[base];
        for (int s = base + 1; s < end; s++) {
            long u = used[s];
            boolean older = u < oldest;
            oldest = older ? u : oldest;
            victim = older ? s : victim;
        }
        return victim;
    }

    /**
     * Puts line {@code id} into slot {@code s}, the first slot of the set that holds it now (install stops at the
     * first slot it may use, and a slot holding the line is one), and moves the replaced line's first slot on
     * ({@code end}: the end of the set's slots).
     */
    private void put(int s, int id, int end) {
        int old = slot[s];
        if (old == id) {
            return;
        }
        slot[s] = id;
        slotOf[id] = s;
        if (old != EMPTY && slotOf[old] == s) {
            int next = -1;
            for (int i = s + 1; i < end; i++) {
                if (slot[i] == old) {
                    next = i;
                    break;
                }
            }
            slotOf[old] = next;
        }
    }
}
