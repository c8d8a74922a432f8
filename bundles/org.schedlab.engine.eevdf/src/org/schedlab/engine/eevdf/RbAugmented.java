/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import org.schedlab.sim.rbtree.RbRoot;

/**
 * The augmentation callbacks of include/linux/rbtree_augmented.h ({@code RB_DECLARE_CALLBACKS_MAX}) on the
 * shared red-black tree of lib/rbtree.c ({@link RbRoot}), paraphrased: each node keeps its subtree's minimum;
 * {@code augment_rotate} gives the new top the old top's value and recomputes the old top from its children;
 * {@code augment_propagate} recomputes from the lowest changed node towards the root, after an insert (stopping
 * once a value is unchanged) and after an erase (up to the root). The subclass decides the key order and which
 * field is the augmented minimum.
 * <p>
 * Work is counted for the cost model: {@link #visits} (nodes examined in descents, walks and the successor
 * search), {@link #fixups} (iterations of the recolouring / rotation loops) and {@link #augSteps}
 * (augmented values recomputed by {@code propagate} and rotations).
 */
abstract class RbAugmented extends RbRoot<SchedEntity> {

    long augSteps;

    /** @return the value this node contributes to the augmentation (its deadline, or its vruntime) */
    abstract long augValue(SchedEntity n);

    /** The augmented callback's compute: the minimum over the node and its children's subtrees. */
    final long compute(SchedEntity n) {
        long m = augValue(n);
        SchedEntity l = n.left();
        SchedEntity r = n.right();
        if (l != null && l.aug - m < 0) {
            m = l.aug;
        }
        if (r != null && r.aug - m < 0) {
            m = r.aug;
        }
        return m;
    }

    /** {@code propagate}: recompute from {@code n} towards the root; stops early once a value is unchanged. */
    final void propagate(SchedEntity n, boolean stopWhenUnchanged) {
        while (n != null) {
            augSteps++;
            long m = compute(n);
            if (m == n.aug && stopWhenUnchanged) {
                return;
            }
            n.aug = m;
            n = n.parent();
        }
    }

    /** {@code augment_rotate}: the new top inherits the old top's minimum; the old top is recomputed. */
    @Override
    protected final void augmentRotate(SchedEntity oldTop, SchedEntity newTop) {
        newTop.aug = oldTop.aug;
        oldTop.aug = compute(oldTop);
        augSteps++;
    }

    /** {@code __rb_erase_augmented}'s propagate: from the lowest changed node up to the root, every node recomputed. */
    @Override
    protected final void augmentPropagate(SchedEntity from) {
        propagate(from, false);
    }
}
