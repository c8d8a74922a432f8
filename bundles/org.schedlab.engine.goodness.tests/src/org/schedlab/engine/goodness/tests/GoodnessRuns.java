/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness.tests;

import java.util.Map;
import java.util.Set;

import org.schedlab.engine.goodness.GoodnessEngine;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.workload.Workload;

/**
 * Runs of the goodness engine on the built-in PIII-700 profile, invariants checked.
 * The seed experiments themselves are the .sched files of examples/, reproduced by
 * org.schedlab.cli.tests.ReproductionFiguresTest.
 */
final class GoodnessRuns {

    private GoodnessRuns() {
    }

    static SimResult run(int cpus, String version, Workload w, long ns, String... patches) {
        return runOn(MachineProfile.piii700().withCpus(cpus), version, w, 0, ns, patches);
    }

    static SimResult runOn(MachineProfile m, String version, Workload w, long warmupNs, long ns, String... patches) {
        SimConfig c = SimConfig.builder()
                .machine(m)
                .engine(new GoodnessEngine(), new SchedulerConfig(version, Set.of(patches), Map.of()))
                .workload(w)
                .warmup(warmupNs)
                .duration(ns)
                .seed(1)
                .checkInvariants(true)
                .build();
        return Simulation.run(c);
    }
}
