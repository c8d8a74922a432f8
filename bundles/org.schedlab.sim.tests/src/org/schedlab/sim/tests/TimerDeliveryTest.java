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
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.Histogram;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** A timer's delivery latency: TIMER_DELIVERY_LATENCY on average, spread to TIMER_DELIVERY_SPREAD above it at p99. */
class TimerDeliveryTest {
    private static final Workload CYCLIC = Workload.of("cyclic", ThreadGroup.processes("cyclic", 1,
            Program.of("cyclic", Action.Loop.forever(new Action.Timer(Time.ms(1))))));

    private static Histogram latency(long meanNs, long spreadNs, long seed) {
        MachineProfile m = MachineProfile.piii700().withCpus(1)
                .withCost(CostKey.TIMER_DELIVERY_LATENCY, meanNs, "test")
                .withCost(CostKey.TIMER_DELIVERY_SPREAD, spreadNs, "test");
        return org.schedlab.sim.Simulation.run(org.schedlab.sim.SimConfig.builder().machine(m)
                .engine(new org.schedlab.sim.engine.rr.RoundRobinEngine()).workload(CYCLIC).duration(Time.s(2)).seed(seed)
                .checkInvariants(true).build()).metrics().timerLatency();
    }

    @Test
    void withoutASpreadEveryDeliveryTakesTheMean() {
        Histogram h = latency(20_000, 0, 1);
        assertTrue(h.count() > 1900, "wakeups " + h.count());
        assertEquals(h.min(), h.max(), 2, "every wakeup waits the same (to the ns a cycle rounds to)");
    }

    @Test
    void theSpreadKeepsTheMeanAndPutsTheNinetyNinthPercentileAboveIt() {
        double base = latency(0, 0, 1).mean();
        Histogram h = latency(20_000, 30_000, 1);
        assertEquals(base + 20_000, h.mean(), 1_000, "the mean stays TIMER_DELIVERY_LATENCY");
        double p99 = h.quantileUpperNs(0.99);
        assertEquals(base + 50_000, p99, 5_000, "p99 = mean + spread");
        // floor = 20 - 30 / 3.6 us: nothing is delivered sooner
        assertTrue(h.min() >= base + 20_000 - 30_000 / (Math.log(100) - 1) - 1, "min " + h.min());
    }

    @Test
    void aSpreadTooWideForAFloorKeepsTheMeanAndDrawsFromZero() {
        double base = latency(0, 0, 1).mean();
        Histogram h = latency(10_000, 200_000, 1);
        assertEquals(base + 10_000, h.mean(), 1_000, "the mean stays measured");
        assertTrue(h.quantileUpperNs(0.99) < base + 210_000, "p99 is that of an exponential of mean 10 us, below"
                + " what was asked: " + h.quantileUpperNs(0.99));
    }

    @Test
    void theDrawsRepeatWithTheSeedAndDifferAcrossSeeds() {
        assertEquals(latency(20_000, 30_000, 7).mean(), latency(20_000, 30_000, 7).mean());
        assertTrue(latency(20_000, 30_000, 7).mean() != latency(20_000, 30_000, 8).mean());
    }
}
