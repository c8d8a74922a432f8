/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf.tests;

import org.schedlab.engine.eevdf.EevdfEngine;
import org.schedlab.sim.testing.CheckingEngine;

/** The EEVDF engine with its run queues checked after every hook (tree, augmentation, sums, counts). */
final class CheckingEevdfEngine extends CheckingEngine {

    CheckingEevdfEngine() {
        super(new EevdfEngine(), EevdfEngine::checkRunQueues);
    }
}
