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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.o1.O1Task;
import org.schedlab.engine.o1.PrioArray;
import org.schedlab.engine.o1.PrioMath;

class PrioArrayTest {
    private static O1Task task(String name, int prio) {
        return new O1Task(null, prio);
    }

    @Test
    void emptyArrayFindsTheDelimiterBit() {
        PrioArray a = new PrioArray("active");
        assertEquals(PrioMath.MAX_PRIO, a.findFirstBit());
        assertEquals(0, a.nrActive());
    }

    @Test
    void findFirstBitReturnsTheBestPriorityAcrossWords() {
        PrioArray a = new PrioArray("active");
        O1Task low = task("low", 139);
        O1Task rt = task("rt", 5);
        O1Task mid = task("mid", 70);
        a.enqueue(low);
        assertEquals(139, a.findFirstBit());
        a.enqueue(mid);
        assertEquals(70, a.findFirstBit());
        a.enqueue(rt);
        assertEquals(5, a.findFirstBit());
        a.dequeue(rt);
        assertEquals(70, a.findFirstBit());
        a.dequeue(mid);
        assertEquals(139, a.findFirstBit());
        assertEquals(1, a.nrActive());
    }

    @Test
    void listsAreFifoAndTheBitClearsOnlyWhenTheListEmpties() {
        PrioArray a = new PrioArray("active");
        O1Task x = task("x", 120);
        O1Task y = task("y", 120);
        O1Task z = task("z", 120);
        a.enqueue(x);
        a.enqueue(y);
        a.enqueue(z);
        assertSame(x, a.first(120));
        a.requeue(x);
        assertSame(y, a.first(120));
        assertSame(x, a.last(120));
        a.dequeue(z); // from the middle
        assertSame(y, a.first(120));
        assertTrue(a.testBit(120));
        a.dequeue(y);
        a.dequeue(x);
        assertFalse(a.testBit(120));
        assertNull(a.first(120));
        assertNull(x.array());
    }

    @Test
    void enqueueHeadGoesFirst() {
        PrioArray a = new PrioArray("active");
        O1Task x = task("x", 120);
        O1Task y = task("y", 120);
        a.enqueue(x);
        a.enqueueHead(y);
        assertSame(y, a.first(120));
        assertSame(x, a.last(120));
    }

    @Test
    void doubleEnqueueAndForeignDequeueAreRejected() {
        PrioArray a = new PrioArray("active");
        PrioArray b = new PrioArray("expired");
        O1Task x = task("x", 120);
        a.enqueue(x);
        assertThrows(IllegalStateException.class, () -> b.enqueue(x));
        assertThrows(IllegalStateException.class, () -> b.dequeue(x));
        assertThrows(IllegalStateException.class, () -> x.setPrio(110));
    }
}
