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
