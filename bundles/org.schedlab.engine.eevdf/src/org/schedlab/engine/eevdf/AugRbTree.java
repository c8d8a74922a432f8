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
 * The EEVDF timeline: an augmented red-black tree of {@link SchedEntity} with the leftmost node cached
 * ({@code rb_add_augmented_cached}, {@code rb_erase_augmented_cached}; kernel/sched/fair.c
 * {@code __enqueue_entity}, {@code __dequeue_entity}). Two orders, one per modelled kernel:
 * <ul>
 * <li>Linux 6.6: keyed by vruntime, each node keeping its subtree's {@code min_deadline} (commit 147f3efaa241,
 * "sched/fair: Implement an EEVDF-like scheduling policy");</li>
 * <li>Linux 6.8 and later (so 6.18): keyed by virtual deadline, each node keeping its subtree's
 * {@code min_vruntime} (Abel Wu, "sched/eevdf: Sort the rbtree by virtual deadline", commit 2227a957e1d5):
 * the leftmost is the earliest deadline, and eligibility prunes the search through the minimum vruntime.</li>
 * </ul>
 * Equal keys go right (FIFO among ties); keys are compared by wrapping difference ({@code entity_before}).
 * The work counters of {@link RbAugmented} only grow; callers take differences. The links, rebalancing and
 * walks are the shared lib/rbtree.c of {@link org.schedlab.sim.rbtree.RbRoot}; this class keeps the key order,
 * the leftmost cache and the counting of its descents.
 */
public final class AugRbTree extends RbAugmented {

    private final boolean byDeadline;
    private SchedEntity leftmost;
    private int size;
    private long cacheOps;

    /** @param byDeadline true for the 6.8+ order (deadline key, min_vruntime), false for 6.6 (vruntime key, min_deadline) */
    public AugRbTree(boolean byDeadline) {
        this.byDeadline = byDeadline;
    }

    public boolean byDeadline() { return byDeadline; }
    public int size() { return size; }
    /** @return the cached leftmost ({@code __pick_first_entity}), or null */
    public SchedEntity first() { return leftmost; }
    /** @return every unit of tree work so far: nodes visited, rebalancing iterations, augment recomputations, cache updates */
    public long work() { return visits + fixups + augSteps + cacheOps; }

    /** @return the sort key of {@code se} in this tree */
    public long key(SchedEntity se) {
        return byDeadline ? se.deadline : se.vruntime;
    }

    @Override
    long augValue(SchedEntity n) {
        return byDeadline ? n.vruntime : n.deadline;
    }

    /** {@code entity_before}: {@code a} sorts strictly before {@code b}. */
    public boolean before(SchedEntity a, SchedEntity b) {
        return key(a) - key(b) < 0;
    }

    /** Test and checker access to the augmented minimum of a subtree. */
    public static long augmented(SchedEntity n) {
        return n.aug;
    }

    /** Counts one node examined by a search outside the tree (pick_eevdf descends through it). */
    void visit() {
        visits++;
    }

    /** {@code __enqueue_entity}: descend, link a red leaf, propagate the augmentation ("suboptimal"), recolour. */
    public void insert(SchedEntity se) {
        if (se.inTree()) {
            throw new IllegalStateException("entity already in the tree: " + se);
        }
        SchedEntity parent = null;
        SchedEntity link = root;
        boolean goLeft = false;
        boolean isLeftmost = true;
        while (link != null) {
            visits++;
            parent = link;
            if (before(se, link)) {
                link = link.left();
                goLeft = true;
            } else {
                link = link.right();
                goLeft = false;
                isLeftmost = false;
            }
        }
        se.aug = augValue(se);
        linkNode(se, parent, goLeft);
        cacheOps++;
        if (isLeftmost) {
            leftmost = se;
        }
        propagate(parent, true);
        insertColor(se);
        size++;
    }

    /** {@code __dequeue_entity}: move the leftmost cache off the node ({@code rb_next}), then erase. */
    public void erase(SchedEntity se) {
        if (!se.inTree()) {
            throw new IllegalStateException("entity not in the tree: " + se);
        }
        cacheOps++;
        if (leftmost == se) {
            leftmost = next(se);
        }
        rbErase(se);
        size--;
    }

    /** @return null when every red-black, order, augmentation and cache invariant holds, else the first violation */
    public String checkInvariants() {
        return TreeChecker.check(this, root, leftmost, size);
    }
}
