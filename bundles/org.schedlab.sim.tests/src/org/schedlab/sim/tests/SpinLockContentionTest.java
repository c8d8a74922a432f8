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
import org.schedlab.sim.metrics.LockResult;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * Kernel spinlocks are reservations on the CPUs' timelines: at boot every CPU runs schedule() at time 0,
 * each holding the lock 1,000 cycles (1 us at 1 GHz), so CPU i spins until the i CPUs before it are done.
 */
class SpinLockContentionTest {
    private static Workload oneHogPerCpu(int cpus) {
        return Workload.of("hogs", ThreadGroup.processes("hog", cpus, Program.of("hog",
                Action.Loop.forever(Action.Compute.ns(Time.S)))));
    }

    private static SimResult run(MachineProfile m) {
        return Sims.run(Sims.engine("pinned", k -> new PinnedScheduler(k, 1_000)), m, oneHogPerCpu(m.nrCpus()),
                Time.ms(50));
    }

    @Test
    void laterCpusSpinUntilTheEarlierReleases() {
        MachineProfile m = Sims.flat(4, 0).withCost(CostKey.SPIN_ACQUIRE, 10, "test");
        SimResult r = run(m);
        // CPU0 takes the lock at 0, holds until 10 + 1000 = 1010; CPU1 spins 1010, releases at 2020; ...
        long[] expected = {0, 1_010, 2_020, 3_030};
        for (int i = 0; i < 4; i++) {
            assertEquals(expected[i], r.metrics().cpus().get(i).spinNs(), "cpu" + i);
        }
        LockResult l = r.metrics().locks().get(0);
        assertEquals("pinned_lock", l.name());
        assertEquals(4, l.acquisitions());
        assertEquals(3, l.contended());
        assertEquals(6_060, l.spinNs());
        assertEquals(4 * 1_000, l.holdNs(), "held from acquisition to release");
        assertEquals(6_060, r.metrics().cycles(SchedFn.LOCK_SPIN), "spinning is booked as cycles too");
        EngineBooks.assertBalanced(r);
    }

    @Test
    void aLineComingFromAnotherCpuCostsATransfer() {
        MachineProfile m = Sims.flat(4, 0).withCost(CostKey.SPIN_ACQUIRE, 10, "test")
                .withCost(CostKey.CACHELINE_TRANSFER, 100, "test");
        SimResult r = run(m);
        // CPU0 finds no previous holder: 1010. CPU1 pays the transfer: acquires at 1010 + 110, releases 2120.
        long[] expected = {0, 1_010, 2_120, 3_230};
        for (int i = 0; i < 4; i++) {
            assertEquals(expected[i], r.metrics().cpus().get(i).spinNs(), "cpu" + i);
        }
    }

    @Test
    void spinningIsNotUserTime() {
        SimResult r = run(Sims.flat(2, 0));
        long elapsed = r.metrics().elapsedNs();
        assertEquals(1_000, r.metrics().cpus().get(1).spinNs());
        assertEquals(elapsed - 2_000, r.metrics().cpus().get(1).userNs(), "cpu1: 1 us spin + 1 us holding");
        assertTrue(r.metrics().cpus().get(1).kernelNs() >= 1_000);
    }
}
