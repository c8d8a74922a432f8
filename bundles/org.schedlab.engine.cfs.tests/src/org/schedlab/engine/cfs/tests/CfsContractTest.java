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

import org.schedlab.engine.cfs.CfsEngine;
import org.schedlab.engine.cfs.CfsTunables;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.testing.EngineContractTest;

/** The shared engine contract for CFS, plus compat_yield on both versions with and without the patch. */
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
}
