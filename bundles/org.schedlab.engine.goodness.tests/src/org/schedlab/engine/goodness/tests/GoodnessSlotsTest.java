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
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.goodness.Goodness;
import org.schedlab.engine.goodness.GoodnessSlots;
import org.schedlab.engine.goodness.KernelVersion;
import org.schedlab.engine.goodness.RunQueue;
import org.schedlab.engine.goodness.RunQueueScan;
import org.schedlab.engine.goodness.ScanResult;
import org.schedlab.engine.goodness.SchedEntity;

/** Davide Libenzi's goodness slots against the plain linear scan of 2.3.5. */
class GoodnessSlotsTest {
    private final Object mm = new Object();

    private SchedEntity task(int pid, int counter) {
        SchedEntity p = new SchedEntity(pid, null, false).setMm(mm).setPriority(20).setProcessor(0);
        p.setCounter(counter);
        return p;
    }

    @Test
    void keysGoToSlotKeyPlusOneCappedAt47AndExhaustedToSlot0() {
        Goodness g = new Goodness(false, false, false, 15);
        RunQueue rq = new RunQueue(new GoodnessSlots(g));
        SchedEntity a = task(1, 5), b = task(2, 0), c = task(3, 40);
        rq.addToRunqueue(a);
        rq.addToRunqueue(b);
        rq.addToRunqueue(c);
        assertEquals(5 + 20 + 1 + 1, a.slot());
        assertEquals(0, b.slot());
        assertEquals(GoodnessSlots.MAX_SLOTS - 1, c.slot());
        assertEquals(47, rq.slots().startGdslot());
    }

    @Test
    void thePromiseStopsAfterOneEvaluationIn450EqualTasks() {
        Goodness g = new Goodness(false, false, false, 15);
        RunQueue slotted = new RunQueue(new GoodnessSlots(g));
        Goodness g2 = new Goodness(false, false, false, 15);
        RunQueue plain = new RunQueue(null);
        List<SchedEntity> a = new ArrayList<>(), b = new ArrayList<>();
        for (int i = 0; i < 450; i++) {
            SchedEntity p = task(i, 10);
            a.add(p);
            slotted.addToRunqueue(p);
            SchedEntity q = task(i, 10);
            b.add(q);
            plain.addToRunqueue(q);
        }
        SchedEntity prev = a.get(0);
        long e0 = g.evaluations();
        ScanResult r = slotted.slots().scan(prev, 0, null, -1000, p -> true, slotted.nrRunning());
        assertEquals(1, g.evaluations() - e0, "one test finds the best task");
        assertSame(a.get(449), r.next(), "the slot's head: the task added last");
        assertFalse(r.recalc());

        long f0 = g2.evaluations();
        ScanResult s = RunQueueScan.scan(plain, g2, b.get(0), 0, null, -1000, false, p -> true);
        assertEquals(450, g2.evaluations() - f0, "the 2.3.5 list walk scores every task");
        assertEquals(449, s.next().pid(), "ties keep the earlier (head) task");
    }

    @Test
    void moveLastGoesToTheTailOfItsSlotAndTheScanTakesTheNextHead() {
        Goodness g = new Goodness(false, false, false, 15);
        RunQueue rq = new RunQueue(new GoodnessSlots(g));
        SchedEntity a = task(1, 10), b = task(2, 10), c = task(3, 10);
        rq.addToRunqueue(a);
        rq.addToRunqueue(b);
        rq.addToRunqueue(c); // slot: c b a
        rq.moveLastRunqueue(c);
        assertEquals(List.of(b, a, c), rq.slots().slot(c.slot()));
        ScanResult r = rq.slots().scan(c, 0, c, 0, p -> true, 3);
        assertSame(b, r.next());
    }

    @Test
    void exhaustedTasksAreNeverScannedAndAskForRecalculation() {
        Goodness g = new Goodness(false, false, false, 15);
        RunQueue rq = new RunQueue(new GoodnessSlots(g));
        List<SchedEntity> all = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            SchedEntity p = task(i, 0);
            all.add(p);
            rq.addToRunqueue(p);
        }
        long e0 = g.evaluations();
        ScanResult r = rq.slots().scan(all.get(0), 0, null, -1000, p -> true, rq.nrRunning());
        assertEquals(0, g.evaluations() - e0);
        assertTrue(r.recalc(), "c <= 0 && nr_running > 0");
        RunQueueScan.recalculate(all, KernelVersion.V2_3_5, 100, rq.slots());
        for (SchedEntity p : all) {
            assertEquals(20, p.counter());
            assertEquals(20 + 20 + 1 + 1, p.slot(), "re-slotted by the recalculation");
        }
    }

    @Test
    void aHigherSlotWinsOverTheListOrder() {
        Goodness g = new Goodness(false, false, false, 15);
        RunQueue rq = new RunQueue(new GoodnessSlots(g));
        SchedEntity low = task(1, 2), high = task(2, 9);
        rq.addToRunqueue(high);
        rq.addToRunqueue(low);
        ScanResult r = rq.slots().scan(low, 0, null, -1000, p -> true, 2);
        assertSame(high, r.next());
        assertEquals(9 + 20 + 1, r.c());
    }
}
