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
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * A task switched in after many others ran on its CPU pays CACHE_REFILL; one switched in after a single other
 * task pays nothing; the lat_ctx curve ([T2]) lies between.
 */
class CacheRefillTest {
    private static final long REFILL = 5_000;

    /** {@code n} threads on one CPU, each computing 10 us then yielding: round robin, reuse distance n - 1. */
    private static double switchCyclesPerSwitch(int n) {
        return switchCyclesPerSwitch(Sims.flat(1, 10).withCost(CostKey.CACHE_REFILL, REFILL, "test"), n, 200);
    }

    private static double switchCyclesPerSwitch(MachineProfile m, int n, long ms) {
        Program p = Program.of("ring", Action.Loop.forever(Action.Compute.ns(10 * Time.US), new Action.Yield()));
        SimResult r = Sims.rr(m, Workload.of("ring", ThreadGroup.threads("t", n, p)), ms * Time.MS);
        return (double) r.metrics().cycles(SchedFn.SWITCH) / r.metrics().contextSwitches();
    }

    @Test
    void aRingOfTwoStaysWarmAndARingOf64PaysTheWholeRefill() {
        double two = switchCyclesPerSwitch(2);
        double many = switchCyclesPerSwitch(100);
        assertEquals(10, two, 0.1, "switch_to and nothing else (one mm, no switch_mm)");
        assertEquals(10 + REFILL, many, REFILL * 0.02, "64 or more others in between: the whole refill (first runs free)");
    }

    @Test
    void inBetweenTheLatCtxCurveRises() {
        double r8 = switchCyclesPerSwitch(8) - 10;
        double r16 = switchCyclesPerSwitch(16) - 10;
        double r32 = switchCyclesPerSwitch(32) - 10;
        // 4 and 16 processes: 3.55 and 4.78 us against 3.03 us for 2, of the 5.34 us for 64
        assertTrue(r8 > REFILL * 0.52 / 5.34 && r8 < REFILL * 1.75 / 5.34, "8 in the ring: " + r8);
        assertTrue(r8 < r16 && r16 < r32 && r32 < REFILL, r8 + " " + r16 + " " + r32);
    }

    /**
     * A machine that measures its own curve (rings of 8, 32, 128, 256 and 1024 tasks) pays what its rings cost: flat
     * while the footprints fit its caches, a knee where they stop fitting, interpolated on log2 of the distance.
     */
    @Test
    void aMeasuredCurveReplacesLatCtxsShape() {
        MachineProfile m = Sims.flat(1, 10).withCost(CostKey.CACHE_REFILL, 1_000, "test")
                .withCost(CostKey.CACHE_REFILL_8, 0, "test").withCost(CostKey.CACHE_REFILL_32, 100, "test")
                .withCost(CostKey.CACHE_REFILL_256, 6_000, "test").withCost(CostKey.CACHE_REFILL_1024, 8_000, "test");
        assertEquals(10, switchCyclesPerSwitch(m, 8, 200), 0.1, "the ring of 8 costs no more than the ring of 2 here");
        assertEquals(10 + 100, switchCyclesPerSwitch(m, 32, 200), 100 * 0.05, "the ring of 32");
        assertEquals(10 + 1_000, switchCyclesPerSwitch(m, 128, 400), 1_000 * 0.05, "the ring of 128: CACHE_REFILL");
        assertEquals(10 + 6_000, switchCyclesPerSwitch(m, 256, 400), 6_000 * 0.05, "the ring of 256, past the knee");
        // 181 tasks: distance 180, log2(181 / 128) / log2(256 / 128) = 0.5 of the way from 1,000 to 6,000
        assertEquals(10 + 3_500, switchCyclesPerSwitch(m, 181, 400), 3_500 * 0.05, "between two rings");
        assertEquals(10 + 8_000, switchCyclesPerSwitch(m, 1100, 2000), 8_000 * 0.05, "flat beyond the largest ring (every first run free)");
    }
}