package org.schedlab.engine.eevdf.tests;

import org.schedlab.engine.eevdf.EevdfEngine;
import org.schedlab.sim.testing.CheckingEngine;

/** The EEVDF engine with its run queues checked after every hook (tree, augmentation, sums, counts). */
final class CheckingEevdfEngine extends CheckingEngine {

    CheckingEevdfEngine() {
        super(new EevdfEngine(), EevdfEngine::checkRunQueues);
    }
}
