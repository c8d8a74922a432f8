/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.CostTable;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.memory.MemoryGeometry;
import org.schedlab.sim.memory.MemoryStats;
import org.schedlab.sim.memory.MemorySystem;
import org.schedlab.sim.spi.SchedFn;

/**
 * The kernel's side of the memory model: builds the run's {@link MemorySystem} from the machine profile, turns
 * the stalls of the lines a path touches into charges, and reports the hierarchy's figures of the measured
 * window as counters ({@code memory_misses}, {@code cache_transfers}, ...).
 */
final class KernelMemory {
    private final KernelImpl k;
    private MemoryStats atStart = MemoryStats.NONE;

    KernelMemory(KernelImpl k) {
        this.k = k;
    }

    /** @return the hierarchy of a run on {@code p} with {@code seed}, or null when its memory model is off */
    static MemorySystem newMemory(MachineProfile p, long seed) {
        MemoryGeometry g = p.memory();
        if (!g.enabled()) {
            return null;
        }
        int[] coreOf = new int[p.nrCpus()];
        for (int i = 0; i < coreOf.length; i++) {
            coreOf[i] = i / p.threadsPerCore();
        }
        CostTable c = p.costs();
        long transferNs = c.cycles(CostKey.CACHELINE_TRANSFER) * 1000 / p.mhz();
        return new MemorySystem(g, coreOf, c.cycles(CostKey.MEMORY_LATENCY), transferNs,
                c.cycles(CostKey.BUS_LINE_TIME), c.cycles(CostKey.CROSS_BUS_LATENCY), KernelImpl.mix(seed, 0x5eed));
    }

    long touch(Cpu cpu, SchedFn fn, CacheLine line, boolean write) {
        MemorySystem m = k.memory;
        if (m == null || line == null) {
            return 0;
        }
        long stall = write ? m.write(cpu.id(), line, cpu.now()) : m.read(cpu.id(), line, cpu.now());
        k.chargeStall(cpu, fn, stall);
        return stall;
    }

    long touchParallel(Cpu cpu, SchedFn fn, CacheLine[] lines, int n) {
        MemorySystem m = k.memory;
        if (m == null) {
            return 0;
        }
        long longest = 0;
        long t = cpu.now();
        for (int i = 0; i < n; i++) {
            CacheLine l = lines[i];
            if (l == null || seenBefore(lines, i)) {
                continue;
            }
            longest = Math.max(longest, m.read(cpu.id(), l, t));
        }
        k.chargeStall(cpu, fn, longest);
        return longest;
    }

    long touch(Cpu cpu, SchedFn fn, int lineId, boolean write) {
        MemorySystem m = k.memory;
        if (m == null || lineId < 0) {
            return 0;
        }
        long stall = write ? m.write(cpu.id(), lineId, cpu.now()) : m.read(cpu.id(), lineId, cpu.now());
        k.chargeStall(cpu, fn, stall);
        return stall;
    }

    long touchWalk(Cpu cpu, SchedFn fn, int linkId, int[] lineIds, int n) {
        MemorySystem m = k.memory;
        if (m == null) {
            return 0;
        }
        int id = cpu.id();
        long link = 0;
        if (linkId >= 0) {
            link = m.read(id, linkId, cpu.now());
            k.chargeStall(cpu, fn, link);
        }
        long longest = 0;
        long t = cpu.now();
        int i = 0;
        if (n > 0 && linkId >= 0 && lineIds[0] == linkId) { // the link's line again (2.4's task_struct)
            m.readAgain();
            i = 1;
        }
        for (; i < n; i++) {
            int l = lineIds[i];
            if (l >= 0) {
                longest = Math.max(longest, m.read(id, l, t));
            }
        }
        k.chargeStall(cpu, fn, longest);
        return link + longest;
    }

    private static boolean seenBefore(CacheLine[] lines, int i) {
        for (int j = 0; j < i; j++) {
            if (lines[j] == lines[i]) {
                return true;
            }
        }
        return false;
    }

    /** The measured window starts: the figures reported later are counted from here. */
    void startMeasurement() {
        atStart = k.memory == null ? MemoryStats.NONE : k.memory.stats();
    }

    /** At the end of a run: the hierarchy's figures of the measured window, as counters. */
    void report() {
        if (k.memory == null) {
            return;
        }
        MemoryStats e = k.memory.stats();
        MemoryStats s = atStart;
        var metrics = k.metrics();
        metrics.engineCounter("memory_misses", e.memoryMisses() - s.memoryMisses());
        metrics.engineCounter("cache_transfers", e.transfers() - s.transfers());
        metrics.engineCounter("cache_invalidations", e.invalidations() - s.invalidations());
        metrics.engineCounter("bus_transactions", e.busTransactions() - s.busTransactions());
        metrics.engineCounter("bus_wait_ns", e.busWaitNs() - s.busWaitNs());
        metrics.engineCounter("bus_busy_ns", e.busBusyNs() - s.busBusyNs());
    }
}
