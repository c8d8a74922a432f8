/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
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
