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
 * A CPU keeps the TLB entries of as many address spaces as the machine has tags (choose_new_asid, handed out round
 * robin): a ring of processes no larger switches without MM_SWITCH_FLUSH, a ring of one more pays it at every
 * switch.
 */
class TlbTagsTest {
    private static final long MM = 1_000;
    private static final long FLUSH = 3_000;
    /** Each process's first switch-in takes a tag: at most n flushes over some 9,000 switches. */
    private static final double COLD = FLUSH * 0.005;

    /** {@code n} processes on one CPU, each computing 10 us then yielding: cycles of switch_to and switch_mm a switch. */
    private static double perSwitch(int tags, int n) {
        MachineProfile m = Sims.flat(1, 10).withCost(CostKey.CACHE_REFILL, 0, "test").withCost(CostKey.MM_SWITCH, MM,
                "test").withCost(CostKey.MM_SWITCH_FLUSH, FLUSH, "test").withTlbTags(tags);
        Program p = Program.of("ring", Action.Loop.forever(Action.Compute.ns(10 * Time.US), new Action.Yield()));
        SimResult r = Sims.rr(m, Workload.of("ring", ThreadGroup.processes("p", n, p)), 100 * Time.MS);
        return (double) r.metrics().cycles(SchedFn.SWITCH) / r.metrics().contextSwitches();
    }

    @Test
    void twoTagsHoldARingOfTwoAndLoseARingOfThree() {
        assertEquals(10 + MM, perSwitch(2, 2), COLD, "both address spaces keep their tags");
        assertEquals(10 + MM + FLUSH, perSwitch(2, 3), FLUSH * 0.01, "round robin: a third always finds its tag taken");
    }

    @Test
    void pcidsSixTagsAreTheDefault() {
        assertEquals(MachineProfile.TLB_NR_DYN_ASIDS, Sims.flat(1, 10).tlbTags());
        assertEquals(10 + MM, perSwitch(MachineProfile.TLB_NR_DYN_ASIDS, 6), COLD, "six fit");
        assertEquals(10 + MM + FLUSH, perSwitch(MachineProfile.TLB_NR_DYN_ASIDS, 7), FLUSH * 0.01, "the seventh does not");
    }
}
