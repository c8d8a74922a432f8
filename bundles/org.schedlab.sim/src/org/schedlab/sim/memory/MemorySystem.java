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
 * The memory hierarchy of one run: the named cache lines, one last-level cache per CPU and the front-side
 * buses. Every access returns the time the CPU stalls on it, in ns: 0 for a hit (the fixed cost of the path
 * already covers it), the memory latency for a line no cache holds, a cache-to-cache transfer for a line
 * another CPU holds Modified (over both buses and the crossing when the two CPUs sit on different buses), a
 * bus transaction for an invalidation; plus the wait for the bus in each case ({@link Bus}).
 *
 * <p>Coherence is MESI reduced to an owner (Modified) and a set of sharers, as the P6 bus protocol keeps it:
 * a read of a Modified line (HITM) leaves both copies Shared and memory updated; a write takes the line
 * Modified and invalidates every other copy; a read of a line nobody caches leaves it Exclusive, so a later
 * write by the same CPU costs nothing. Capacity and conflict misses follow from the cache's sets and ways:
 * lines of tasks' 8 KB task_struct-and-stack blocks lie at the same offsets, so they fall into the few sets
 * their block alignment allows.
 *
 * <p>Departures: one cache level (the level coherence is kept at; the L1's effect is inside the fixed costs,
 * which were measured on the same cores); user-space data is not simulated line by line (a switched-in task's
 * footprint is refilled as a count of lines, {@link #refill}); no prefetching, no overlap of misses.
 */
public final class MemorySystem {
    private static final long STATIC_BASE = 0x0030_0000L;
    private static final long PAGE_BASE = 0x0400_0000L;
    private final MemoryGeometry g;
    private final int nrCpus;
    private final int[] coreOf;
    private final long memoryNs;
    private final long transferNs;
    private final long busLineNs;
    private final long crossBusNs;
    private final CpuCache[] caches;
    private final Bus[] buses;
    private final int[] busOf;
    private final LineStates states = new LineStates();
    private final int sets;
    private final int colors;
    private final long placementSeed;
    /** One core holds every cache: {@link #readOneCore}, {@link #writeOneCore}. */
    private final boolean oneCore;
    private final CpuCache cache0;
    private final Bus bus0;
    private long nextStatic = STATIC_BASE;
    private long hits;
    private long memoryMisses;
    private long transfers;
    private long invalidations;
    private long writebacks;

    /**
     * @param g          cache and bus geometry (enabled)
     * @param coreOf     the core of each CPU: hyper-threads of one core share its cache
     * @param memoryNs   load latency of a line from memory
     * @param transferNs latency of a Modified line from another CPU's cache on the same bus
     * @param busLineNs  time one line transaction occupies a bus
     * @param crossBusNs extra latency when the other CPU sits on another bus
     * @param seed       the run's seed: where the page allocator put each task's block differs from run to run
     */
    public MemorySystem(MemoryGeometry g, int[] coreOf, long memoryNs, long transferNs, long busLineNs,
                        long crossBusNs, long seed) {
        if (!g.enabled()) {
            throw new IllegalArgumentException("memory model is off");
        }
        this.g = g;
        this.nrCpus = coreOf.length;
        this.coreOf = coreOf.clone();
        int cores = 0;
        for (int c : coreOf) {
            cores = Math.max(cores, c + 1);
        }
        this.memoryNs = memoryNs;
        this.transferNs = transferNs;
        this.busLineNs = busLineNs;
        this.crossBusNs = crossBusNs;
        this.placementSeed = seed;
        this.sets = g.sets();
        long wayBytes = (long) sets * g.lineBytes();
        this.colors = (int) Math.max(1, wayBytes / g.blockBytes());
        this.caches = new CpuCache[cores];
        for (int i = 0; i < cores; i++) {
            caches[i] = new CpuCache(sets, g.ways(), i, states);
        }
        int nb = Math.min(g.buses(), cores);
        this.buses = new Bus[nb];
        for (int i = 0; i < nb; i++) {
            buses[i] = new Bus(busLineNs);
        }
        this.busOf = new int[cores];
        for (int i = 0; i < cores; i++) {
            busOf[i] = i * nb / cores;
        }
        this.oneCore = cores == 1;
        this.cache0 = caches[0];
        this.bus0 = buses[0];
    }

    /** @return a line of static kernel data (a lock word, a list head, a per-CPU structure) */
    public CacheLine staticLine(String name) {
        long addr = nextStatic;
        nextStatic += g.lineBytes();
        return newLine(name, addr);
    }

    /**
     * @return the line at byte {@code offset} of block {@code block}'s task_struct-and-stack area: blocks are
     *         aligned to the geometry's block size and land on a cache colour drawn from the block number and
     *         the run's seed (physical placement)
     */
    public CacheLine blockLine(int block, int offset, String name) {
        long z = placementSeed + block * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 31)) * 0xBF58476D1CE4E5B9L;
        int color = (int) Math.floorMod(z ^ (z >>> 29), (long) colors);
        long addr = 0x0100_0000L + (long) color * g.blockBytes() + Math.floorMod(offset, g.blockBytes());
        return newLine(name, addr);
    }

    /**
     * @return the line at {@code index} (in lines) of physical page frame {@code pfn}, pages of {@code pageBytes}
     *         lying one after the other above the task blocks (a process image's pages, page tables and
     *         page directory: docs/engines.md, "The process image")
     */
    public CacheLine pageLine(int pfn, int pageBytes, int index, String name) {
        return newLine(name, PAGE_BASE + (long) pfn * pageBytes + (long) index * g.lineBytes());
    }

    /** @return the line size, bytes */
    public int lineBytes() {
        return g.lineBytes();
    }

    private CacheLine newLine(String name, long addr) {
        int set = (int) ((addr / g.lineBytes()) % sets);
        int id = states.add(set);
        return new CacheLine(id, name, set, states);
    }

    /** {@code cpu} reads {@code l} at time {@code t}: @return the stall, ns */
    public long read(int cpuId, CacheLine l, long t) {
        return read(cpuId, l.id, t);
    }

    /**
     * {@code cpu} reads the line with id {@code id} ({@link CacheLine#id()}) at time {@code t}: @return the stall,
     * ns
     *
     * @throws IllegalArgumentException when this hierarchy has no such line
     * @since 1.1
     */
    public long read(int cpuId, int id, long t) {
        checkId(id);
        if (oneCore) {
            return readOneCore(id, t);
        }
        int cpu = coreOf[cpuId];
        long b = bit(cpu);
        LineStates st = states;
        long sh = st.sharers[id];
        if ((sh & b) != 0) {
            hits++;
            caches[cpu].touch(id, st.setOf[id]);
            return 0;
        }
        long stall;
        int owner = st.owner[id];
        if (owner >= 0) {
            stall = transfer(cpu, owner, t);
            st.owner[id] = -1;
        } else {
            memoryMisses++;
            stall = memoryNs + buses[busOf[cpu]].transactLine(t);
        }
        st.sharers[id] = sh | b;
        install(cpu, id, t);
        return stall;
    }

    /**
     * {@link #read(int, int, long)} where one core holds every cache (a uniprocessor, or one hyper-threaded core):
     * a line's sharer bits are its one bit or none, and it is Modified only while present, so a miss always goes
     * to memory and an evicted line's sharers become none.
     */
    private long readOneCore(int id, long t) {
        long[] sharers = states.sharers;
        if (sharers[id] != 0) {
            hits++;
            cache0.touch(id, states.setOf[id]);
            return 0;
        }
        memoryMisses++;
        long stall = memoryNs + bus0.transactLine(t);
        sharers[id] = 1;
        installOneCore(id, t);
        return stall;
    }

    /**
     * {@link #write(int, int, long)} where one core holds every cache: a line it holds Modified is a hit, one it
     * holds clean is Exclusive (the write is silent), any other comes from memory; there is nobody to invalidate.
     */
    private long writeOneCore(int id, long t) {
        LineStates st = states;
        int set = st.setOf[id];
        if (st.owner[id] == 0) {
            hits++;
            cache0.touch(id, set);
            return 0;
        }
        st.owner[id] = 0;
        if (st.sharers[id] != 0) {
            hits++; // Exclusive: the write is silent
            cache0.touch(id, set);
            return 0;
        }
        memoryMisses++;
        long stall = memoryNs + bus0.transactLine(t);
        st.sharers[id] = 1;
        installOneCore(id, t);
        return stall;
    }

    /** {@link #install} on the one core: the evicted line is cached nowhere now. */
    private void installOneCore(int id, long t) {
        int v = cache0.install(id, states.setOf[id]);
        if (v >= 0) {
            states.sharers[v] = 0;
            if (states.owner[v] == 0) {
                writeBack(0, v, t);
            }
        }
    }

    /**
     * The CPU of this hierarchy's last access reads the line of that access again (an engine's list walk reads a
     * task's link, then the fields of the same line): that access left the line in the most recently used way of
     * its set, so this read is a hit that moves nothing. The same state and counts as {@link #read(int, int, long)}
     * of that line, without its search.
     *
     * @return the stall, 0
     * @since 1.2
     */
    public long readAgain() {
        hits++;
        return 0;
    }

    /** {@code cpu} writes {@code l} (a store, or a locked read-modify-write) at time {@code t}: @return the stall, ns */
    public long write(int cpuId, CacheLine l, long t) {
        return write(cpuId, l.id, t);
    }

    /**
     * {@code cpu} writes the line with id {@code id} at time {@code t}: @return the stall, ns
     *
     * @throws IllegalArgumentException when this hierarchy has no such line
     * @since 1.1
     */
    public long write(int cpuId, int id, long t) {
        checkId(id);
        if (oneCore) {
            return writeOneCore(id, t);
        }
        int cpu = coreOf[cpuId];
        long b = bit(cpu);
        LineStates st = states;
        int owner = st.owner[id];
        if (owner == cpu) {
            hits++;
            caches[cpu].touch(id, st.setOf[id]);
            return 0;
        }
        long stall;
        long sh = st.sharers[id];
        boolean present = (sh & b) != 0;
        if (owner >= 0) {
            stall = transfer(cpu, owner, t);
        } else if (present && (sh & ~b) == 0) {
            hits++; // Exclusive: the write is silent
            stall = 0;
        } else if (present) {
            invalidations++;
            stall = busLineNs + buses[busOf[cpu]].transactLine(t);
        } else {
            memoryMisses++;
            stall = memoryNs + buses[busOf[cpu]].transactLine(t);
        }
        st.owner[id] = cpu;
        st.sharers[id] = b;
        for (long others = sh & ~b; others != 0; others &= others - 1) {
            int c = Long.numberOfTrailingZeros(others);
            if (c < 63) { // cores 63 and up share bit 63, and their sets are never clean
                caches[c].invalidated(st.setOf[id]);
            }
        }
        if (present) {
            caches[cpu].touch(id, st.setOf[id]);
        } else {
            install(cpu, id, t);
        }
        return stall;
    }

    private void checkId(int id) {
        if (id < 0 || id >= states.count()) {
            throw new IllegalArgumentException("no cache line " + id + " in this memory model (" + states.count()
                    + " lines)");
        }
    }

    /** Traffic of a CPU spinning on a contended lock: {@code n} transactions on its bus at {@code t}. */
    public void spinTraffic(int cpuId, long t, int n) {
        buses[busOf[coreOf[cpuId]]].transact(t, n, busLineNs);
    }

    /** {@code cpu} refills {@code n} lines of a switched-in task's footprint from memory: @return the stall, ns */
    public long refill(int cpuId, long t, int n) {
        memoryMisses += n;
        return n * memoryNs + buses[busOf[coreOf[cpuId]]].transact(t, n, busLineNs);
    }

    private long transfer(int cpu, int owner, long t) {
        transfers++;
        int a = busOf[cpu];
        int o = busOf[owner];
        long wait = buses[a].transactLine(t);
        if (a == o) {
            return transferNs + wait;
        }
        return transferNs + crossBusNs + wait + buses[o].transactLine(t);
    }

    private void install(int cpu, int id, long t) {
        int v = caches[cpu].install(id, states.setOf[id]);
        if (v >= 0) {
            states.sharers[v] &= ~bit(cpu);
            if (states.owner[v] == cpu) {
                writeBack(cpu, v, t);
            }
        }
    }

    /** {@code cpu} evicted line {@code v}, which it held Modified: memory gets it over the bus. */
    private void writeBack(int cpu, int v, long t) {
        states.owner[v] = -1;
        writebacks++;
        buses[busOf[cpu]].transactLine(t);
    }

    /** @return the bus {@code cpu} sits on */
    public int busOf(int cpu) {
        return busOf[coreOf[cpu]];
    }

    /** @return the CPUs */
    public int nrCpus() {
        return nrCpus;
    }

    /** @return what the hierarchy did so far */
    public MemoryStats stats() {
        long tx = 0;
        long wait = 0;
        long busy = 0;
        for (Bus bus : buses) {
            tx += bus.transactions();
            wait += bus.waitNs();
            busy += bus.busyNs();
        }
        return new MemoryStats(hits, memoryMisses, transfers, invalidations, writebacks, tx, wait, busy);
    }

    static long bit(int cpu) {
        return 1L << Math.min(cpu, 63);
    }
}
