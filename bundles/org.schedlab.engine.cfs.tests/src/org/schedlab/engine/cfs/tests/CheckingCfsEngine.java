package org.schedlab.engine.cfs.tests;

import org.schedlab.engine.cfs.CfsEngine;
import org.schedlab.sim.testing.CheckingEngine;

/**
 * The CFS engine with its run queues checked after every hook (red-black properties, caches, nr_running), or
 * unchecked with {@code check == false} for speed-sensitive runs.
 */
final class CheckingCfsEngine extends CheckingEngine {

    CheckingCfsEngine(boolean check) {
        super(new CfsEngine(), check ? CfsEngine::checkRunQueues : s -> null);
    }
}
