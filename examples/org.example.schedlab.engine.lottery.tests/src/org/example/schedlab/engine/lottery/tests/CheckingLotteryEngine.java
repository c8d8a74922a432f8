/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.example.schedlab.engine.lottery.tests;

import org.example.schedlab.engine.lottery.LotteryEngine;
import org.schedlab.sim.testing.CheckingEngine;

/** The lottery engine with its run queue (links, size, ticket total) checked after every hook. */
final class CheckingLotteryEngine extends CheckingEngine {

    CheckingLotteryEngine() {
        super(new LotteryEngine(), LotteryEngine::checkRunQueue);
    }
}
