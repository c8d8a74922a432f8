/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.rbtree;

/**
 * The red-black tree links embedded in an entity, as {@code struct rb_node} is embedded in
 * {@code struct sched_entity} (include/linux/rbtree.h; lib/rbtree.c): parent, two children and a colour, plus
 * whether the node is linked. No allocation happens on insert or erase. Only {@link RbRoot} changes the links;
 * the engines read them (a search descends by {@link #left()} and {@link #right()}).
 *
 * @param <N> the entity type that embeds the node (the children are entities of the same type)
 */
public abstract class RbNode<N extends RbNode<N>> {

    N parent;
    N left;
    N right;
    boolean red;
    /** True while the node is linked into a tree (the kernel's {@code se->on_rq} for the tree part). */
    boolean linked;

    /** @return the parent node, null for the root or an unlinked node ({@code rb_parent}) */
    public final N parent() {
        return parent;
    }

    /** @return the left child ({@code rb_left}), or null */
    public final N left() {
        return left;
    }

    /** @return the right child ({@code rb_right}), or null */
    public final N right() {
        return right;
    }

    /** @return whether the node is red ({@code rb_is_red}) */
    public final boolean isRed() {
        return red;
    }

    /** @return whether this node is currently linked into a tree */
    public final boolean inTree() {
        return linked;
    }

    final void unlinkFields() {
        parent = null;
        left = null;
        right = null;
        red = false;
        linked = false;
    }
}
