/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.goodness.Goodness;
import org.schedlab.engine.goodness.KernelVersion;
import org.schedlab.engine.goodness.SchedEntity;

/** goodness(), prev_goodness(), preemption_goodness() and the per-version constants. */
class GoodnessTest {
    private final Object mmA = new Object();
    private final Object mmB = new Object();

    private SchedEntity task(int counter, int prio, Object mm, int cpu) {
        SchedEntity p = new SchedEntity(1, null, false).setMm(mm).setPriority(prio).setProcessor(cpu);
        p.setCounter(counter);
        return p;
    }

    @Test
    void niceToTicksAndDefPriorityAtHz100() {
        assertEquals(6, KernelVersion.niceToTicks(0, 100));
        assertEquals(11, KernelVersion.niceToTicks(-20, 100));
        assertEquals(1, KernelVersion.niceToTicks(19, 100));
        assertEquals(41, KernelVersion.niceToTicks(0, 1000), "TICK_SCALE x<<1 below HZ 1600");
        assertEquals(20, KernelVersion.defPriority(100));
        assertEquals(20, KernelVersion.V2_2_16.refill(0, 100));
        assertEquals(1, KernelVersion.V2_2_16.refill(19, 100));
        assertEquals(6, KernelVersion.V2_4_18_PRE4.refill(0, 100));
        assertEquals(20, KernelVersion.V2_4_14.goodnessBonus(0, 100));
        assertEquals(10, KernelVersion.V2_4_14.initialCounter(0, 100));
    }

    @Test
    void smpGoodnessAddsPenaltyAndMmBonus() {
        Goodness g = new Goodness(false, false, true, 15);
        SchedEntity prev = task(3, 20, mmA, 0);
        assertEquals(5 + 15 + 1 + 20, g.goodness(prev, task(5, 20, mmA, 0), 0));
        assertEquals(5 + 20, g.goodness(prev, task(5, 20, mmB, 1), 0));
        assertEquals(0, g.goodness(prev, task(0, 20, mmA, 0), 0), "exhausted task scores 0");
        Goodness up = new Goodness(false, false, false, 15);
        assertEquals(5 + 1 + 20, up.goodness(prev, task(5, 20, mmA, 0), 0), "no PROC_CHANGE_PENALTY on UP");
    }

    @Test
    void realTimeBeatsEverythingAndIgnoresCounter() {
        Goodness g = new Goodness(false, false, true, 15);
        SchedEntity rt = task(0, 20, mmA, 1).setPolicy(SchedEntity.SCHED_FIFO, 7);
        assertEquals(1007, g.goodness(null, rt, 0));
    }

    @Test
    void yieldTestOnlyWhereTheVersionHasIt() {
        SchedEntity y = task(5, 20, mmA, 0).setYieldBit(true);
        assertEquals(-1, new Goodness(true, true, false, 15).goodness(null, y, 0));
        assertEquals(1000, new Goodness(false, false, false, 15).goodness(null, y, 0),
                "no yield test: the bit in p->policy fails the SCHED_OTHER test and the task scores as real time");
        assertEquals(25, new Goodness(false, false, false, 15).goodness(null, y.setYieldBit(false), 0));
        SchedEntity rtY = task(5, 20, mmA, 0).setPolicy(SchedEntity.SCHED_RR, 1).setYieldBit(true);
        assertEquals(-1, new Goodness(true, true, false, 15).goodness(null, rtY, 0), "2.4 tests the bit first");
    }

    @Test
    void kernelThreadBonusIn24Only() {
        SchedEntity kthread = task(5, 20, null, 1);
        SchedEntity prev = task(1, 20, mmA, 0);
        assertEquals(26, new Goodness(true, true, true, 15).goodness(prev, kthread, 0));
        assertEquals(25, new Goodness(false, false, true, 15).goodness(prev, kthread, 0));
    }

    @Test
    void idleTaskScoresAboutMinus84() {
        SchedEntity idle = new SchedEntity(0, null, true).setProcessor(0);
        assertEquals(-100 + 15 + 1, new Goodness(true, true, true, 15).goodness(idle, idle, 0));
    }

    @Test
    void prevGoodnessClearsTheBitAndReturnsTheYieldScore() {
        Goodness g = new Goodness(false, false, false, 15);
        SchedEntity p = task(5, 20, mmA, 0).setYieldBit(true);
        assertEquals(0, g.prevGoodness(p, p, 0, 0));
        assertFalse(p.yieldBit());
        p.setYieldBit(true);
        assertEquals(-1, g.prevGoodness(p, p, 0, -1), "Schreter v1");
        assertEquals(26, g.prevGoodness(p, p, 0, -1), "no bit: plain goodness");
    }

    @Test
    void preemptionGoodnessIsTheDifference() {
        Goodness g = new Goodness(false, false, true, 15);
        SchedEntity curr = task(2, 20, mmA, 0);
        SchedEntity p = task(9, 20, mmB, 0);
        assertEquals((9 + 15 + 20) - (2 + 15 + 1 + 20), g.preemptionGoodness(curr, p, 0));
        SchedEntity idle = new SchedEntity(0, null, true).setProcessor(0);
        assertTrue(g.preemptionGoodness(idle, task(1, 1, mmB, 3), 0) > 0, "anything preempts idle");
    }

    @Test
    void everyEvaluationIsCounted() {
        Goodness g = new Goodness(false, false, true, 15);
        SchedEntity p = task(2, 20, mmA, 0);
        long before = g.evaluations();
        g.goodness(p, p, 0);
        g.preemptionGoodness(p, p, 0);
        assertEquals(3, g.evaluations() - before);
    }
}
