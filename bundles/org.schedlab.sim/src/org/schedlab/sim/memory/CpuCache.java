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
 *
 * <p>Each set keeps its ways in recency order, 4 bits a way packed into one {@code long} (the most recently used
 * in the lowest nibble; {@link Recency}), so a hit moves its way to the front and a miss finds the least recently
 * used way in a few register operations. A set is <em>clean</em> when every way holds a line still valid here and
 * no line sits in two ways; an install into a clean set takes the least recently used way without reading the
 * set's lines (the scan of a goodness() run queue misses into such sets, every line in turn). A clean set stops
 * being clean when another core's write invalidates one of its lines ({@link #invalidated}); the next install
 * that finds no free slot makes it clean again. Replacement is the same as a scan of every way's last use: the
 * first slot that holds the line, is empty or is invalid, else the least recently used.
 */
final class CpuCache {
    private static final int EMPTY = -1;
    private final int ways;
    private final long bit;
    private final boolean uniqueBit;
    private final LineStates states;
    private final int[] slot;
    private final long[] order;
    private final boolean[] clean;
    /** Per line id: the way its last install here put it in. */
    private byte[] wayOf = new byte[64];

    CpuCache(int sets, int ways, int core, LineStates states) {
        this.ways = ways;
        this.bit = MemorySystem.bit(core);
        this.uniqueBit = core < 63; // cores 63 and up share the last sharer bit: their sets are never clean
        this.states = states;
        this.slot = new int[sets * ways];
        Arrays.fill(slot, EMPTY);
        this.order = new long[sets];
        Arrays.fill(order, Recency.initial(ways));
        this.clean = new boolean[sets];
    }

    /** Marks line {@code id} of set {@code set} (present on this core) as just used: its first slot in the set. */
    void touch(int id, int set) {
        int[] slot = this.slot;
        int base = set * ways;
        int w = wayOf[id];
        if (slot[base + w] != id) { // not reached while wayOf holds (the class comment); kept as the plain search
            for (w = 0; w < ways && slot[base + w] != id; w++) {
                // the first slot holding it
            }
            if (w == ways) {
                return;
            }
        }
        long o = order[set];
        if ((o & 0xF) != w) { // not the most recent already (a lock word's unlock after its lock)
            order[set] = Recency.toFront(o, w);
        }
    }

    /** Line {@code id} went into way {@code w}. */
    private void installed(int id, int w) {
        byte[] wayOf = this.wayOf;
        if (id >= wayOf.length) {
            wayOf = grow(id);
        }
        wayOf[id] = (byte) w;
    }

    private byte[] grow(int id) {
        wayOf = Arrays.copyOf(wayOf, Math.max(2 * wayOf.length, id + 1));
        return wayOf;
    }

    /** Another core's write took line {@code id} of set {@code set} from this cache: its slot is free now. */
    void invalidated(int set) {
        clean[set] = false;
    }

    /**
     * Installs line {@code id} into set {@code set}: the first slot that holds it, is empty or holds a line no
     * longer valid here, else the least recently used slot. A clean set takes the least recently used slot here;
     * the scan is out of line ({@link #installScanning}), so that this common case stays small enough for the JIT
     * to inline it into the read's miss path. @return the id of the still valid line evicted, or -1
     */
    int install(int id, int set) {
        if (!clean[set]) {
            return installScanning(id, set);
        }
        int[] slot = this.slot;
        long o = order[set];
        int victim = Recency.last(o, ways);
        int i = set * ways + victim;
        int evicted = slot[i];
        slot[i] = id;
        order[set] = Recency.rotate(o, ways);
        installed(id, victim);
        return evicted;
    }

    /** {@link #install} into a set that is not clean: the first free slot, else the set becomes clean. */
    private int installScanning(int id, int set) {
        int[] slot = this.slot;
        int base = set * ways;
        long o = order[set];
        long[] sharers = states.sharers;
        for (int w = 0; w < ways; w++) {
            int l = slot[base + w];
            if (l == id || l == EMPTY || (sharers[l] & bit) == 0) {
                slot[base + w] = id;
                order[set] = Recency.toFront(o, w);
                installed(id, w);
                return EMPTY;
            }
        }
        // every way holds a valid line: clean unless the victim (or another) sits in two ways
        clean[set] = uniqueBit && distinct(slot, base);
        int victim = Recency.last(o, ways);
        int evicted = slot[base + victim];
        slot[base + victim] = id;
        order[set] = Recency.rotate(o, ways);
        installed(id, victim);
        return evicted;
    }

    private boolean distinct(int[] slot, int base) {
        for (int i = base + 1, end = base + ways; i < end; i++) {
            for (int j = base; j < i; j++) {
                if (slot[i] == slot[j]) {
                    return false;
                }
            }
        }
        return true;
    }
}
