/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.eevdf.CfsRq;
import org.schedlab.engine.eevdf.EevdfTunables;
import org.schedlab.engine.eevdf.EevdfVersion;
import org.schedlab.engine.eevdf.SchedEntity;
import org.schedlab.engine.eevdf.Weights;

/** The EEVDF run queue on its own: eligibility, the pick against brute force, lag across sleep, yield, delay. */
class CfsRqTest {

    private static final long TICK = 4_000_000L;

    private static CfsRq rq(EevdfVersion v) {
        return new CfsRq(v, EevdfTunables.of(v, 1, Map.of(), true, true, true), TICK);
    }

    private static SchedEntity se(String name, int nice) {
        SchedEntity s = new SchedEntity(name);
        s.setNice(nice);
        return s;
    }

    /** Brute-force lag sign: sum of w_i * (v_i - v) >= 0 over the queued entities (current included). */
    private static boolean eligible(List<SchedEntity> queued, SchedEntity se) {
        long sum = 0;
        for (SchedEntity q : queued) {
            sum += q.weight() * (q.vruntime() - se.vruntime());
        }
        return sum >= 0;
    }

    @Test
    void eligibilityAndPickAgreeWithBruteForceInBothVersions() {
        for (EevdfVersion v : EevdfVersion.values()) {
            SplittableRandom r = new SplittableRandom(11);
            CfsRq rq = rq(v);
            List<SchedEntity> queued = new ArrayList<>();
            long now = 0;
            for (int i = 0; i < 40; i++) {
                SchedEntity s = se("e" + i, r.nextInt(-5, 10));
                s.setVlag(r.nextLong(-3_000_000, 3_000_000));
                rq.enqueueEntity(s, now, false);
                queued.add(s);
            }
            for (int round = 0; round < 300; round++) {
                SchedEntity pick = rq.pickEevdf();
                SchedEntity best = null;
                for (SchedEntity q : queued) {
                    boolean e = eligible(queued, q);
                    assertEquals(e, rq.entityEligible(q), v.label() + " round " + round + ": eligibility of " + q);
                    if (e && (best == null || q.deadline() - best.deadline() < 0)) {
                        best = q;
                    }
                }
                if (rq.curr() == null || pick != rq.curr()) { // a protected current entity may be kept
                    assertEquals(best.deadline(), pick.deadline(), v.label() + " round " + round);
                    assertTrue(rq.entityEligible(pick));
                }
                if (rq.curr() != null) {
                    rq.putPrevEntity(rq.curr(), now);
                }
                rq.setNextEntity(rq.pickEevdf(), now);
                now += r.nextLong(100_000, 3_000_000);
                rq.updateCurr(now);
                assertNull(rq.checkInvariants(), v.label() + " round " + round);
            }
        }
    }

    @Test
    void lagIsPreservedAcrossSleep() {
        for (EevdfVersion v : EevdfVersion.values()) {
            CfsRq rq = rq(v);
            SchedEntity a = se("a", 0), b = se("b", 0), c = se("c", 5);
            for (SchedEntity s : List.of(a, b, c)) {
                rq.enqueueEntity(s, 0, false);
            }
            rq.setNextEntity(a, 0);
            rq.updateCurr(2_000_000);
            long lagBefore = rq.avgVruntime() - b.vruntime();
            assertTrue(lagBefore > 0, "b waited while a ran: positive lag " + lagBefore);
            assertTrue(rq.dequeueEntity(b, 2_000_000, true), "an eligible sleeper leaves at once");
            assertEquals(lagBefore, b.vlag(), 2, v.label() + ": vlag saved at dequeue");
            rq.updateCurr(7_000_000);
            rq.enqueueEntity(b, 7_000_000, false);
            long lagAfter = rq.avgVruntime() - b.vruntime();
            assertEquals(lagBefore, lagAfter, 3, v.label() + ": the lag survives the sleep");
            assertNull(rq.checkInvariants());
        }
    }

    @Test
    void withoutPlaceLagASleeperComesBackAtZeroLag() {
        CfsRq rq = new CfsRq(EevdfVersion.V6_6, EevdfTunables.of(EevdfVersion.V6_6, 1, Map.of(), true, false, true),
                TICK);
        SchedEntity a = se("a", 0), b = se("b", 0);
        rq.enqueueEntity(a, 0, false);
        rq.enqueueEntity(b, 0, false);
        rq.setNextEntity(a, 0);
        rq.updateCurr(2_000_000);
        rq.dequeueEntity(b, 2_000_000, true);
        assertTrue(b.vlag() > 0);
        rq.enqueueEntity(b, 3_000_000, false);
        assertEquals(rq.avgVruntime(), b.vruntime(), 1, "placed at V");
    }

    @Test
    void yieldPushesTheDeadlineIn66AndForfeitsTheSliceIn618() {
        for (EevdfVersion v : EevdfVersion.values()) {
            CfsRq rq = rq(v);
            SchedEntity a = se("a", 0), b = se("b", 0);
            rq.enqueueEntity(a, 0, false);
            rq.enqueueEntity(b, 0, false);
            rq.setNextEntity(a, 0);
            long vslice = Weights.calcDeltaFair(a.slice(), a.weight(), 0);
            long d0 = a.deadline();
            rq.yieldTaskFair(0); // a has not run yet: zero lag, eligible
            if (v == EevdfVersion.V6_6) {
                assertEquals(0, a.vruntime(), "6.6 keeps the vruntime");
                assertEquals(d0 + vslice, a.deadline(), "6.6: one more slice to the deadline");
            } else {
                assertEquals(d0, a.vruntime(), "6.18 forfeits the rest of the slice");
                assertEquals(d0 + vslice, a.deadline());
                long v1 = a.vruntime(), d1 = a.deadline();
                rq.yieldTaskFair(0); // now ineligible: 6.18 leaves it alone
                assertEquals(v1, a.vruntime());
                assertEquals(d1, a.deadline());
            }
            rq.putPrevEntity(a, 0);
            assertSame(b, rq.pickEevdf(), v.label() + ": the other task runs after a yield");
        }
    }

    @Test
    void anIneligibleSleeperIsDelayedIn618AndLeavesWhenPicked() {
        CfsRq rq = rq(EevdfVersion.V6_18);
        SchedEntity a = se("a", 0), b = se("b", 0);
        rq.enqueueEntity(a, 0, false);
        rq.enqueueEntity(b, 0, false);
        rq.setNextEntity(a, 0);
        rq.updateCurr(3_000_000); // a ran 3 ms: negative lag
        assertFalse(rq.entityEligible(a));
        assertFalse(rq.dequeueEntity(a, 3_000_000, true), "delayed");
        assertTrue(a.delayed() && a.onRq());
        assertEquals(1, rq.nrDelayed());
        rq.putPrevEntity(a, 3_000_000);
        assertNull(rq.checkInvariants());
        SchedEntity p = rq.pickEevdf();
        assertSame(b, p, "b is the eligible one");
        rq.setNextEntity(b, 3_000_000);
        rq.updateCurr(9_000_000); // b runs on; a's lag turns positive
        rq.putPrevEntity(b, 9_000_000);
        SchedEntity q = rq.pickEevdf();
        assertSame(a, q);
        rq.finishDelayedDequeue(a, 9_000_000);
        assertFalse(a.onRq());
        assertEquals(0, a.vlag(), "DELAY_ZERO drops the positive lag");
        assertEquals(0, rq.nrDelayed());
        assertNull(rq.checkInvariants());

        CfsRq plain = rq(EevdfVersion.V6_6);
        SchedEntity c = se("c", 0), d = se("d", 0);
        plain.enqueueEntity(c, 0, false);
        plain.enqueueEntity(d, 0, false);
        plain.setNextEntity(c, 0);
        plain.updateCurr(3_000_000);
        assertTrue(plain.dequeueEntity(c, 3_000_000, true), "6.6 has no delayed dequeue");
        assertTrue(c.vlag() < 0, "the negative lag is kept for the wakeup");
    }

    @Test
    void bootScalingOfTheBaseSlice() {
        assertEquals(700_000, EevdfTunables.of(EevdfVersion.V6_18, 1, Map.of(), true, true, true).baseSliceNs());
        assertEquals(750_000, EevdfTunables.of(EevdfVersion.V6_6, 1, Map.of(), true, true, true).baseSliceNs());
        assertEquals(2_100_000, EevdfTunables.of(EevdfVersion.V6_18, 4, Map.of(), true, true, true).baseSliceNs());
        assertEquals(2_800_000, EevdfTunables.of(EevdfVersion.V6_18, 64, Map.of(), true, true, true).baseSliceNs(),
                "the factor is capped at 8 CPUs");
        assertEquals(335, Weights.weight(5));
        assertEquals(3_057_000, Weights.calcDeltaFair(1_000_000, 335, Weights.inverse(335)), 1_000);
    }
}
