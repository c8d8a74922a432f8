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
 * What the memory hierarchy did in a run.
 *
 * @param hits          accesses served by the CPU's own cache
 * @param memoryMisses  lines read from memory (cold, capacity or conflict misses)
 * @param transfers     lines that came Modified from another CPU's cache
 * @param invalidations writes to a line other CPUs shared (their copies invalidated)
 * @param writebacks    Modified lines evicted to memory
 * @param busTransactions every transaction on every bus (spinners' re-reads included)
 * @param busWaitNs     time transactions waited for a bus, ns
 * @param busBusyNs     time the buses were occupied, summed over buses, ns
 */
public record MemoryStats(long hits, long memoryMisses, long transfers, long invalidations, long writebacks,
                          long busTransactions, long busWaitNs, long busBusyNs) {
    /** No memory model. */
    public static final MemoryStats NONE = new MemoryStats(0, 0, 0, 0, 0, 0, 0, 0);
}
