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
 * The shape of a machine's memory hierarchy (its latencies are cost keys: {@code MEMORY_LATENCY},
 * {@code CACHELINE_TRANSFER}, {@code BUS_LINE_TIME}, {@code CROSS_BUS_LATENCY}).
 *
 * @param enabled     false: no cache or bus is simulated and the fixed per-path costs stand alone
 * @param cacheKb     capacity of each CPU's last-level cache (the level coherence is kept at)
 * @param ways        its associativity (at most 16)
 * @param lineBytes   its line size
 * @param buses       front-side buses; CPUs are split evenly over them in id order (2 on a ProFusion 8-way)
 * @param blockBytes  the task_struct and kernel stack block (8 KB on i386 2.2/2.4, 32 KB on ia64): task lines
 *                    lie at the same offsets of blocks aligned to it, so they compete for a few cache sets
 */
public record MemoryGeometry(boolean enabled, int cacheKb, int ways, int lineBytes, int buses, int blockBytes) {
    /** No memory model: every path costs its fixed cycles. */
    public static final MemoryGeometry OFF = new MemoryGeometry(false, 0, 1, 64, 1, 8192);

    public MemoryGeometry {
        if (enabled && (cacheKb <= 0 || ways <= 0 || lineBytes <= 0 || buses <= 0 || blockBytes <= 0)) {
            throw new IllegalArgumentException("cache size, ways, line size, buses and block size must be positive");
        }
        if (enabled && ways > 16) {
            throw new IllegalArgumentException("at most 16 ways: " + ways);
        }
        if (enabled && Integer.bitCount(lineBytes) != 1) {
            throw new IllegalArgumentException("line size must be a power of two: " + lineBytes);
        }
    }

    /** @return the same geometry switched on or off */
    public MemoryGeometry withEnabled(boolean on) {
        return new MemoryGeometry(on, cacheKb, ways, lineBytes, buses, blockBytes);
    }

    /** @return the same geometry with another cache capacity */
    public MemoryGeometry withCacheKb(int kb) {
        return new MemoryGeometry(enabled, kb, ways, lineBytes, buses, blockBytes);
    }

    /** @return the same geometry with another associativity and line size */
    public MemoryGeometry withShape(int ways, int lineBytes) {
        return new MemoryGeometry(enabled, cacheKb, ways, lineBytes, buses, blockBytes);
    }

    /** @return the same geometry with another number of front-side buses (memory paths) */
    public MemoryGeometry withBuses(int n) {
        return new MemoryGeometry(enabled, cacheKb, ways, lineBytes, n, blockBytes);
    }

    /** @return sets of the last-level cache */
    public int sets() {
        return Math.max(1, cacheKb * 1024 / (ways * lineBytes));
    }
}
