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
 * {@code pick_eevdf}: the eligible entity (lag >= 0) with the earliest virtual deadline, the current entity
 * (out of the tree) included, in the two forms the modelled kernels have. Each tree node examined counts one
 * unit of tree work ({@code TREE_STEP}).
 * <ul>
 * <li>Linux 6.6 (tree by vruntime, min_deadline): {@code __pick_eevdf} as fixed by Benjamin Segall
 * ("sched/eevdf: Fix pick_eevdf()", September 2023): descend while skipping ineligible nodes to the left,
 * remember the best eligible node and the left subtree with the best min_deadline (all of whose entities are
 * eligible), then, if that subtree beats the best node, descend it to the node whose deadline equals its
 * min_deadline. RUN_TO_PARITY: an eligible current entity that still holds the deadline stashed at pick
 * ({@code vlag == deadline}) is kept.</li>
 * <li>Linux 6.8+ / 6.18 (tree by deadline, min_vruntime): keep a protected current entity; else take the
 * leftmost if it is eligible (O(1)); else a heap search: go left whenever the left subtree's min_vruntime is
 * eligible, else take this node if eligible, else go right; finally the current entity wins if it is
 * earlier.</li>
 * </ul>
 */
final class PickEevdf {

    private PickEevdf() {
    }

    /** @param protect honour slice protection (false when a wakeup with a shorter slice cancels it) */
    static SchedEntity pick(CfsRq rq, boolean protect) {
        return rq.version.treeByDeadline() ? pickByDeadline(rq, protect) : pickByVruntime(rq);
    }

    private static SchedEntity eligibleCurr(CfsRq rq) {
        SchedEntity curr = rq.curr;
        if (curr != null && (!curr.onRq || !rq.entityEligible(curr))) {
            return null;
        }
        return curr;
    }

    /** Linux 6.18 {@code __pick_eevdf(cfs_rq, protect)}. */
    private static SchedEntity pickByDeadline(CfsRq rq, boolean protect) {
        AugRbTree tree = rq.tree();
        SchedEntity first = tree.first();
        if (rq.nrQueued == 1) {
            return rq.curr != null && rq.curr.onRq ? rq.curr : first;
        }
        SchedEntity curr = eligibleCurr(rq);
        if (curr != null && protect && SliceProtection.protectSlice(curr)) {
            return curr;
        }
        SchedEntity best = null;
        if (first != null) {
            tree.visit();
            if (rq.entityEligible(first)) {
                best = first;
            }
        }
        SchedEntity node = best == null ? tree.root() : null;
        while (node != null) {
            tree.visit();
            SchedEntity left = node.left();
            if (left != null && rq.vruntimeEligible(AugRbTree.augmented(left))) {
                node = left;
                continue;
            }
            if (rq.entityEligible(node)) {
                best = node;
                break;
            }
            node = node.right();
        }
        if (best == null || curr != null && curr.deadline - best.deadline < 0) {
            best = curr;
        }
        return best;
    }

    /** Linux 6.6 {@code pick_eevdf} / {@code __pick_eevdf}. */
    private static SchedEntity pickByVruntime(CfsRq rq) {
        AugRbTree tree = rq.tree();
        SchedEntity curr = eligibleCurr(rq);
        SchedEntity best = curr;
        if (rq.tunables.runToParity() && curr != null && curr.vlag == curr.deadline) {
            return curr;
        }
        SchedEntity bestLeft = null;
        SchedEntity node = tree.root();
        while (node != null) {
            tree.visit();
            if (!rq.entityEligible(node)) {
                node = node.left();
                continue;
            }
            if (best == null || best.deadline - node.deadline > 0) {
                best = node;
            }
            if (node.left() != null) {
                SchedEntity left = node.left();
                if (bestLeft == null || bestLeft.aug - left.aug > 0) {
                    bestLeft = left;
                }
                if (left.aug == node.aug) {
                    break; // min_deadline is in the left subtree, all of it eligible
                }
            }
            if (node.deadline == node.aug) {
                break; // min_deadline is this node
            }
            node = node.right();
        }
        if (bestLeft == null || bestLeft.aug - best.deadline > 0) {
            return best != null ? best : tree.first(); // "EEVDF scheduling fail, picking leftmost"
        }
        node = bestLeft;
        while (node != null) {
            tree.visit();
            if (node.deadline == node.aug) {
                return node;
            }
            if (node.left() != null && node.left().aug == node.aug) {
                node = node.left();
            } else {
                node = node.right();
            }
        }
        return tree.first();
    }
}
