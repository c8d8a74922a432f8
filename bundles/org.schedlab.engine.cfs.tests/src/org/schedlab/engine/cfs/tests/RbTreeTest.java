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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.cfs.RbTree;
import org.schedlab.engine.cfs.SchedEntity;

class RbTreeTest {

    private static SchedEntity se(String name, long v) {
        SchedEntity s = new SchedEntity(name);
        s.setVruntime(v);
        return s;
    }

    private static List<SchedEntity> inOrder(RbTree t) {
        List<SchedEntity> out = new ArrayList<>();
        t.forEach(out::add);
        return out;
    }

    @Test
    void equalKeysGoRightSoTiesAreFifo() {
        RbTree t = new RbTree(false);
        SchedEntity a = se("a", 100), b = se("b", 100), c = se("c", 100), d = se("d", 50);
        for (SchedEntity s : List.of(a, b, c, d)) {
            t.insert(s, 0);
        }
        assertEquals(List.of(d, a, b, c), inOrder(t));
        assertSame(d, t.first());
        assertSame(c, t.last());
        assertNull(t.checkInvariants(0));
    }

    @Test
    void keysAreRelativeToMinVruntimeSoOrderSurvivesWraparound() {
        RbTree t = new RbTree(true);
        long min = Long.MAX_VALUE - 10;
        SchedEntity before = se("before", Long.MAX_VALUE - 5);
        SchedEntity after = se("after", Long.MAX_VALUE + 20); // wrapped past MAX
        t.insert(after, min);
        t.insert(before, min);
        assertSame(before, t.first());
        assertSame(after, t.last());
        assertNull(t.checkInvariants(min));
    }

    @Test
    void rightSpineWalkCountsNodesButCachedRightmostDoesNot() {
        RbTree walk = new RbTree(false);
        RbTree cached = new RbTree(true);
        for (int i = 0; i < 1023; i++) {
            walk.insert(se("w" + i, i), 0);
            cached.insert(se("c" + i, i), 0);
        }
        long v0 = walk.visits();
        SchedEntity lastWalk = walk.last();
        long spine = walk.visits() - v0;
        assertEquals(1022L, lastWalk.vruntime());
        assertTrue(spine >= 10 && spine <= 20, "right spine of a 1023-node red-black tree: " + spine);
        long c0 = cached.visits();
        assertEquals(1022L, cached.last().vruntime());
        assertEquals(1, cached.visits() - c0, "only the cached node is read");
    }

    @Test
    void rightmostCacheCostsARbPrevWhenTheRightmostIsErased() {
        RbTree cached = new RbTree(true);
        RbTree plain = new RbTree(false);
        List<SchedEntity> cs = new ArrayList<>(), ps = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            cs.add(se("c" + i, i));
            ps.add(se("p" + i, i));
            cached.insert(cs.get(i), 0);
            plain.insert(ps.get(i), 0);
        }
        long c0 = cached.visits(), p0 = plain.visits();
        cached.erase(cs.get(63));
        plain.erase(ps.get(63));
        assertTrue(cached.visits() - c0 > plain.visits() - p0, "rb_prev adds visits");
        assertTrue(cached.cacheOps() > plain.cacheOps());
        assertSame(cs.get(62), cached.last());
        assertNull(cached.checkInvariants(0));
    }

    @Test
    void doubleInsertAndEraseOfAStrangerAreRejected() {
        RbTree t = new RbTree(false);
        SchedEntity a = se("a", 1);
        t.insert(a, 0);
        assertThrows(IllegalStateException.class, () -> t.insert(a, 0));
        assertThrows(IllegalStateException.class, () -> t.erase(se("b", 2)));
    }

    /** Random inserts and erases against a TreeMap keyed by (key, insertion sequence). */
    @Test
    void randomisedAgainstReferenceWithAndWithoutRightmostCache() {
        randomisedAgainstReference(false);
        randomisedAgainstReference(true);
    }

    private static void randomisedAgainstReference(boolean cacheRightmost) {
        SplittableRandom rnd = new SplittableRandom(0x5EED);
        RbTree t = new RbTree(cacheRightmost);
        TreeMap<long[], SchedEntity> ref = new TreeMap<>((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0])
                : Long.compare(x[1], y[1]));
        List<long[]> keys = new ArrayList<>();
        long seq = 0;
        long min = 0;
        for (int step = 0; step < 20_000; step++) {
            boolean insert = ref.isEmpty() || rnd.nextInt(100) < (ref.size() < 300 ? 55 : 45);
            if (insert) {
                long v = min + rnd.nextLong(0, 2_000); // small range: many equal keys
                SchedEntity s = se("t" + seq, v);
                long[] k = {v - min, seq++};
                // reference order uses the key at insertion; min only moves below every key here
                ref.put(k, s);
                keys.add(k);
                t.insert(s, min);
            } else {
                long[] k = rnd.nextInt(4) == 0 ? ref.firstKey() : keys.get(rnd.nextInt(keys.size()));
                SchedEntity s = ref.remove(k);
                keys.remove(k);
                t.erase(s);
            }
            if (step % 97 == 0) {
                assertNull(t.checkInvariants(min), "step " + step);
                assertEquals(new ArrayList<>(ref.values()), inOrder(t), "step " + step);
            }
            assertEquals(ref.size(), t.size());
            assertSame(ref.isEmpty() ? null : ref.firstEntry().getValue(), t.first());
            assertSame(ref.isEmpty() ? null : ref.lastEntry().getValue(), t.last());
        }
    }
}
