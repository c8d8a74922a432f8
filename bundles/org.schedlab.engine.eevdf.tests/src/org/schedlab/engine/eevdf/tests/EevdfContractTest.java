/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.schedlab.engine.eevdf.EevdfEngine;
import org.schedlab.engine.eevdf.EevdfTunables;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.testing.RandomWorkloads;
import org.schedlab.sim.workload.Workload;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.testing.EngineContractTest;

/**
 * The shared engine contract for EEVDF, plus all three features off at once and a short base slice; and random
 * workloads in random task groups (weighted, nested, bandwidth-limited, an autogroup) with the run queues' and
 * the groups' invariants checked after every scheduler call.
 */
class EevdfContractTest extends EngineContractTest {

    @Override
    protected SchedulerEngine engine() {
        return new EevdfEngine();
    }

    @Override
    protected List<SchedulerConfig> configurations() {
        List<SchedulerConfig> out = new ArrayList<>(super.configurations());
        out.add(new SchedulerConfig("6.18", Set.of("no-run-to-parity", "no-place-lag", "no-delay-dequeue"),
                Map.of(EevdfTunables.BASE_SLICE, "300000")));
        return out;
    }

    @TestFactory
    Stream<DynamicTest> groupInvariantsHoldOnRandomWorkloads() {
        List<DynamicTest> tests = new ArrayList<>();
        for (long seed = 0x6a0; seed < 0x6a0 + 24; seed++) {
            long s = seed;
            tests.add(DynamicTest.dynamicTest("groups, seed " + s, () -> {
                RandomWorkloads gen = new RandomWorkloads(s);
                MachineProfile m = gen.machine(8);
                Workload w = gen.withGroups(gen.workload(m.nrCpus()));
                CheckingEevdfEngine engine = new CheckingEevdfEngine();
                SimResult r = Simulation.run(SimConfig.builder().machine(m).engine(engine, SchedulerConfig.of("6.18"))
                        .workload(w).duration(Time.ms(200)).seed(s).checkInvariants(true).build());
                org.junit.jupiter.api.Assertions.assertEquals(SimResult.Status.COMPLETED, r.status());
                assertBooksBalance(r);
            }));
        }
        return tests.stream();
    }
}
