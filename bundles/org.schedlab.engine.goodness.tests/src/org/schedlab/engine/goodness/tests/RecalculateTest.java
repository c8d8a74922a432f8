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
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.goodness.Goodness;
import org.schedlab.engine.goodness.KernelVersion;
import org.schedlab.engine.goodness.RunQueue;
import org.schedlab.engine.goodness.RunQueueScan;
import org.schedlab.engine.goodness.ScanResult;
import org.schedlab.engine.goodness.SchedEntity;

/** The counter recalculation and the linear scan's recalculation test. */
class RecalculateTest {
    @Test
    void recalculationHalvesAndRefillsEveryTaskSleepersIncluded() {
        SchedEntity running = new SchedEntity(1, null, false).setNice(0);
        running.setCounter(0);
        SchedEntity sleeper = new SchedEntity(2, null, false).setNice(0);
        sleeper.setCounter(12);
        SchedEntity nice19 = new SchedEntity(3, null, false).setNice(19);
        nice19.setCounter(0);
        SchedEntity idle = new SchedEntity(0, null, true);
        int n = RunQueueScan.recalculate(List.of(running, sleeper, nice19, idle), KernelVersion.V2_4_18_PRE4, 100, null);
        assertEquals(3, n);
        assertEquals(6, running.counter());
        assertEquals(12, sleeper.counter(), "a sleeper converges to 2 x NICE_TO_TICKS");
        assertEquals(1, nice19.counter());
        assertEquals(-100, idle.counter());
        RunQueueScan.recalculate(List.of(sleeper), KernelVersion.V2_2_16, 100, null);
        assertEquals(26, sleeper.counter(), "2.2 refills priority 20");
    }

    @Test
    void allExhaustedGivesCZeroAndAsksForRecalculation() {
        Goodness g = new Goodness(true, true, false, 15);
        RunQueue rq = new RunQueue(null);
        SchedEntity a = new SchedEntity(1, null, false).setPriority(20);
        SchedEntity b = new SchedEntity(2, null, false).setPriority(20);
        rq.addToRunqueue(a);
        rq.addToRunqueue(b);
        ScanResult r = RunQueueScan.scan(rq, g, a, 0, null, -1000, false, p -> true);
        assertEquals(0, r.c());
        assertTrue(r.recalc());
        assertSame(b, r.next(), "the first zero beats -1000, later zeros tie");
    }
}
