/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * The one red-black tree of the engines, as Linux has one lib/rbtree.c for all its users: the embedded node
 * ({@link org.schedlab.sim.rbtree.RbNode}, {@code struct rb_node} of include/linux/rbtree.h) and the
 * rebalancing ({@link org.schedlab.sim.rbtree.RbRoot}: {@code rb_link_node}, {@code rb_insert_color},
 * {@code rb_erase} with {@code __rb_erase_color}, {@code rb_next}, {@code rb_prev}) with the augmentation
 * callbacks of include/linux/rbtree_augmented.h ({@code augment_rotate}, {@code augment_propagate}).
 * <p>
 * Each engine subclasses {@link org.schedlab.sim.rbtree.RbRoot} with its own key order (the descent that
 * chooses where a node is linked), its caches (leftmost, rightmost) and its augmentation, and reads the work
 * counters ({@code visits}, {@code fixups}) that it charges in cycles.
 */
package org.schedlab.sim.rbtree;
