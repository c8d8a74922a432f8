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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.eevdf.CfsRq;
import org.schedlab.engine.eevdf.EevdfTunables;
import org.schedlab.engine.eevdf.EevdfVersion;
import org.schedlab.engine.eevdf.SchedEntity;

/**
 * PELT on one fair run queue, driven through the hooks the engine calls (enqueue, set_next, the tick, put_prev,
 * dequeue): the averages' limits, the 32 ms half-life of a sleeper's blocked load, and a duty cycle's level.
 */
class PeltTest {

    private static final long MS = 1_000_000L;
    private static final long TICK = 4 * MS;

    private static CfsRq rq() {
        EevdfVersion v = EevdfVersion.V6_18;
        return new CfsRq(v, EevdfTunables.of(v, 1, Map.of(), true, true, true), TICK);
    }

    private static SchedEntity se(String name, int nice) {
        SchedEntity s = new SchedEntity(name);
        s.setNice(nice);
        return s;
    }

    /** Runs {@code se} alone from {@code from} for {@code ms}, ticking every 4 ms; @return the end time */
    private static long run(CfsRq q, SchedEntity se, long from, long ms) {
        long now = from;
        q.setNextEntity(se, now);
        for (long end = from + ms * MS; now < end; ) {
            now = Math.min(end, now + TICK);
            q.entityTick(now);
        }
        q.putPrevEntity(se, now);
        return now;
    }

    @Test
    void aTaskThatRunsAllTheTimeTendsToItsWeightAndAFullCpu() {
        for (int nice : new int[] { 0, 5, -5 }) {
            CfsRq q = rq();
            SchedEntity a = se("a", nice);
            q.enqueueEntity(a, MS, true);
            run(q, a, MS, 1000);
            assertEquals(a.weight(), a.avg().loadAvg(), a.weight() * 0.01, "load_avg of a hog at nice " + nice);
            assertEquals(1024, a.avg().utilAvg(), 10, "util_avg");
            assertEquals(1024, a.avg().runnableAvg(), 10, "runnable_avg");
            assertEquals(a.avg().loadAvg(), q.avg().loadAvg(), a.weight() * 0.01, "the queue's load is its entity's");
        }
    }

    @Test
    void aSleepersBlockedLoadHalvesEvery32Ms() {
        CfsRq q = rq();
        SchedEntity a = se("a", 0);
        SchedEntity b = se("b", 0);
        q.enqueueEntity(a, MS, true);
        q.enqueueEntity(b, MS, true);
        long now = MS;
        for (int i = 0; i < 100; i++) { // share the CPU for 400 ms
            now = run(q, i % 2 == 0 ? a : b, now, 2);
        }
        q.dequeueEntity(b, now, true, false);
        long before = q.avg().loadAvg();
        now = run(q, a, now, 32);
        long after = q.avg().loadAvg();
        // a stays at its weight's level, b's ~1024 of it decays to about half in 32 ms
        long bBefore = before - a.avg().loadAvg();
        assertTrue(bBefore > 900, "b's share of the queue's load before it slept: " + bBefore);
        long bAfter = after - a.avg().loadAvg();
        assertEquals(bBefore / 2.0, bAfter, bBefore * 0.05, "b's blocked load 32 ms after it slept");
    }

    @Test
    void aTaskRunningHalfTheTimeLoadsHalfAndTwoTasksSharingACpuAreEachRunnableAllTheTime() {
        CfsRq q = rq();
        SchedEntity a = se("a", 0);
        q.enqueueEntity(a, MS, true);
        long now = MS;
        for (int i = 0; i < 200; i++) { // 4 ms running, 4 ms asleep
            now = run(q, a, now, 4);
            q.dequeueEntity(a, now, true, false);
            now += 4 * MS;
            q.enqueueEntity(a, now, false);
        }
        assertEquals(512, a.avg().utilAvg(), 60, "util_avg of a 50 % duty cycle (just woken)");
        assertEquals(512, a.avg().loadAvg(), 60, "load_avg of a 50 % duty cycle");

        CfsRq q2 = rq();
        SchedEntity b = se("b", 0);
        SchedEntity c = se("c", 0);
        q2.enqueueEntity(b, MS, true);
        q2.enqueueEntity(c, MS, true);
        now = MS;
        for (int i = 0; i < 250; i++) {
            now = run(q2, i % 2 == 0 ? b : c, now, 4);
        }
        assertEquals(1024, b.avg().loadAvg(), 30, "load_avg: queued all the time");
        assertEquals(512, b.avg().utilAvg(), 60, "util_avg: running half the time");
        assertEquals(2048, q2.avg().runnableAvg(), 40, "the queue's runnable_avg: two runnable tasks");
        assertEquals(1024, q2.avg().utilAvg(), 20, "the queue's util_avg: the CPU never idle");
    }
}
