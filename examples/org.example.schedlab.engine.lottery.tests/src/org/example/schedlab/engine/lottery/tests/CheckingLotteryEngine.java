package org.example.schedlab.engine.lottery.tests;

import org.example.schedlab.engine.lottery.LotteryEngine;
import org.schedlab.sim.testing.CheckingEngine;

/** The lottery engine with its run queue (links, size, ticket total) checked after every hook. */
final class CheckingLotteryEngine extends CheckingEngine {

    CheckingLotteryEngine() {
        super(new LotteryEngine(), LotteryEngine::checkRunQueue);
    }
}
