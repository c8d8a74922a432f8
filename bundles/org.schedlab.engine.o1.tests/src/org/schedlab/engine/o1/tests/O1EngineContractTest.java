package org.schedlab.engine.o1.tests;

import org.schedlab.engine.o1.O1Engine;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.testing.EngineContractTest;

/** The shared engine contract (metadata, discovery, invariants, determinism, cancellation) for o1 2.6.15. */
class O1EngineContractTest extends EngineContractTest {
    @Override
    protected SchedulerEngine engine() {
        return new O1Engine();
    }
}
