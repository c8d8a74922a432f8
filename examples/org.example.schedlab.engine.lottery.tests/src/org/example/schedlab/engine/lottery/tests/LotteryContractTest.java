/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.example.schedlab.engine.lottery.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.example.schedlab.engine.lottery.LotteryEngine;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.testing.EngineContractTest;

/**
 * The shared engine contract for the lottery engine (metadata, ServiceLoader registration, invariants on
 * random workloads, determinism, cancellation, work conservation), plus a short quantum and a small base
 * funding with and without compensation tickets.
 */
class LotteryContractTest extends EngineContractTest {

    @Override
    protected SchedulerEngine engine() {
        return new LotteryEngine();
    }

    @Override
    protected List<SchedulerConfig> configurations() {
        List<SchedulerConfig> out = new ArrayList<>(super.configurations());
        Map<String, String> small = Map.of(LotteryEngine.QUANTUM_MS, "10", LotteryEngine.BASE_TICKETS, "10");
        out.add(new SchedulerConfig(LotteryEngine.VERSION, Set.of(), small));
        out.add(new SchedulerConfig(LotteryEngine.VERSION, Set.of(LotteryEngine.PATCH_COMPENSATION), small));
        return out;
    }
}
