package org.schedlab.sim.tests;

import org.schedlab.sim.SimResult;
import org.schedlab.sim.testing.EngineContractTest;

/** The books check shared with the contract test. */
final class EngineBooks {
    private EngineBooks() {
    }

    static void assertBalanced(SimResult r) {
        EngineContractTest.assertBooksBalance(r);
    }
}
