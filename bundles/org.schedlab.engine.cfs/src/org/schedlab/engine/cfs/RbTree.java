/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import org.schedlab.sim.rbtree.RbRoot;

/**
 * The CFS timeline: a red-black tree of {@link SchedEntity} keyed by
 * {@code vruntime - min_vruntime}, equal keys going right (FIFO among ties), with
 * the leftmost node cached (Linux 2.6.24 kernel/sched_fair.c {@code __enqueue_entity},
 * {@code __dequeue_entity}; lib/rbtree.c {@code rb_insert_color}, {@code rb_erase},
 * {@code rb_next}, {@code rb_prev}, {@code rb_last}).
 * <p>
 * With {@code cacheRightmost} (Balbir Singh's patch of Feb 2008, "Make yield_task_fair
 * more efficient") the rightmost node is cached too, kept current in every insert (a
 * second "still rightmost" flag in the descent) and every erase ({@code rb_prev} of the
 * erased rightmost), so that {@link #last()} is O(1).
 * <p>
 * The tree counts its work so that the engine can charge it in cycles:
 * {@link #visits()} counts nodes examined in a descent or a walk (insert, rb_next,
 * rb_prev, rb_last, the successor search of erase); {@link #fixups()} counts
 * iterations of the recolouring / rotation loops; {@link #cacheOps()} counts
 * compare-and-store operations on the cached leftmost / rightmost pointers.
 * The counters only grow; callers take differences.
 * <p>
 * The red-black links, the rebalancing and the walks are the shared lib/rbtree.c of
 * {@link RbRoot}; this class keeps the CFS key order, the caches and the counting of its descents.
 */
public final class RbTree extends RbRoot<SchedEntity> {

    private final boolean cacheRightmost;
    private SchedEntity leftmost;
    private SchedEntity rightmost;
    private int size;
    private long cacheOps;

    /** @param cacheRightmost whether the balbir-rightmost-2008 rightmost cache is kept */
    public RbTree(boolean cacheRightmost) {
        this.cacheRightmost = cacheRightmost;
    }

    /** @return whether this tree keeps the rightmost cache */
    public boolean cachesRightmost() { return cacheRightmost; }
    /** @return the number of entities in the tree */
    public int size() { return size; }
    /** @return nodes examined in descents and walks so far */
    public long visits() { return visits; }
    /** @return recolouring / rotation loop iterations so far */
    public long fixups() { return fixups; }
    /** @return cached-pointer compare-and-store operations so far */
    public long cacheOps() { return cacheOps; }

    /** The cached leftmost entity, O(1) ({@code __pick_next_entity}); null when empty. */
    public SchedEntity first() {
        return leftmost;
    }

    /**
     * The rightmost entity ({@code __pick_last_entity}): O(1) from the cache with the
     * patch (one node read); otherwise a walk down the right spine, O(log n), each node counted.
     */
    public SchedEntity last() {
        if (cacheRightmost) {
            if (rightmost != null) {
                visits++; // the cached node itself is read (its vruntime is compared next)
            }
            return rightmost;
        }
        SchedEntity n = root;
        if (n == null) {
            return null;
        }
        visits++;
        while (n.right() != null) {
            n = n.right();
            visits++;
        }
        return n;
    }

    private static boolean keyLess(SchedEntity a, SchedEntity b, long min) {
        return a.vruntime - min < b.vruntime - min;
    }

    /**
     * Inserts {@code se} at key {@code se.vruntime - minVruntime}: descend (left when
     * strictly smaller, else right), link, rebalance; update the caches.
     */
    public void insert(SchedEntity se, long minVruntime) {
        if (se.inTree()) {
            throw new IllegalStateException("entity already in the tree: " + se);
        }
        SchedEntity parent = null;
        SchedEntity link = root;
        boolean goLeft = false;
        boolean isLeftmost = true;
        boolean isRightmost = true;
        while (link != null) {
            visits++;
            parent = link;
            if (keyLess(se, link, minVruntime)) {
                link = link.left();
                goLeft = true;
                isRightmost = false;
            } else {
                link = link.right();
                goLeft = false;
                isLeftmost = false;
            }
        }
        cacheOps++;
        if (isLeftmost) {
            leftmost = se;
        }
        if (cacheRightmost) {
            cacheOps++;
            if (isRightmost) {
                rightmost = se;
            }
        }
        linkNode(se, parent, goLeft);
        insertColor(se);
        size++;
    }

    /** Erases {@code se}, first moving the caches off it ({@code rb_next} / {@code rb_prev}). */
    public void erase(SchedEntity se) {
        if (!se.inTree()) {
            throw new IllegalStateException("entity not in the tree: " + se);
        }
        cacheOps++;
        if (leftmost == se) {
            leftmost = next(se);
        }
        if (cacheRightmost) {
            cacheOps++;
            if (rightmost == se) {
                rightmost = prev(se);
            }
        }
        rbErase(se);
        size--;
    }

    /**
     * Checks every red-black and cache invariant; returns null when all hold, else a
     * description of the first violation. Keys are compared as {@code vruntime - minVruntime}.
     */
    public String checkInvariants(long minVruntime) {
        return RbTreeChecker.check(root, leftmost, cacheRightmost ? rightmost : null, cacheRightmost, size,
                minVruntime);
    }
}
