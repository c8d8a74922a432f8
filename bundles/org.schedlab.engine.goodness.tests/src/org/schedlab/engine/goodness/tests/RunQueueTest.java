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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.goodness.RunQueue;
import org.schedlab.engine.goodness.SchedEntity;

/** The global run list: head insertion, move_last, move_first, nr_running. */
class RunQueueTest {
    private static SchedEntity se(int pid) {
        return new SchedEntity(pid, null, false);
    }

    @Test
    void addToRunqueueInsertsAtTheHead() {
        RunQueue rq = new RunQueue(null);
        SchedEntity a = se(1), b = se(2), c = se(3);
        rq.addToRunqueue(a);
        rq.addToRunqueue(b);
        rq.addToRunqueue(c);
        assertEquals(List.of(c, b, a), rq.toList());
        assertEquals(3, rq.nrRunning());
    }

    @Test
    void moveLastAndMoveFirst() {
        RunQueue rq = new RunQueue(null);
        SchedEntity a = se(1), b = se(2), c = se(3);
        rq.addToRunqueue(a);
        rq.addToRunqueue(b);
        rq.addToRunqueue(c); // c b a
        rq.moveLastRunqueue(c);
        assertEquals(List.of(b, a, c), rq.toList());
        rq.moveFirstRunqueue(a);
        assertEquals(List.of(a, b, c), rq.toList());
        rq.moveLastRunqueue(c); // already last: stays
        assertEquals(List.of(a, b, c), rq.toList());
        assertEquals(3, rq.nrRunning());
    }

    @Test
    void delFromRunqueueUnlinksAndCounts() {
        RunQueue rq = new RunQueue(null);
        SchedEntity a = se(1), b = se(2);
        rq.addToRunqueue(a);
        rq.addToRunqueue(b);
        rq.delFromRunqueue(b);
        assertFalse(b.onRunqueue());
        assertTrue(a.onRunqueue());
        assertEquals(List.of(a), rq.toList());
        assertEquals(1, rq.nrRunning());
        assertThrows(IllegalStateException.class, () -> rq.delFromRunqueue(b));
        assertThrows(IllegalStateException.class, () -> rq.addToRunqueue(a));
    }
}
