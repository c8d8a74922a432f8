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
 * The coherence state of every line of one run, indexed by the line's id: the sharer bits and the Modified owner
 * in flat arrays. An access reads the state of its own line and, on an install into a full set, those of the
 * set's resident lines; kept here side by side instead of in each {@link CacheLine}, those reads stay in a few
 * host cache lines instead of one object per line (each another task's, rarely in the host's cache).
 */
final class LineStates {
    /** Per line: the cores holding a valid copy, one bit each (core ids above 63 share bit 63). */
    long[] sharers = new long[64];
    /** Per line: the core holding it Modified, or -1. */
    int[] owner = new int[64];
    /** Per line: the cache set it maps to. */
    int[] setOf = new int[64];
    private int count;

    /** @return the id of a new line of cache set {@code set}, cached nowhere */
    int add(int set) {
        if (count == sharers.length) {
            sharers = Arrays.copyOf(sharers, 2 * count);
            owner = Arrays.copyOf(owner, 2 * count);
            setOf = Arrays.copyOf(setOf, 2 * count);
        }
        owner[count] = -1;
        setOf[count] = set;
        return count++;
    }

    /** @return the lines so far */
    int count() {
        return count;
    }
}
