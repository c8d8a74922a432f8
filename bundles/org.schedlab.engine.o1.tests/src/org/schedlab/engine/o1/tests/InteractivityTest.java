/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.o1.Interactivity;
import org.schedlab.engine.o1.O1Task;
import org.schedlab.engine.o1.PrioMath;

class InteractivityTest {
    private static final long MS = 1_000_000L;
    private final PrioMath m = new PrioMath(1000);
    private final Interactivity ia = new Interactivity(m);

    private static O1Task niceZero() {
        O1Task p = new O1Task(null, 120);
        p.setActivated(1);
        return p;
    }

    @Test
    void shortSleepIsWeightedByTheMissingBonus() {
        O1Task p = niceZero();
        p.setTimestamp(0);
        int prio = ia.recalcTaskPrio(p, 10 * MS, true);
        assertEquals(100 * MS, p.sleepAvg(), "10 ms sleep x (MAX_BONUS - 0)");
        assertEquals(124, prio);
    }

    @Test
    void longInterruptibleSleepJumpsToTheInteractiveCeiling() {
        O1Task p = niceZero();
        p.setTimestamp(0);
        int prio = ia.recalcTaskPrio(p, 900 * MS, true);
        assertEquals(900 * MS, p.sleepAvg(), "MAX_SLEEP_AVG - DEF_TIMESLICE");
        assertEquals(116, prio);
        p.setActivated(0);
        p.setPrio(prio);
        assertTrue(ia.taskInteractive(p));
    }

    @Test
    void kernelThreadsDoNotGetTheJump() {
        O1Task p = niceZero();
        p.setTimestamp(0);
        ia.recalcTaskPrio(p, 900 * MS, false);
        assertEquals(1000 * MS, p.sleepAvg(), "weighted x10 and capped at NS_MAX_SLEEP_AVG");
    }

    @Test
    void uninterruptibleSleepIsCappedAtInteractiveSleep() {
        O1Task p = niceZero();
        p.setActivated(-1);
        p.setTimestamp(0);
        int prio = ia.recalcTaskPrio(p, 2000 * MS, true);
        assertEquals(m.interactiveSleep(120), p.sleepAvg());
        assertEquals(118, prio, "just interactive, no more");
        // a second uninterruptible sleep adds nothing once at the cap
        p.setTimestamp(3000 * MS);
        ia.recalcTaskPrio(p, 3100 * MS, true);
        assertEquals(m.interactiveSleep(120), p.sleepAvg());
    }

    @Test
    void runningDebitsSleepAvgDividedByTheBonus() {
        O1Task p = niceZero();
        p.setSleepAvg(900 * MS);
        p.setTimestamp(0);
        assertEquals(10 * MS, ia.runTimeDebit(p, 90 * MS));
        ia.debitRunTime(p, 90 * MS);
        assertEquals(890 * MS, p.sleepAvg());
        O1Task hog = niceZero();
        hog.setTimestamp(0);
        ia.debitRunTime(hog, 50 * MS);
        assertEquals(0, hog.sleepAvg(), "floored at zero");
    }

    @Test
    void aCpuHogLosesInteractivity() {
        O1Task p = niceZero();
        p.setSleepAvg(800 * MS);
        p.setPrio(ia.effectivePrio(p));
        assertTrue(ia.taskInteractive(p));
        p.setTimestamp(0);
        ia.debitRunTime(p, 800 * MS); // 800 ms of CPU at bonus 8 costs 100 ms
        p.setPrio(ia.effectivePrio(p));
        assertEquals(700 * MS, p.sleepAvg());
        assertTrue(ia.taskInteractive(p));
        p.setTimestamp(0);
        ia.debitRunTime(p, 100 * MS);
        p.setPrio(ia.effectivePrio(p));
        assertFalse(ia.taskInteractive(p));
    }

    @Test
    void forkedChildKeeps95PercentOfTheParentsBonusInWholeBonusSteps() {
        O1Task parent = niceZero();
        parent.setSleepAvg(1000 * MS);
        O1Task child = new O1Task(null, 120);
        ia.forkPenalty(parent, child);
        // kernel integer order: bonus 10 * 95 / 100 = 9 steps, * MAX_SLEEP_AVG / MAX_BONUS = 900 ms
        assertEquals(900 * MS, child.sleepAvg());
        assertEquals(1000 * MS, parent.sleepAvg());
        assertEquals(116, child.prio());
    }
}
