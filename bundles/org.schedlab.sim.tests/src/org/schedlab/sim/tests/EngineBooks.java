/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
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
