/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import org.schedlab.sim.internal.KernelMutators;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.machine.Arch;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.CostTable;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.MachineProfile;

class CostModelTest {
    @Test
    void everyBuiltInProfileSetsEveryCostWithASource() {
        for (MachineProfile p : MachineProfile.builtIns()) {
            for (CostKey k : CostKey.values()) {
                assertTrue(p.costs().cycles(k) >= 0, p.id() + " " + k);
                assertFalse(p.costs().source(k).isBlank(), p.id() + " " + k + " has no source");
            }
        }
    }

    @Test
    void builtInProfilesMatchTheSeeds() {
        MachineProfile piii = MachineProfile.piii700();
        assertEquals(700, piii.mhz());
        assertEquals(100, piii.hz());
        assertEquals(8, piii.nrCpus());
        assertEquals(Arch.I386, piii.arch());
        assertEquals(15, piii.arch().procChangePenalty());
        MachineProfile p4 = MachineProfile.p4Ht3000();
        assertEquals(3000, p4.mhz());
        assertEquals(2, p4.threadsPerCore());
        MachineProfile ia64 = MachineProfile.itanium2(1024);
        assertEquals(1024, ia64.hz());
        assertEquals(Arch.IA64, ia64.arch());
        assertEquals(20, ia64.arch().procChangePenalty());
        assertEquals(ia64, MachineProfile.builtIn("itanium2").orElseThrow().withHz(1024));
        assertEquals(38, piii.costs().cycles(CostKey.GOODNESS), "Gooch's 38 cycles per runnable task");
    }

    @Test
    void overridesAreCopiesWithTheirOwnSource() {
        MachineProfile p = MachineProfile.piii700();
        MachineProfile q = p.withCost(CostKey.SYSCALL, 1000, "measured on my box");
        assertEquals(330, p.costs().cycles(CostKey.SYSCALL));
        assertEquals(1000, q.costs().cycles(CostKey.SYSCALL));
        assertEquals("measured on my box", q.costs().source(CostKey.SYSCALL));
        assertNotEquals(p, q);
        assertThrows(IllegalArgumentException.class, () -> p.withCost(CostKey.SYSCALL, -1, "x"));
        assertThrows(IllegalStateException.class, () -> CostTable.builder().build());
    }

    @Test
    void cyclesBecomeNanosecondsWithoutLosingRemainders() {
        Cpu cpu = new Cpu(0, 0, 700);
        long total = 0;
        for (int i = 0; i < 7; i++) {
            total += KernelMutators.cpu().chargeCycles(cpu, 100);
        }
        assertEquals(1000, total, "700 cycles at 700 MHz are exactly 1 us, however they are split");
        assertEquals(1000, cpu.now());
        assertEquals(1000, cpu.kernelNs());
    }

    /**
     * Each charge divides cycles x 1000 plus the carried remainder by the clock in MHz without a division (a
     * multiplication by a magic number): its nanoseconds and its remainder must be exactly the integer division's,
     * for every clock rate and for amounts up to the 2^50 bound of the fast path and beyond it.
     */
    @Test
    void chargesDivideByTheClockExactly() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(17);
        for (long mhz : new long[] {1, 2, 3, 7, 100, 550, 700, 999, 1000, 1024, 1300, 2999, 3000, 3001, 4096, 65_537}) {
            Cpu cpu = new Cpu(0, 0, mhz);
            long scaledTotal = 0;
            for (int i = 0; i < 2000; i++) {
                long cycles = switch (i % 4) {
                    case 0 -> r.nextLong(1, 100_000);
                    case 1 -> mhz * r.nextLong(1, 1000) - r.nextLong(0, 2); // around multiples of the clock
                    case 2 -> r.nextLong(1L << 36, 1L << 40); // cycles x 1000 near the 2^50 bound
                    default -> r.nextLong(1L << 41, 1L << 43); // beyond it: the division
                };
                long before = cpu.now();
                long ns = KernelMutators.cpu().chargeCycles(cpu, cycles);
                scaledTotal += cycles * 1000;
                assertEquals(scaledTotal / mhz, cpu.now(), "cursor after " + cycles + " cycles at " + mhz + " MHz");
                assertEquals(cpu.now() - before, ns);
            }
        }
    }

    @Test
    void derivedQuantities() {
        MachineProfile p = MachineProfile.piii700();
        assertEquals(10_000_000, p.tickNs());
        assertEquals(700L * 1000 / 1024 * 1024 / 5, p.cacheflushTimeCycles());
        assertThrows(IllegalArgumentException.class, () -> MachineProfile.p4Ht3000().withCpus(3));
    }
}
