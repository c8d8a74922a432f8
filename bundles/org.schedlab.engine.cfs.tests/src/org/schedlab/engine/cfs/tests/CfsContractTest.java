/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import org.schedlab.engine.cfs.CfsEngine;
import org.schedlab.engine.cfs.CfsTunables;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.testing.EngineContractTest;
import org.schedlab.sim.testing.RandomWorkloads;
import org.schedlab.sim.workload.Workload;

/**
 * The shared engine contract for CFS, plus compat_yield on both versions with and without the patch, and random
 * workloads in random weighted task groups with every queue and group checked after every call.
 */
class CfsContractTest extends EngineContractTest {

    @Override
    protected SchedulerEngine engine() {
        return new CfsEngine();
    }

    @Override
    protected List<SchedulerConfig> configurations() {
        List<SchedulerConfig> out = new ArrayList<>(super.configurations());
        for (String v : List.of("2.6.24", "2.6.25")) {
            out.add(new SchedulerConfig(v, Set.of(CfsEngine.PATCH_RIGHTMOST), Map.of(CfsTunables.COMPAT_YIELD, "1")));
        }
        out.add(new SchedulerConfig("2.6.25", Set.of(), Map.of(CfsTunables.COMPAT_YIELD, "1",
                CfsTunables.CHILD_RUNS_FIRST, "0")));
        return out;
    }

    @TestFactory
    Stream<DynamicTest> groupInvariantsHoldOnRandomWorkloads() {
        List<DynamicTest> tests = new ArrayList<>();
        for (long seed = 0x7c0; seed < 0x7c0 + 16; seed++) {
            long s = seed;
            String version = seed % 2 == 0 ? "2.6.24" : "2.6.25";
            tests.add(DynamicTest.dynamicTest("groups, " + version + ", seed " + s, () -> {
                RandomWorkloads gen = new RandomWorkloads(s);
                MachineProfile m = gen.machine(8);
                Workload w = gen.withWeightedGroups(gen.workload(m.nrCpus()));
                SimResult r = Simulation.run(SimConfig.builder().machine(m).engine(new CheckingCfsEngine(true),
                        SchedulerConfig.of(version)).workload(w).duration(Time.ms(200)).seed(s).checkInvariants(true)
                        .build());
                Assertions.assertEquals(SimResult.Status.COMPLETED, r.status());
                assertBooksBalance(r);
            }));
        }
        return tests.stream();
    }
}
