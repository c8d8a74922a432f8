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
 * The recency order of one cache set's ways in one {@code long}: a way number (0 to 15) per 4-bit nibble, the most
 * recently used in the lowest nibble, the least recently used in nibble {@code ways - 1}; the nibbles above the
 * set's ways hold 15 (a way number no smaller set has), so a search finds each way exactly once.
 */
final class Recency {
    /** Ways a set may have. */
    static final int MAX_WAYS = 16;
    private static final long ONES = 0x1111_1111_1111_1111L;
    private static final long HIGHS = 0x8888_8888_8888_8888L;

    private Recency() {
    }

    /** @return ways 0, 1, ... from most to least recently used (an empty set: the order does not matter yet) */
    static long initial(int ways) {
        long o = pad(ways);
        for (int w = ways - 1; w >= 0; w--) {
            o = (o & ~(0xFL << 4 * w)) | ((long) w << 4 * w);
        }
        return o;
    }

    /** @return {@code o} with way {@code w} moved to the front (most recently used) */
    static long toFront(long o, int w) {
        long x = o ^ (w * ONES); // the nibble holding w is now 0, and it is the only one
        long zero = (x - ONES) & ~x & HIGHS; // exact for the lowest zero nibble
        int p = Long.numberOfTrailingZeros(zero) >>> 2;
        long below = (1L << 4 * p) - 1; // the nibbles more recent than w
        long above = ~((below << 4) | 0xF);
        return (o & above) | ((o & below) << 4) | w;
    }

    /** @return the least recently used way */
    static int last(long o, int ways) {
        return (int) (o >>> 4 * (ways - 1)) & 0xF;
    }

    /** @return {@code o} with its least recently used way moved to the front (the way an install replaced) */
    static long rotate(long o, int ways) {
        long all = ways == MAX_WAYS ? -1L : (1L << 4 * ways) - 1;
        return ((o << 4) & all) | pad(ways) | last(o, ways);
    }

    private static long pad(int ways) {
        return ways == MAX_WAYS ? 0 : -1L << 4 * ways;
    }
}
