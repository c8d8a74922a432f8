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

import org.schedlab.engine.eevdf.EevdfEngine;
import org.schedlab.engine.eevdf.EevdfTunables;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.testing.EngineContractTest;

/** The shared engine contract for EEVDF, plus all three features off at once and a short base slice. */
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
}
