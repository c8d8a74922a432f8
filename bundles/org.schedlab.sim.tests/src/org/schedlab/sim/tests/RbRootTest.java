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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.rbtree.RbNode;
import org.schedlab.sim.rbtree.RbRoot;

/**
 * The shared red-black tree of lib/rbtree.c ({@link RbRoot}) on its own: a plain tree and an augmented one
 * (subtree minimum, as {@code RB_DECLARE_CALLBACKS_MAX}) keyed by an int, equal keys going right. The
 * engines' trees ({@code RbTree} of cfs, {@code AugRbTree} of eevdf) test their keying and caches on top.
 */
class RbRootTest {

    static final class Node extends RbNode<Node> {
        final int key;
        final long value;
        long min;

        Node(int key, long value) {
            this.key = key;
            this.value = value;
        }

        @Override
        public String toString() {
            return "n" + key + "/" + value;
        }
    }

    /** An int-keyed tree; with {@code augmented} each node keeps its subtree's minimum value. */
    static final class Tree extends RbRoot<Node> {
        final boolean augmented;
        long augSteps;

        Tree(boolean augmented) {
            this.augmented = augmented;
        }

        long compute(Node n) {
            long m = n.value;
            if (n.left() != null) {
                m = Math.min(m, n.left().min);
            }
            if (n.right() != null) {
                m = Math.min(m, n.right().min);
            }
            return m;
        }

        void propagate(Node n, boolean stopWhenUnchanged) {
            while (n != null) {
                augSteps++;
                long m = compute(n);
                if (m == n.min && stopWhenUnchanged) {
                    return;
                }
                n.min = m;
                n = n.parent();
            }
        }

        @Override
        protected void augmentRotate(Node oldTop, Node newTop) {
            if (augmented) {
                newTop.min = oldTop.min;
                oldTop.min = compute(oldTop);
                augSteps++;
            }
        }

        @Override
        protected void augmentPropagate(Node from) {
            if (augmented) {
                propagate(from, false);
            }
        }

        void insert(Node n) {
            Node parent = null;
            Node link = root;
            boolean goLeft = false;
            while (link != null) {
                visits++;
                parent = link;
                goLeft = n.key < link.key;
                link = goLeft ? link.left() : link.right();
            }
            n.min = n.value;
            linkNode(n, parent, goLeft);
            if (augmented) {
                propagate(parent, true);
            }
            insertColor(n);
        }

        void erase(Node n) {
            rbErase(n);
        }

        Node successor(Node n) {
            return next(n);
        }

        Node predecessor(Node n) {
            return prev(n);
        }

        long visits() { return visits; }
        long fixups() { return fixups; }

        List<Node> inOrder() {
            List<Node> out = new ArrayList<>();
            forEach(out::add);
            return out;
        }

        /** @return null when every red-black, order and augmentation invariant holds, else the first violation */
        String check() {
            if (root != null && (root.isRed() || root.parent() != null)) {
                return "root red or with a parent";
            }
            String[] err = {null};
            height(root, err);
            List<Node> all = inOrder();
            for (int i = 1; i < all.size() && err[0] == null; i++) {
                if (all.get(i).key < all.get(i - 1).key) {
                    err[0] = "order at " + all.get(i);
                }
            }
            return err[0];
        }

        private int height(Node n, String[] err) {
            if (n == null || err[0] != null) {
                return 1;
            }
            if (!n.inTree()) {
                err[0] = n + " not marked linked";
            }
            for (Node c : new Node[] {n.left(), n.right()}) {
                if (c != null && c.parent() != n) {
                    err[0] = "broken parent link under " + n;
                }
                if (c != null && n.isRed() && c.isRed()) {
                    err[0] = "red " + n + " with a red child";
                }
            }
            if (augmented && n.min != compute(n)) {
                err[0] = "augmented minimum of " + n;
            }
            int lh = height(n.left(), err);
            int rh = height(n.right(), err);
            if (lh != rh && err[0] == null) {
                err[0] = "black heights differ under " + n;
            }
            return lh + (n.isRed() ? 0 : 1);
        }
    }

    @Test
    void invariantsHoldAfterEveryRandomInsertAndEraseWithAndWithoutAugmentation() {
        for (boolean augmented : new boolean[] {false, true}) {
            SplittableRandom r = new SplittableRandom(augmented ? 11 : 5);
            Tree t = new Tree(augmented);
            List<Node> in = new ArrayList<>();
            long visits = 0, fixups = 0;
            for (int step = 0; step < 6000; step++) {
                if (in.isEmpty() || r.nextInt(100) < (in.size() < 200 ? 60 : 40)) {
                    Node n = new Node(r.nextInt(500), r.nextLong(-1_000_000, 1_000_000));
                    t.insert(n);
                    in.add(n);
                } else {
                    Node n = in.remove(r.nextInt(in.size()));
                    t.erase(n);
                    assertFalse(n.inTree());
                    assertNull(n.parent());
                }
                assertNull(t.check(), "step " + step);
                assertEquals(in.size(), t.inOrder().size());
                if (augmented && !in.isEmpty()) {
                    assertEquals(in.stream().mapToLong(n -> n.value).min().orElseThrow(), t.root().min);
                }
                assertTrue(t.visits() >= visits && t.fixups() >= fixups, "counters only grow");
                visits = t.visits();
                fixups = t.fixups();
            }
            assertTrue(t.fixups() > 0 && t.visits() > 0);
        }
    }

    @Test
    void equalKeysGoRightAndNextPrevWalkInOrder() {
        Tree t = new Tree(false);
        List<Node> ns = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Node n = new Node(i / 4, i); // four equal keys each: insertion order among ties
            ns.add(n);
            t.insert(n);
        }
        assertEquals(ns, t.inOrder());
        for (int i = 0; i < 100; i++) {
            assertSame(i < 99 ? ns.get(i + 1) : null, t.successor(ns.get(i)));
            assertSame(i > 0 ? ns.get(i - 1) : null, t.predecessor(ns.get(i)));
        }
        List<Node> firstTen = new ArrayList<>();
        t.forEachUntil(n -> firstTen.add(n) && firstTen.size() < 10);
        assertEquals(ns.subList(0, 10), firstTen);
    }

    @Test
    void aPlainTreeCountsOnlyDescentsWalksAndFixups() {
        Tree t = new Tree(false);
        Node a = new Node(1, 0), b = new Node(2, 0), c = new Node(3, 0);
        t.insert(a);
        t.insert(b);
        assertEquals(1, t.visits());
        assertEquals(0, t.fixups());
        t.insert(c); // red parent, no uncle: one fixup, a rotation
        assertEquals(3, t.visits());
        assertEquals(1, t.fixups());
        assertSame(b, t.root());
        t.erase(b); // two children: one node of successor search
        assertEquals(4, t.visits());
        assertSame(c, t.root());
        assertNull(t.check());
    }

    @Test
    void doubleInsertAndEraseOfAStrangerAreRejected() {
        Tree t = new Tree(false);
        Node a = new Node(1, 0);
        t.insert(a);
        assertThrows(IllegalStateException.class, () -> t.insert(a));
        assertThrows(IllegalStateException.class, () -> t.erase(new Node(2, 0)));
        assertTrue(a.inTree());
        assertFalse(t.isEmpty());
    }
}
