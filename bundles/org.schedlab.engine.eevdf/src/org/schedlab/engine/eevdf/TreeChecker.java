/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

/**
 * Checks an {@link AugRbTree}: parent links, no red node with a red child, equal black heights, in-order keys
 * non-decreasing, every node's augmented value equal to the minimum over its subtree, the cached leftmost,
 * the size, and the linked flags.
 */
final class TreeChecker {

    private final AugRbTree tree;
    private String error;
    private int count;
    private SchedEntity prev;
    private SchedEntity first;

    private TreeChecker(AugRbTree tree) {
        this.tree = tree;
    }

    static String check(AugRbTree tree, SchedEntity root, SchedEntity leftmost, int size) {
        TreeChecker c = new TreeChecker(tree);
        if (root != null && root.parent() != null) {
            return "root has a parent";
        }
        if (root != null && root.isRed()) {
            return "root is red";
        }
        c.walk(root);
        if (c.error != null) {
            return c.error;
        }
        if (c.count != size) {
            return "size " + size + " but " + c.count + " nodes";
        }
        if (c.first != leftmost) {
            return "cached leftmost " + leftmost + " is not the first node " + c.first;
        }
        return null;
    }

    /** @return the black height of the subtree, -1 after an error */
    private int walk(SchedEntity n) {
        if (n == null || error != null) {
            return 0;
        }
        if (!n.inTree()) {
            error = n + " in the tree but not marked linked";
            return -1;
        }
        for (SchedEntity c : new SchedEntity[] {n.left(), n.right()}) {
            if (c != null && c.parent() != n) {
                error = "broken parent link under " + n;
                return -1;
            }
            if (c != null && n.isRed() && c.isRed()) {
                error = "red " + n + " has a red child";
                return -1;
            }
        }
        int lh = walk(n.left());
        if (error != null) {
            return -1;
        }
        count++;
        if (first == null) {
            first = n;
        }
        if (prev != null && tree.before(n, prev)) {
            error = "order: " + prev + " before " + n;
            return -1;
        }
        prev = n;
        int rh = walk(n.right());
        if (error != null) {
            return -1;
        }
        if (lh != rh) {
            error = "black heights differ under " + n;
            return -1;
        }
        if (n.aug != tree.compute(n)) {
            error = "augmented minimum " + n.aug + " of " + n + " should be " + tree.compute(n);
            return -1;
        }
        return lh + (n.isRed() ? 0 : 1);
    }
}
