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
