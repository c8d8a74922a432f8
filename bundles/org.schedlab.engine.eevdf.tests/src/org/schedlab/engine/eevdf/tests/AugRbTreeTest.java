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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.eevdf.AugRbTree;
import org.schedlab.engine.eevdf.SchedEntity;

/** The augmented timeline in both orders: invariants after every random insert and erase, ties, the minimum. */
class AugRbTreeTest {

    private static SchedEntity se(String name, long v, long d) {
        SchedEntity s = new SchedEntity(name);
        s.set(v, d);
        return s;
    }

    @Test
    void invariantsHoldAfterEveryRandomInsertAndErase() {
        for (boolean byDeadline : new boolean[] {false, true}) {
            SplittableRandom r = new SplittableRandom(byDeadline ? 7 : 3);
            AugRbTree t = new AugRbTree(byDeadline);
            List<SchedEntity> in = new ArrayList<>();
            for (int step = 0; step < 5000; step++) {
                if (in.isEmpty() || r.nextInt(100) < 55) {
                    long v = r.nextLong(-1_000_000, 1_000_000);
                    SchedEntity s = se("e" + step, v, v + r.nextLong(1, 3_000_000));
                    t.insert(s);
                    in.add(s);
                } else {
                    t.erase(in.remove(r.nextInt(in.size())));
                }
                String e = t.checkInvariants();
                assertNull(e, (byDeadline ? "by deadline" : "by vruntime") + " step " + step + ": " + e);
                assertEquals(in.size(), t.size());
                if (!in.isEmpty()) {
                    long min = in.stream().mapToLong(s -> byDeadline ? s.vruntime() : s.deadline()).min().getAsLong();
                    assertEquals(min, AugRbTree.augmented(t.root()), "the root holds the minimum at step " + step);
                }
            }
        }
    }

    @Test
    void equalKeysGoRightSoTiesAreFifo() {
        AugRbTree t = new AugRbTree(true);
        SchedEntity a = se("a", 0, 100), b = se("b", 5, 100), c = se("c", 9, 100), d = se("d", 1, 50);
        for (SchedEntity s : List.of(a, b, c, d)) {
            t.insert(s);
        }
        List<SchedEntity> order = new ArrayList<>();
        t.forEachUntil(order::add);
        assertEquals(List.of(d, a, b, c), order);
        assertSame(d, t.first());
        assertEquals(0, AugRbTree.augmented(t.root()), "min_vruntime over the tree");
    }

    @Test
    void keysCompareByWrappingDifference() {
        AugRbTree t = new AugRbTree(false);
        SchedEntity before = se("before", Long.MAX_VALUE - 5, 0);
        SchedEntity after = se("after", Long.MAX_VALUE + 20, 0); // wrapped past MAX
        t.insert(after);
        t.insert(before);
        assertSame(before, t.first());
        assertNull(t.checkInvariants());
    }

    @Test
    void treeWorkGrowsLogarithmically() {
        AugRbTree t = new AugRbTree(true);
        for (int i = 0; i < 4095; i++) {
            t.insert(se("e" + i, i, 2L * i));
        }
        long w0 = t.work();
        t.insert(se("x", 5000, 1_000_000));
        long steps = t.work() - w0;
        assertTrue(steps >= 12 && steps < 80, "one insert into 4095 nodes: " + steps + " steps");
    }
}
