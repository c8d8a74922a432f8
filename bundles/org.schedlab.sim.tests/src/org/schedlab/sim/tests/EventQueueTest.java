/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.event.EventQueue;
import org.schedlab.sim.event.SimEvent;
import org.schedlab.sim.event.Time;

class EventQueueTest {
    private static final class Ev extends SimEvent {
        final int id;

        Ev(int id) {
            this.id = id;
        }

        @Override
        public void fire(long now) {
        }
    }

    @Test
    void pollsInTimeOrderAndTiesInSchedulingOrder() {
        EventQueue q = new EventQueue();
        Ev a = new Ev(1);
        Ev b = new Ev(2);
        Ev c = new Ev(3);
        q.schedule(b, 20);
        q.schedule(c, 10);
        q.schedule(a, 20);
        assertSame(c, q.poll());
        assertEquals(10, q.now());
        assertSame(b, q.poll());
        assertSame(a, q.poll());
        assertTrue(q.isEmpty());
    }

    @Test
    void reschedulingMovesAnEventAndCountsAsANewTie() {
        EventQueue q = new EventQueue();
        Ev a = new Ev(1);
        Ev b = new Ev(2);
        q.schedule(a, 5);
        q.schedule(b, 7);
        q.schedule(a, 7);
        assertEquals(2, q.size());
        assertSame(b, q.poll());
        assertSame(a, q.poll());
    }

    @Test
    void cancelRemovesWithoutTrace() {
        EventQueue q = new EventQueue();
        Ev a = new Ev(1);
        Ev b = new Ev(2);
        q.schedule(a, 5);
        q.schedule(b, 6);
        q.cancel(a);
        assertFalse(a.isScheduled());
        assertEquals(1, q.size());
        assertSame(b, q.poll());
        q.cancel(a);
        assertTrue(q.isEmpty());
    }

    @Test
    void refusesThePast() {
        EventQueue q = new EventQueue();
        q.schedule(new Ev(1), 100);
        q.poll();
        assertThrows(IllegalStateException.class, () -> q.schedule(new Ev(2), 99));
    }

    @Test
    void agreesWithAReferenceOrderUnderRandomScheduleAndCancel() {
        SplittableRandom rnd = new SplittableRandom(3);
        EventQueue q = new EventQueue();
        List<Ev> evs = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            evs.add(new Ev(i));
        }
        long[] time = new long[200];
        long[] seq = new long[200];
        long nextSeq = 0;
        for (int step = 0; step < 20_000; step++) {
            Ev e = evs.get(rnd.nextInt(200));
            int op = rnd.nextInt(3);
            if (op == 0) {
                q.cancel(e);
            } else if (op == 1) {
                long t = q.now() + rnd.nextInt(50);
                q.schedule(e, t);
                time[e.id] = t;
                seq[e.id] = nextSeq++;
            } else if (!q.isEmpty()) {
                PriorityQueue<Ev> ref = new PriorityQueue<>((x, y) -> time[x.id] != time[y.id]
                        ? Long.compare(time[x.id], time[y.id]) : Long.compare(seq[x.id], seq[y.id]));
                for (Ev x : evs) {
                    if (x.isScheduled()) {
                        ref.add(x);
                    }
                }
                assertSame(ref.peek(), q.poll());
            }
        }
    }

    @Test
    void timeHelpers() {
        assertEquals(1_500_000, Time.us(1500));
        assertEquals(3_000_000_000L, Time.s(3));
        assertEquals(1_000, Time.cyclesToNs(700, 700));
        assertEquals(700, Time.nsToCycles(1_000, 700));
        assertEquals("1.5ms", Time.format(1_500_000));
        assertEquals("20us", Time.format(20_000));
    }
}
