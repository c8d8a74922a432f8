/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1.tests;

import java.util.Set;

import org.schedlab.engine.o1.IdleLoopPatch;
import org.schedlab.engine.o1.O1Engine;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.testing.EngineContractTest;

/** The shared engine contract (metadata, discovery, invariants, determinism, cancellation) for o1 2.6.15. */
class O1EngineContractTest extends EngineContractTest {
    @Override
    protected SchedulerEngine engine() {
        return new O1Engine();
    }

    /** The 2.6.14 idle loop is what 2.6.15 runs with no idle patch; Ken Chen's fix restores it. */
    @Override
    protected Set<String> defaultEquivalentPatches() {
        return Set.of(IdleLoopPatch.IA64_2_6_14.id(), IdleLoopPatch.IA64_IDLE_FIX_RC2.id());
    }
}
