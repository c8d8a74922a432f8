/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.cfs.CfsRq;
import org.schedlab.engine.cfs.CfsRq.YieldOutcome;
import org.schedlab.engine.cfs.CfsTunables;
import org.schedlab.engine.cfs.CfsVersion;
import org.schedlab.engine.cfs.SchedEntity;

class CfsRqTest {

    private static final long MS = 1_000_000;

    private static CfsRq rq(CfsVersion v, boolean compat, boolean patch) {
        return new CfsRq(v, CfsTunables.of(v, 1, compat ? Map.of(CfsTunables.COMPAT_YIELD, "1") : Map.of()), patch);
    }

    /** Enqueue n entities as waking tasks and make the first current. */
    private static SchedEntity[] fill(CfsRq rq, int n) {
        SchedEntity[] s = new SchedEntity[n];
        for (int i = 0; i < n; i++) {
            s[i] = new SchedEntity("t" + i);
            rq.enqueueEntity(s[i], false, 0);
        }
        rq.setNextEntity(rq.pickNextEntity(), 0);
        return s;
    }

    @Test
    void runningEntityIsOutOfTheTreeButCounted() {
        CfsRq rq = rq(CfsVersion.V2_6_24, false, false);
        SchedEntity[] s = fill(rq, 3);
        assertSame(s[0], rq.curr());
        assertEquals(2, rq.tree().size());
        assertEquals(3, rq.nrRunning());
        assertEquals(3 * 1024, rq.loadWeight());
        assertNull(rq.checkInvariants());
        rq.updateCurr(5 * MS);
        assertEquals(5 * MS, s[0].vruntime());
        rq.putPrevEntity(s[0], 5 * MS);
        assertEquals(3, rq.tree().size());
        SchedEntity next = rq.pickNextEntity();
        assertSame(s[1], next, "FIFO among equal keys, and t0 moved right");
        rq.setNextEntity(next, 5 * MS);
        assertNull(rq.checkInvariants());
    }

    @Test
    void nicerTaskAccumulatesVirtualTimeFaster() {
        CfsRq rq = rq(CfsVersion.V2_6_24, false, false);
        SchedEntity hog = new SchedEntity("nice5");
        hog.setNice(5);
        rq.enqueueEntity(hog, false, 0);
        rq.setNextEntity(rq.pickNextEntity(), 0);
        rq.updateCurr(10 * MS);
        assertEquals(10.0 * MS * 1024 / 335, hog.vruntime(), 1000);
        assertEquals(10 * MS, hog.sumExecRuntime());
    }

    @Test
    void periodStretchesDifferentlyPerVersion() {
        CfsRq r24 = rq(CfsVersion.V2_6_24, false, false);
        CfsRq r25 = rq(CfsVersion.V2_6_25, false, false);
        assertEquals(20 * MS, r24.schedPeriod(5));
        assertEquals(20 * MS, r25.schedPeriod(5));
        assertEquals(40 * MS, r24.schedPeriod(10), "latency * n / nr_latency");
        assertEquals(40 * MS, r25.schedPeriod(10), "min_gran * n");
        // equal here because latency = 5 * min_gran at boot; differ once the sysctls are changed
        CfsRq x24 = new CfsRq(CfsVersion.V2_6_24, CfsTunables.of(CfsVersion.V2_6_24, 1,
                Map.of(CfsTunables.MIN_GRANULARITY, "2000000", CfsTunables.LATENCY, "20000000")), false);
        CfsRq x25 = new CfsRq(CfsVersion.V2_6_25, CfsTunables.of(CfsVersion.V2_6_25, 1,
                Map.of(CfsTunables.MIN_GRANULARITY, "2000000", CfsTunables.LATENCY, "20000000")), false);
        assertEquals(20 * MS, x24.schedPeriod(10), "nr_latency is now 10");
        assertEquals(40 * MS, x24.schedPeriod(20));
        assertEquals(40 * MS, x25.schedPeriod(20));
        assertEquals(20 * MS, x25.schedPeriod(10));
    }

    @Test
    void sliceIsTheWeightShareOfThePeriod() {
        CfsRq rq = rq(CfsVersion.V2_6_24, false, false);
        SchedEntity a = new SchedEntity("a");
        SchedEntity b = new SchedEntity("b");
        b.setNice(5);
        rq.enqueueEntity(a, false, 0);
        rq.enqueueEntity(b, false, 0);
        assertEquals(20.0 * MS * 1024 / (1024 + 335), rq.schedSlice(a), 20.0 * MS * 1e-3);
        assertEquals(20.0 * MS * 335 / (1024 + 335), rq.schedSlice(b), 20.0 * MS * 1e-3);
        SchedEntity c = new SchedEntity("c");
        assertEquals(20.0 * MS * 1024 / (1024 + 335 + 1024), rq.schedVsliceAdd(c), 10);
    }

    @Test
    void newTaskStartsOneVsliceBehindAndSleeperGetsLatencyCreditOnly() {
        CfsRq rq = rq(CfsVersion.V2_6_24, false, false);
        SchedEntity[] s = fill(rq, 2);
        rq.updateCurr(30 * MS);
        long min = rq.minVruntime();
        assertEquals(0, min, "t1 at 0 is still leftmost");
        SchedEntity child = new SchedEntity("child");
        rq.placeEntity(child, true);
        assertEquals(min + 20 * MS * 1024 / (3 * 1024), child.vruntime(), "START_DEBIT: one vslice of 3 tasks");
        // a long sleeper comes back one latency behind min_vruntime, not further
        rq.putPrevEntity(s[0], 30 * MS);
        rq.setNextEntity(rq.pickNextEntity(), 30 * MS);
        rq.updateCurr(100 * MS);
        rq.putPrevEntity(s[1], 100 * MS);
        rq.setNextEntity(rq.pickNextEntity(), 100 * MS);
        long nowMin = rq.minVruntime();
        assertTrue(nowMin >= 30 * MS, "min_vruntime advanced: " + nowMin);
        SchedEntity sleeper = new SchedEntity("sleeper");
        sleeper.setVruntime(0);
        rq.enqueueEntity(sleeper, true, 100 * MS);
        assertEquals(rq.minVruntime() - 20 * MS, sleeper.vruntime());
        // a short sleeper keeps its own, larger vruntime
        SchedEntity shortSleep = new SchedEntity("short");
        shortSleep.setVruntime(rq.minVruntime() + 1);
        rq.enqueueEntity(shortSleep, true, 100 * MS);
        assertEquals(rq.minVruntime() + 1, shortSleep.vruntime());
        assertNull(rq.checkInvariants());
    }

    @Test
    void minVruntimeNeverDecreases() {
        CfsRq rq = rq(CfsVersion.V2_6_25, false, false);
        SchedEntity[] s = fill(rq, 3);
        long last = rq.minVruntime();
        long now = 0;
        for (int i = 0; i < 200; i++) {
            now += MS;
            rq.updateCurr(now);
            SchedEntity c = rq.curr();
            rq.putPrevEntity(c, now);
            if (i % 7 == 0) {
                SchedEntity w = new SchedEntity("late" + i);
                rq.enqueueEntity(w, true, now);
            }
            rq.setNextEntity(rq.pickNextEntity(), now);
            assertTrue(rq.minVruntime() - last >= 0);
            last = rq.minVruntime();
            assertNull(rq.checkInvariants());
        }
        assertTrue(s[0].sumExecRuntime() > 0 && s[1].sumExecRuntime() > 0 && s[2].sumExecRuntime() > 0);
    }

    @Test
    void wakeupPreemptsOnlyBeyondTheGranularity() {
        CfsRq rq = rq(CfsVersion.V2_6_24, false, false);
        SchedEntity curr = fill(rq, 1)[0];
        curr.setVruntime(100 * MS);
        SchedEntity close = new SchedEntity("close");
        close.setVruntime(100 * MS - 9 * MS);
        SchedEntity far = new SchedEntity("far");
        far.setVruntime(100 * MS - 11 * MS);
        assertFalse(rq.checkPreemptWakeup(curr, close), "10 ms granularity on 1 CPU in 2.6.24");
        assertTrue(rq.checkPreemptWakeup(curr, far));
        CfsRq r25 = rq(CfsVersion.V2_6_25, false, false);
        SchedEntity c25 = fill(r25, 1)[0];
        c25.setVruntime(100 * MS);
        assertTrue(r25.checkPreemptWakeup(c25, close), "5 ms in 2.6.25");
        assertSame(close, r25.nextBuddy());
    }

    @Test
    void nextBuddyIsPickedWhenWithinGranularityOfLeftmost() {
        CfsRq rq = rq(CfsVersion.V2_6_25, false, false);
        SchedEntity curr = fill(rq, 1)[0];
        SchedEntity left = new SchedEntity("left");
        SchedEntity wakee = new SchedEntity("wakee");
        left.setVruntime(50 * MS);
        wakee.setVruntime(53 * MS);
        rq.enqueueEntity(left, false, 0);
        rq.enqueueEntity(wakee, false, 0);
        rq.checkPreemptWakeup(curr, wakee);
        assertSame(wakee, rq.pickNextEntity());
        wakee.setVruntime(56 * MS); // as if it had run on: now beyond 5 ms (its key moved; reinsert)
        rq.dequeueEntity(wakee, 0);
        rq.enqueueEntity(wakee, false, 0);
        rq.checkPreemptWakeup(curr, wakee);
        assertSame(left, rq.pickNextEntity());
        CfsRq r24 = rq(CfsVersion.V2_6_24, false, false);
        SchedEntity c24 = fill(r24, 1)[0];
        SchedEntity l24 = new SchedEntity("l");
        SchedEntity w24 = new SchedEntity("w");
        l24.setVruntime(50 * MS);
        w24.setVruntime(51 * MS);
        r24.enqueueEntity(l24, false, 0);
        r24.enqueueEntity(w24, false, 0);
        r24.checkPreemptWakeup(c24, w24);
        assertSame(l24, r24.pickNextEntity(), "no buddy in 2.6.24");
    }

    @Test
    void tickPreemptsAfterTheSlice() {
        CfsRq rq = rq(CfsVersion.V2_6_24, false, false);
        SchedEntity curr = fill(rq, 2)[0];
        rq.updateCurr(9 * MS);
        assertFalse(rq.checkPreemptTick(curr), "slice is 10 ms of a 20 ms period");
        rq.updateCurr(11 * MS);
        assertTrue(rq.checkPreemptTick(curr));
    }

    @Test
    void defaultYieldOnlyUpdatesCurrCompatYieldJumpsBehindRightmost() {
        for (boolean patch : new boolean[] {false, true}) {
            CfsRq plain = rq(CfsVersion.V2_6_24, false, patch);
            SchedEntity[] s = fill(plain, 4);
            assertEquals(YieldOutcome.UPDATE_ONLY, plain.yieldTaskFair(false, 1 * MS));
            assertEquals(1 * MS, s[0].vruntime());
            assertEquals(YieldOutcome.ALREADY_RIGHTMOST, plain.yieldTaskFair(true, 1 * MS),
                    "BATCH takes the compat path; curr (1 ms) is already right of every queued task (0)");

            CfsRq compat = rq(CfsVersion.V2_6_25, true, patch);
            SchedEntity[] c = fill(compat, 4);
            c[3].setVruntime(0); // keys unchanged: all 0; rightmost is t3 (FIFO)
            long visits0 = compat.tree().visits();
            assertEquals(YieldOutcome.MOVED_BEHIND_RIGHTMOST, compat.yieldTaskFair(false, 0));
            assertEquals(1, c[0].vruntime());
            long walked = compat.tree().visits() - visits0;
            assertEquals(patch ? 1 : 2, walked, "right spine of 3 nodes is 2 deep; the cache reads 1 node");
            compat.putPrevEntity(c[0], 0);
            assertSame(c[0], compat.tree().last());
        }
        CfsRq alone = rq(CfsVersion.V2_6_24, true, false);
        fill(alone, 1);
        assertEquals(YieldOutcome.ALONE, alone.yieldTaskFair(false, 0));
    }
}
