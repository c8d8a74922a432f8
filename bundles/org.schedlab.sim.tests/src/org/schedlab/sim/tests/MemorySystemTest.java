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
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.memory.MemoryGeometry;
import org.schedlab.sim.memory.MemorySystem;

/** The memory hierarchy on its own: coherence, capacity and the buses. */
class MemorySystemTest {
    private static final long MEM = 165;
    private static final long XFER = 214;
    private static final long BUS = 40;
    private static final long CROSS = 40;

    /** 8 CPUs on two buses, 1 MB 8-way caches with 32-byte lines (the PIII-700's shape). */
    private static MemorySystem piii(int cpus) {
        int[] coreOf = new int[cpus];
        for (int i = 0; i < cpus; i++) {
            coreOf[i] = i;
        }
        return new MemorySystem(new MemoryGeometry(true, 1024, 8, 32, 2, 8192), coreOf, MEM, XFER, BUS, CROSS, 1);
    }

    /**
     * A line can sit in two slots of a set (re-read into an earlier free slot while its stale copy stays). Evicting
     * that copy as the LRU victim takes the line out of the cache, so its other slot is free: the next install
     * takes it instead of evicting another valid line.
     */
    @Test
    void evictingALinesSecondSlotFreesItsFirst() {
        int[] coreOf = {0, 1};
        MemorySystem m = new MemorySystem(new MemoryGeometry(true, 1, 8, 32, 1, 8192), coreOf, MEM, XFER, BUS, CROSS, 1);
        CacheLine[] set0 = new CacheLine[11];
        for (int k = 0, n = 0; n < set0.length; k++) {
            CacheLine l = m.staticLine("line " + k);
            if (l.set() == 0) {
                set0[n++] = l;
            }
        }
        CacheLine a1 = set0[0];
        CacheLine x = set0[1];
        long t = 1_000_000;
        for (int i = 0; i < 8; i++, t += 1_000) {
            m.read(0, set0[i], t); // slots 0..7: a1, x, a2..a7
        }
        m.write(1, a1, t += 1_000); // cpu1 takes a1 and x: both slots free on cpu0
        m.write(1, x, t += 1_000);
        m.read(0, x, t += 1_000); // x into slot 0; its stale copy in slot 1 is valid again: a second slot
        CacheLine b1 = set0[8];
        CacheLine b2 = set0[9];
        m.read(0, b1, t += 1_000); // the set is full: the LRU slot is x's second one; x leaves the cache
        assertTrue(!x.cachedOn(0) && b1.cachedOn(0));
        m.read(0, b2, t += 1_000); // x's first slot is free: nothing valid is evicted
        for (int i = 2; i < 8; i++) {
            assertTrue(set0[i].cachedOn(0), "a" + i + " stays cached");
        }
        assertTrue(b2.cachedOn(0));
    }

    /**
     * A one-core hierarchy reads through its own path ({@code readOneCore}); it must give what the general path
     * gives a core that is alone in using its hierarchy: the same stalls and the same figures for a random mix of
     * reads and writes over lines that thrash a few sets (hits, misses, evictions, write-backs and bus waits).
     */
    @Test
    void aLoneCoreReadsAsTheGeneralPathDoes() {
        MemoryGeometry g = new MemoryGeometry(true, 1024, 8, 32, 1, 8192);
        for (int seed = 1; seed <= 20; seed++) {
            MemorySystem one = new MemorySystem(g, new int[] {0}, MEM, XFER, BUS, CROSS, seed);
            MemorySystem two = new MemorySystem(g, new int[] {0, 1}, MEM, XFER, BUS, CROSS, seed);
            int[] a = new int[600];
            int[] b = new int[600];
            for (int i = 0; i < a.length; i++) {
                a[i] = one.blockLine(i, 32 * (i % 2), "l" + i).id();
                b[i] = two.blockLine(i, 32 * (i % 2), "l" + i).id();
            }
            java.util.Random r = new java.util.Random(seed);
            long t = 1_000_000;
            for (int k = 0; k < 20_000; k++) {
                int i = r.nextInt(a.length);
                boolean write = r.nextInt(8) == 0;
                long s1 = write ? one.write(0, a[i], t) : one.read(0, a[i], t);
                long s2 = write ? two.write(0, b[i], t) : two.read(0, b[i], t);
                assertEquals(s2, s1, "access " + k + " of seed " + seed);
                t += r.nextInt(3) == 0 ? 0 : s1 + r.nextInt(400);
            }
            assertEquals(two.stats(), one.stats(), "seed " + seed);
            assertTrue(one.stats().writebacks() > 0 && one.stats().hits() > 0, "the mix wrote back and hit");
        }
    }

    @Test
    void aLineIsReadFromMemoryOnceThenHits() {
        MemorySystem m = piii(8);
        CacheLine l = m.staticLine("runqueue_head");
        long first = m.read(0, l, 1_000_000);
        assertTrue(first >= MEM && first < MEM + BUS, "a miss costs the memory latency and its bus time: " + first);
        assertEquals(0, m.read(0, l, 1_001_000), "then it is in the cache");
        assertEquals(1, m.stats().memoryMisses());
    }

    @Test
    void aLineAnotherCpuWroteComesFromItsCache() {
        MemorySystem m = piii(8);
        CacheLine l = m.staticLine("task 7");
        m.read(0, l, 1_000_000);
        m.read(1, l, 1_001_000);
        long invalidate = m.write(1, l, 1_002_000);
        assertTrue(invalidate >= BUS && invalidate < MEM, "a shared line is taken by an invalidation: " + invalidate);
        assertEquals(1, l.owner());
        assertEquals(0, m.write(1, l, 1_003_000), "a Modified line is written in place");
        long back = m.read(0, l, 1_004_000);
        assertTrue(back >= XFER && back < XFER + CROSS, "HITM on the same bus: " + back);
        assertTrue(l.cachedOn(0) && l.cachedOn(1) && l.owner() < 0, "both Shared after HITM");
        assertEquals(1, m.stats().transfers());
    }

    @Test
    void aTransferBetweenBusesCostsTheCrossing() {
        MemorySystem m = piii(8);
        CacheLine a = m.staticLine("a");
        CacheLine b = m.staticLine("b");
        m.write(1, a, 1_000_000);
        m.write(5, b, 1_000_000);
        long sameBus = m.read(0, a, 2_000_000);
        long otherBus = m.read(0, b, 3_000_000);
        assertEquals(0, m.busOf(1));
        assertEquals(1, m.busOf(5));
        assertTrue(otherBus >= sameBus + CROSS, sameBus + " vs " + otherBus);
    }

    @Test
    void taskLinesOfAlignedBlocksCompeteForFewSets() {
        MemorySystem m = piii(1);
        int colours = 1024 * 1024 / 8 / 8192; // 128 KB way / 8 KB blocks = 16 cache colours
        int fit = 0;
        CacheLine[] lines = new CacheLine[40 * colours];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = m.blockLine(i, 32, "task " + i);
            assertEquals(lines[0].set() % 256, lines[i].set() % 256, "same offset in the block, same set in it");
        }
        for (CacheLine l : lines) {
            m.read(0, l, 1_000_000);
        }
        for (CacheLine l : lines) {
            if (l.cachedOn(0)) {
                fit++;
            }
        }
        assertTrue(fit <= colours * 8, "at most 8 ways in each of the 16 colours hold them: " + fit);
        long again = 0;
        for (CacheLine l : lines) {
            again += m.read(0, l, 2_000_000) > 0 ? 1 : 0;
        }
        assertTrue(again > lines.length / 2, "a second pass over 640 task lines misses: " + again);
    }

    @Test
    void hyperThreadsShareTheirCoresCache() {
        MemorySystem m = new MemorySystem(new MemoryGeometry(true, 512, 8, 64, 1, 8192), new int[] {0, 0}, 120, 100,
                20, 0, 1);
        CacheLine l = m.staticLine("cfs_rq");
        m.write(0, l, 1_000);
        assertEquals(0, m.read(1, l, 2_000), "the sibling finds it in the shared cache");
    }

    @Test
    void aBusyBusMakesTransactionsWait() {
        MemorySystem quiet = piii(8);
        MemorySystem busy = piii(8);
        busy.spinTraffic(0, 1_000_000, 20); // 800 ns of a 1,024 ns bucket
        long q = quiet.read(0, quiet.staticLine("x"), 1_000_100);
        long b = busy.read(0, busy.staticLine("x"), 1_000_100);
        assertTrue(b > q + BUS, "queueing behind spinners: " + q + " vs " + b);
        busy.spinTraffic(0, 5_000_000, 60); // 2.4 us of demand in one 1 us bucket: the rest carries over
        long next = busy.read(0, busy.staticLine("y"), 5_001_100);
        assertTrue(next > 1_000, "the backlog carried into the next bucket: " + next);
        long later = busy.read(0, busy.staticLine("z"), 20_000_000);
        assertTrue(later < MEM + BUS, "drained later: " + later);
    }

    @Test
    void theSeedMovesBlocksAndTickPhasesSoRepeatsDiffer() {
        MachineProfile m = MachineProfile.piii700().withCpus(4);
        Workload w = Workload.of("yield", ThreadGroup.processes("t", 64, Program.of("compute-yield",
                Action.Loop.forever(Action.Compute.ns(Time.us(300)), new Action.Yield()))));
        SimResult a = run(m, w, 1);
        SimResult b = run(m, w, 2);
        assertTrue(a.metrics().cycles(SchedFn.SWITCH) != b.metrics().cycles(SchedFn.SWITCH)
                || a.metrics().contextSwitches() != b.metrics().contextSwitches(), "two seeds, two runs");
        assertEquals(a.metrics().contextSwitches(), run(m, w, 1).metrics().contextSwitches(), "one seed, one run");
    }

    private static SimResult run(MachineProfile m, Workload w, long seed) {
        return Simulation.run(SimConfig.builder().machine(m).engine(new RoundRobinEngine()).workload(w)
                .duration(Time.ms(50)).seed(seed).build());
    }
}
