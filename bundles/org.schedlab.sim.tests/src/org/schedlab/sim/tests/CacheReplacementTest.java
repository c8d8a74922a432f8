/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.memory.MemoryGeometry;
import org.schedlab.sim.memory.MemorySystem;

/**
 * The caches' replacement against the plainest statement of it: per core and set, slots with the time of their
 * last use, an install taking the first slot that holds the line, is empty or is invalid, else the slot used
 * longest ago. Random reads and writes of several cores over lines that crowd a few sets (with invalidations,
 * lines in two slots of a set, Modified lines written back); after each access every line's owner and sharers
 * must be the reference's.
 */
class CacheReplacementTest {

    /** The reference: MESI reduced to an owner and sharers, as MemorySystem keeps it, without the timing. */
    private static final class Reference {
        final int ways;
        final int[][] slot;
        final long[][] used;
        final long[] sharers;
        final int[] owner;
        final int[] setOf;
        long clock;

        Reference(int cores, int sets, int ways, int[] setOf) {
            this.ways = ways;
            this.setOf = setOf;
            slot = new int[cores][sets * ways];
            used = new long[cores][sets * ways];
            for (int[] s : slot) {
                Arrays.fill(s, -1);
            }
            sharers = new long[setOf.length];
            owner = new int[setOf.length];
            Arrays.fill(owner, -1);
        }

        void read(int c, int id) {
            long b = 1L << c;
            if ((sharers[id] & b) != 0) {
                touch(c, id);
                return;
            }
            owner[id] = -1;
            sharers[id] |= b;
            install(c, id);
        }

        void write(int c, int id) {
            long b = 1L << c;
            boolean present = (sharers[id] & b) != 0;
            owner[id] = c;
            sharers[id] = b;
            if (present) {
                touch(c, id);
            } else {
                install(c, id);
            }
        }

        private void touch(int c, int id) {
            for (int s = setOf[id] * ways, end = s + ways; s < end; s++) {
                if (slot[c][s] == id) {
                    used[c][s] = ++clock;
                    return;
                }
            }
        }

        private void install(int c, int id) {
            int base = setOf[id] * ways;
            int victim = base;
            for (int s = base; s < base + ways; s++) {
                int l = slot[c][s];
                if (l == id || l == -1 || (sharers[l] & (1L << c)) == 0) {
                    slot[c][s] = id;
                    used[c][s] = ++clock;
                    return;
                }
                if (used[c][s] < used[c][victim]) {
                    victim = s;
                }
            }
            int v = slot[c][victim];
            slot[c][victim] = id;
            used[c][victim] = ++clock;
            sharers[v] &= ~(1L << c);
            if (owner[v] == c) {
                owner[v] = -1;
            }
        }
    }

    @ParameterizedTest(name = "{0} cores, {1} KB of {2} ways, {3} lines, seed {4}")
    @CsvSource({"4, 1, 8, 60, 1", "2, 1, 8, 40, 2", "8, 2, 8, 100, 3", "4, 3, 12, 90, 4", "3, 2, 16, 70, 5",
        "1, 1, 8, 30, 6", "4, 1, 2, 20, 7"})
    void replacesAsTheLeastRecentlyUsedScanDoes(int cores, int kb, int ways, int n, long seed) {
        int[] coreOf = new int[cores];
        for (int i = 0; i < cores; i++) {
            coreOf[i] = i;
        }
        MemoryGeometry g = new MemoryGeometry(true, kb, ways, 32, 1, 8192);
        MemorySystem m = new MemorySystem(g, coreOf, 100, 80, 30, 40, seed);
        CacheLine[] lines = new CacheLine[n];
        int[] setOf = new int[n];
        for (int i = 0; i < n; i++) {
            lines[i] = m.staticLine("line " + i);
            setOf[i] = lines[i].set();
            assertEquals(i, lines[i].id());
        }
        Reference ref = new Reference(cores, g.sets(), ways, setOf);
        Random r = new Random(seed);
        long t = 0;
        for (int step = 0; step < 200_000; step++) {
            int c = r.nextInt(cores);
            int id = r.nextInt(n);
            if (r.nextInt(4) == 0) {
                m.write(c, id, t);
                ref.write(c, id);
            } else {
                m.read(c, id, t);
                ref.read(c, id);
            }
            t += 10;
            for (int l = 0; l < n; l++) {
                if (lines[l].sharers() != ref.sharers[l] || lines[l].owner() != ref.owner[l]) {
                    assertEquals(ref.sharers[l] + "/" + ref.owner[l], lines[l].sharers() + "/" + lines[l].owner(),
                            "line " + l + " after step " + step);
                }
            }
        }
    }
}
