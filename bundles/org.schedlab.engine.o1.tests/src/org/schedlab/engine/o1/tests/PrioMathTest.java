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
import org.schedlab.engine.o1.PrioMath;

class PrioMathTest {
    private final PrioMath hz1000 = new PrioMath(1000);
    private final PrioMath hz250 = new PrioMath(250);

    @Test
    void niceMapsOntoTheFortyUserPriorities() {
        assertEquals(100, PrioMath.niceToPrio(-20));
        assertEquals(120, PrioMath.niceToPrio(0));
        assertEquals(139, PrioMath.niceToPrio(19));
        assertEquals(-5, PrioMath.prioToNice(115));
        assertEquals(99, PrioMath.rtPrio(0));
        assertEquals(0, PrioMath.rtPrio(99));
    }

    @Test
    void timesliceScalesWithStaticPriorityMin5Def100Max800Ms() {
        assertEquals(800, hz1000.taskTimeslice(PrioMath.niceToPrio(-20)));
        assertEquals(420, hz1000.taskTimeslice(PrioMath.niceToPrio(-1)));
        assertEquals(100, hz1000.taskTimeslice(PrioMath.niceToPrio(0)));
        assertEquals(95, hz1000.taskTimeslice(PrioMath.niceToPrio(1)));
        assertEquals(5, hz1000.taskTimeslice(PrioMath.niceToPrio(19)));
    }

    @Test
    void timesliceIsInJiffiesAndQuantisedByHz() {
        assertEquals(200, hz250.taskTimeslice(PrioMath.niceToPrio(-20))); // 800 ms
        assertEquals(25, hz250.taskTimeslice(PrioMath.niceToPrio(0)));    // 100 ms
        assertEquals(1, hz250.taskTimeslice(PrioMath.niceToPrio(19)));    // one 4 ms jiffy
        assertEquals(4_000_000L, hz250.nsPerJiffy());
        assertEquals(250, hz250.maxSleepAvg());
        assertEquals(1_000_000_000L, hz250.nsMaxSleepAvg());
    }

    @Test
    void bonusIsTenStepsOfMaxSleepAvgAndMovesPriorityByFiveEachWay() {
        assertEquals(0, hz1000.currentBonus(0));
        assertEquals(10, hz1000.currentBonus(1_000_000_000L));
        assertEquals(125, hz1000.effectivePrio(120, 0));
        assertEquals(120, hz1000.effectivePrio(120, 500_000_000L));
        assertEquals(115, hz1000.effectivePrio(120, 1_000_000_000L));
        assertEquals(100, hz1000.effectivePrio(100, 1_000_000_000L), "clamped at MAX_RT_PRIO");
        assertEquals(139, hz1000.effectivePrio(139, 0), "clamped at MAX_PRIO-1");
    }

    @Test
    void interactiveDeltaDependsOnNiceWithCTruncation() {
        assertEquals(-3, PrioMath.delta(PrioMath.niceToPrio(-20)));
        assertEquals(2, PrioMath.delta(PrioMath.niceToPrio(0)));
        assertEquals(6, PrioMath.delta(PrioMath.niceToPrio(19)));
        assertTrue(PrioMath.taskInteractive(118, 120));
        assertFalse(PrioMath.taskInteractive(119, 120));
        // nice -20 is interactive even with a small penalty (DELTA is negative)
        assertTrue(PrioMath.taskInteractive(103, 100));
        assertFalse(PrioMath.taskInteractive(104, 100));
    }

    @Test
    void interactiveSleepForNiceZeroIs799Ms() {
        assertEquals(799_000_000L, hz1000.interactiveSleep(120));
    }

    @Test
    void timesliceGranularityDoublesPerMissingBonusAndScalesWithCpus() {
        assertEquals(10, hz1000.timesliceGranularity(1_000_000_000L, 1));
        assertEquals(10, hz1000.timesliceGranularity(900_000_000L, 1));
        assertEquals(20, hz1000.timesliceGranularity(800_000_000L, 1));
        assertEquals(80, hz1000.timesliceGranularity(800_000_000L, 4));
    }
}
