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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.cfs.CfsTunables;
import org.schedlab.engine.cfs.CfsVersion;
import org.schedlab.engine.cfs.Weights;

class WeightsAndTunablesTest {

    @Test
    void weightsFollowTheKernelTableAndInversesMatchPrioToWmult() {
        assertEquals(1024, Weights.weight(0));
        assertEquals(88761, Weights.weight(-20));
        assertEquals(15, Weights.weight(19));
        assertEquals(15, Weights.weight(40), "clamped");
        // values of the kernel's prio_to_wmult table
        assertEquals(4194304L, Weights.inverseWeight(0));
        assertEquals(48388L, Weights.inverseWeight(-20));
        assertEquals(286331153L, Weights.inverseWeight(19));
        assertEquals(5237765L, Weights.inverseWeight(1));
        for (int n = -20; n < 19; n++) {
            double r = (double) Weights.weight(n) / Weights.weight(n + 1);
            assertTrue(r >= 1.19 && r < 1.3, "about 10% per nice step at " + n + ": " + r);
        }
    }

    @Test
    void calcDeltaFairScalesByNice0OverWeight() {
        long ms = 1_000_000;
        assertEquals(ms, Weights.calcDeltaFair(ms, 1024, Weights.inverseWeight(0)));
        // nice 19 (weight 15): virtual time runs 1024/15 = 68.3x faster
        long v19 = Weights.calcDeltaFair(ms, 15, Weights.inverseWeight(19));
        assertEquals(1024.0 * ms / 15, v19, 1024.0 * ms / 15 * 1e-6);
        // nice -20: slower
        long vm20 = Weights.calcDeltaFair(ms, 88761, Weights.inverseWeight(-20));
        assertEquals(1024.0 * ms / 88761, vm20, 1.0);
        // large deltas take the split-shift path and stay accurate
        long big = 10_000_000_000L;
        assertEquals(big * 1024.0 / 3121, Weights.calcDeltaFair(big, 3121, Weights.inverseWeight(-5)), big * 1e-5);
    }

    @Test
    void calcDeltaMineAgainstASummedLoadUsesTheOnDemandInverse() {
        long period = 20_000_000;
        long load = 3 * 1024;
        long slice = Weights.calcDeltaMine(period, 1024, load, 0);
        // the kernel inverts a summed weight as 2^32/(w+1): about 0.03% short for w = 3072
        assertEquals(period / 3.0, slice, period / 3.0 * 5e-4);
        assertTrue(slice < period / 3);
    }

    @Test
    void bootScalingIsOnePlusIlog2OfCpus() {
        assertEquals(1, CfsTunables.bootFactor(1));
        assertEquals(2, CfsTunables.bootFactor(2));
        assertEquals(2, CfsTunables.bootFactor(3));
        assertEquals(3, CfsTunables.bootFactor(4));
        assertEquals(4, CfsTunables.bootFactor(8));
        CfsTunables t24 = CfsTunables.of(CfsVersion.V2_6_24, 4, Map.of());
        assertEquals(60_000_000L, t24.latencyNs());
        assertEquals(12_000_000L, t24.minGranularityNs());
        assertEquals(30_000_000L, t24.wakeupGranularityNs());
        assertEquals(5, t24.nrLatency());
        assertTrue(t24.childRunsFirst());
        assertFalse(t24.compatYield());
        CfsTunables t25 = CfsTunables.of(CfsVersion.V2_6_25, 2, Map.of());
        assertEquals(10_000_000L, t25.wakeupGranularityNs());
        CfsTunables big = CfsTunables.of(CfsVersion.V2_6_24, 1 << 20, Map.of());
        assertEquals(200_000_000L, big.latencyNs(), "capped at 200 ms");
    }

    @Test
    void overridesAreTakenAsWrittenSysctls() {
        CfsTunables t = CfsTunables.of(CfsVersion.V2_6_25, 2,
                Map.of(CfsTunables.COMPAT_YIELD, "1", CfsTunables.LATENCY, "8000000"));
        assertTrue(t.compatYield());
        assertEquals(8_000_000L, t.latencyNs());
        assertEquals(1, t.nrLatency(), "8 ms / 8 ms");
        assertThrows(IllegalArgumentException.class,
                () -> CfsTunables.of(CfsVersion.V2_6_24, 1, Map.of("sched_bogus", "1")));
        assertThrows(IllegalArgumentException.class, () -> CfsVersion.of("2.6.23"));
    }
}
