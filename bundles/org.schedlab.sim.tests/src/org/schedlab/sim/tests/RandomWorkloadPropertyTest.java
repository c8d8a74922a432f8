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

import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.testing.RandomWorkloads;
import org.schedlab.sim.workload.Workload;

/**
 * Property: for random machines (profile, 1 to 8 CPUs, idle loop) and random workloads using every
 * action, the invariants hold throughout (checking is on) and the books balance. The seeds are fixed so
 * that a failure is reproducible; jqwik is not on this build's classpath, so JUnit dynamic tests
 * enumerate the cases.
 */
class RandomWorkloadPropertyTest {
    private static final int CASES = 60;

    @TestFactory
    Stream<DynamicTest> invariantsHoldForRandomMachinesAndWorkloads() {
        return LongStream.range(1000, 1000 + CASES).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
            RandomWorkloads gen = new RandomWorkloads(seed);
            MachineProfile m = gen.machine(8);
            Workload w = gen.workload(m.nrCpus());
            SimResult r = Sims.rr(m, w, Time.ms(300));
            assertEquals(SimResult.Status.COMPLETED, r.status());
            EngineBooks.assertBalanced(r);
        }));
    }
}
