/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.cfs.CfsEngine;
import org.schedlab.engine.cfs.CfsTunables;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.testing.SmallWorkloads;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * Balbir Singh's rightmost cache ("Make yield_task_fair more efficient", LKML, 21 Feb 2008) as a mechanism, on
 * the P4 3 GHz HT profile: it costs a little on every enqueue (the cached node is kept up to date) and, with
 * sched_compat_yield on, makes sched_yield() find the rightmost task in O(1) instead of walking the right spine.
 * The seed's published figure (netperf TCP_RR, enqueue + dequeue cycles +19 %) is figure 002-netperf of
 * examples/seed002_cfs_rightmost.sched, reproduced by org.schedlab.cli.tests.ReproductionFiguresTest.
 */
class RightmostCacheTest {

    static SimResult pingPong(String version, boolean patch, long ns) {
        SchedulerConfig sc = new SchedulerConfig(version, patch ? Set.of(CfsEngine.PATCH_RIGHTMOST) : Set.of(),
                Map.of());
        return Simulation.run(SimConfig.builder().machine(MachineProfile.p4Ht3000()).engine(new CfsEngine(), sc)
                .workload(SmallWorkloads.pingPong(1, 19_500, true)).duration(ns).seed(2).checkInvariants(true).build());
    }

    /** Cycles in enqueue_task plus dequeue_task (seed 002's instrument). */
    static long enqueueDequeue(SimResult r) {
        return r.metrics().cycles(SchedFn.ENQUEUE) + r.metrics().cycles(SchedFn.DEQUEUE);
    }

    static double ratio(String version, long ns) {
        return (double) enqueueDequeue(pingPong(version, true, ns)) / enqueueDequeue(pingPong(version, false, ns));
    }

    @Test
    void patchMakesEnqueuePlusDequeueDearer() {
        for (String v : new String[] {"2.6.24", "2.6.25"}) {
            double ratio = ratio(v, Time.ms(500));
            assertTrue(ratio > 1.0, v + ": the cache costs something on every enqueue and dequeue: " + ratio);
        }
    }

    @Test
    void enqueueDequeueRatioIsStableOverDuration() {
        double shortRatio = ratio("2.6.24", Time.ms(250));
        double longRatio = ratio("2.6.24", Time.ms(1000));
        assertEquals(longRatio, shortRatio, longRatio * 0.01, "ratio moves with the duration");
    }

    static Workload yielders(int n) {
        return Workload.of("yield storm", ThreadGroup.threads("yielder", n, Program.of("yielder",
                Action.Loop.forever(Action.Compute.ns(2_000), new Action.Yield(), new Action.Count("yields", 1)))));
    }

    static SimResult yieldStorm(String version, boolean patch, int n) {
        SchedulerConfig sc = new SchedulerConfig(version, patch ? Set.of(CfsEngine.PATCH_RIGHTMOST) : Set.of(),
                Map.of(CfsTunables.COMPAT_YIELD, "1"));
        return Simulation.run(SimConfig.builder().machine(MachineProfile.p4Ht3000()).engine(new CfsEngine(), sc)
                .workload(yielders(n)).duration(Time.ms(200)).seed(2).checkInvariants(true).build());
    }

    static double yieldCyclesPerYield(SimResult r) {
        return (double) r.metrics().cycles(SchedFn.YIELD) / r.metrics().counters().get("yields");
    }

    @Test
    void withCompatYieldThePatchMakesYieldCheaper() {
        for (String v : new String[] {"2.6.24", "2.6.25"}) {
            for (int n : new int[] {16, 256}) {
                double plain = yieldCyclesPerYield(yieldStorm(v, false, n));
                double cached = yieldCyclesPerYield(yieldStorm(v, true, n));
                assertTrue(cached < plain, v + " with " + n + " yielders: " + cached + " vs " + plain);
                assertTrue(cached < 60, "O(1): one node read, " + cached + " cycles per yield");
            }
        }
    }

    @Test
    void withoutPatchYieldCostGrowsWithTheTreeWithPatchItDoesNot() {
        double plain16 = yieldCyclesPerYield(yieldStorm("2.6.24", false, 16));
        double plain256 = yieldCyclesPerYield(yieldStorm("2.6.24", false, 256));
        double cached16 = yieldCyclesPerYield(yieldStorm("2.6.24", true, 16));
        double cached256 = yieldCyclesPerYield(yieldStorm("2.6.24", true, 256));
        assertTrue(plain256 > plain16 * 1.5, "right-spine walk is O(log n): " + plain16 + " -> " + plain256);
        assertEquals(cached16, cached256, 1.0, "cached rightmost is O(1)");
    }

    @Test
    void withCompatYieldThePatchLowersTotalSchedulerCycles() {
        SimResult plain = yieldStorm("2.6.24", false, 256);
        SimResult cached = yieldStorm("2.6.24", true, 256);
        double perYieldPlain = (double) plain.metrics().schedulerCycles() / plain.metrics().counters().get("yields");
        double perYieldCached = (double) cached.metrics().schedulerCycles()
                / cached.metrics().counters().get("yields");
        assertTrue(perYieldCached < perYieldPlain, perYieldCached + " vs " + perYieldPlain);
    }

    @Test
    void defaultYieldDoesNotReadTheRightmostSoThePatchCannotHelpIt() {
        SchedulerConfig off = new SchedulerConfig("2.6.24", Set.of(), Map.of());
        SchedulerConfig on = new SchedulerConfig("2.6.24", Set.of(CfsEngine.PATCH_RIGHTMOST), Map.of());
        for (SchedulerConfig sc : new SchedulerConfig[] {off, on}) {
            SimResult r = Simulation.run(SimConfig.builder().machine(MachineProfile.p4Ht3000())
                    .engine(new CfsEngine(), sc).workload(yielders(64)).duration(Time.ms(50)).build());
            assertEquals(0, r.metrics().cycles(SchedFn.YIELD), sc + ": compat_yield off only runs update_curr");
        }
    }
}
