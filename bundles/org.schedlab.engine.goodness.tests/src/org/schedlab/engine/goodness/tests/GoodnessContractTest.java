/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness.tests;

import org.schedlab.engine.goodness.GoodnessEngine;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.testing.EngineContractTest;

/** The shared engine contract, over every version and every patch on each version it applies to. */
class GoodnessContractTest extends EngineContractTest {
    @Override
    protected SchedulerEngine engine() {
        return new GoodnessEngine();
    }
}
