/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

/**
 * Verifies a {@link RbTree}: the root is black, no red node has a red child, every
 * root-to-leaf path has the same number of black nodes, parent links agree with child
 * links, keys never decrease in order, the size is right, and the cached leftmost
 * (and rightmost, when kept) are the first (and last) nodes.
 */
final class RbTreeChecker {

    private final long min;
    private int count;
    private SchedEntity firstSeen;
    private SchedEntity lastSeen;
    private String error;

    private RbTreeChecker(long min) {
        this.min = min;
    }

    static String check(SchedEntity root, SchedEntity leftmost, SchedEntity rightmost, boolean checkRightmost,
            int size, long min) {
        RbTreeChecker c = new RbTreeChecker(min);
        if (root != null && root.isRed()) {
            return "red root";
        }
        if (root != null && root.parent() != null) {
            return "root has a parent";
        }
        c.blackHeight(root);
        if (c.error != null) {
            return c.error;
        }
        if (c.count != size) {
            return "size " + size + " but " + c.count + " nodes";
        }
        if (leftmost != c.firstSeen) {
            return "cached leftmost " + leftmost + " is not the first node " + c.firstSeen;
        }
        if (checkRightmost && rightmost != c.lastSeen) {
            return "cached rightmost " + rightmost + " is not the last node " + c.lastSeen;
        }
        return null;
    }

    /** @return the black height of the subtree, recording the first violation in {@link #error} */
    private int blackHeight(SchedEntity n) {
        if (n == null || error != null) {
            return 1;
        }
        if (!n.inTree()) {
            error = "node in tree not marked linked: " + n;
        }
        if (n.isRed() && (isRed(n.left()) || isRed(n.right()))) {
            error = "red node with red child: " + n;
        }
        if (n.left() != null && n.left().parent() != n || n.right() != null && n.right().parent() != n) {
            error = "broken parent link under " + n;
        }
        int lh = blackHeight(n.left());
        visit(n);
        int rh = blackHeight(n.right());
        if (lh != rh && error == null) {
            error = "black heights differ under " + n + ": " + lh + " vs " + rh;
        }
        return lh + (n.isRed() ? 0 : 1);
    }

    private void visit(SchedEntity se) {
        count++;
        if (firstSeen == null) {
            firstSeen = se;
        }
        if (lastSeen != null && se.vruntime - min < lastSeen.vruntime - min && error == null) {
            error = "keys out of order: " + lastSeen + " before " + se;
        }
        lastSeen = se;
    }

    private static boolean isRed(SchedEntity n) {
        return n != null && n.isRed();
    }
}
