/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.testing.EngineContractTest;

/** The reference engine passes the shared engine contract. */
class RoundRobinContractTest extends EngineContractTest {
    @Override
    protected SchedulerEngine engine() {
        return new RoundRobinEngine();
    }
}
