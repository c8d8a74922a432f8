/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.rbtree;

import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A red-black tree root with the machinery of lib/rbtree.c, paraphrased: {@code rb_link_node}, rotations,
 * {@code rb_insert_color}, {@code rb_erase} ({@code __rb_erase_augmented} of include/linux/rbtree_augmented.h)
 * with {@code __rb_erase_color}, and the walks {@code rb_next} and {@code rb_prev}. Nodes have parent pointers
 * and null leaves. The subclass decides where a node is linked (the key order, by its own descent), keeps its
 * caches (leftmost, rightmost) and, for an augmented tree, overrides the callbacks of
 * include/linux/rbtree_augmented.h: {@link #augmentRotate} ({@code augment_rotate}) and
 * {@link #augmentPropagate} ({@code augment_propagate} after an erase unlinks a node). The plain tree's
 * callbacks do nothing, as {@code dummy_callbacks} in lib/rbtree.c.
 * <p>
 * Work is counted for the engines' cost models: {@link #visits} counts nodes examined (the successor search of
 * erase, {@code rb_next}, {@code rb_prev}, and whatever the subclass adds for its descents); {@link #fixups}
 * counts iterations of the recolouring / rotation loops. The counters only grow; callers take differences.
 *
 * @param <N> the entity type embedding the {@link RbNode}
 */
public abstract class RbRoot<N extends RbNode<N>> {

    /** The root node ({@code rb_root.rb_node}), null when the tree is empty. */
    protected N root;
    /** Nodes examined in descents and walks so far. */
    protected long visits;
    /** Recolouring / rotation loop iterations so far. */
    protected long fixups;

    /** @return the root node, or null */
    public final N root() {
        return root;
    }

    /** @return whether the tree is empty ({@code RB_EMPTY_ROOT}) */
    public final boolean isEmpty() {
        return root == null;
    }

    /**
     * The augmentation callback {@code augment_rotate}: {@code newTop} has just taken {@code oldTop}'s place
     * in a rotation. Nothing in a plain tree.
     */
    protected void augmentRotate(N oldTop, N newTop) {
    }

    /**
     * The augmentation callback {@code augment_propagate} of {@code __rb_erase_augmented}: an erase has
     * unlinked a node, and {@code from} is the lowest node whose subtree changed (null when the tree is now
     * empty), before the colours are fixed. Nothing in a plain tree.
     */
    protected void augmentPropagate(N from) {
    }

    /**
     * {@code rb_link_node}: links {@code node} as a red leaf under {@code parent} (as its left or right child),
     * or as the root when {@code parent} is null. The caller then calls {@link #insertColor}.
     */
    protected final void linkNode(N node, N parent, boolean goLeft) {
        if (node.linked) {
            throw new IllegalStateException("node already in the tree: " + node);
        }
        node.parent = parent;
        node.left = null;
        node.right = null;
        node.red = true;
        node.linked = true;
        if (parent == null) {
            root = node;
        } else if (goLeft) {
            parent.left = node;
        } else {
            parent.right = node;
        }
    }

    /**
     * A left rotation of {@code node} when {@code left} (its right child, the pivot, takes its place and
     * {@code node} becomes the pivot's left child), else the mirror right rotation; then {@link #augmentRotate}.
     */
    private void rotate(N node, boolean left) {
        N pivot = left ? node.right : node.left;
        N inner = left ? pivot.left : pivot.right;
        if (left) {
            node.right = inner;
            pivot.left = node;
        } else {
            node.left = inner;
            pivot.right = node;
        }
        if (inner != null) {
            inner.parent = node;
        }
        replaceChild(node, pivot);
        node.parent = pivot;
        augmentRotate(node, pivot);
    }

    /** {@code repl} takes {@code node}'s place under node's parent (or as root), its parent link included. */
    private void replaceChild(N node, N repl) {
        repl.parent = node.parent;
        changeChild(node, repl, node.parent);
    }

    /** {@code __rb_change_child}: {@code parent}'s link to {@code old} (or the root) now leads to {@code repl}. */
    private void changeChild(N old, N repl, N parent) {
        if (parent == null) {
            root = repl;
        } else if (parent.left == old) {
            parent.left = repl;
        } else {
            parent.right = repl;
        }
    }

    private static boolean isRed(RbNode<?> n) {
        return n != null && n.red;
    }

    /**
     * {@code rb_insert_color}: restore the red-black properties after linking a red leaf. The two mirrored
     * halves of lib/rbtree.c are one loop here, {@code leftSide} telling which half runs.
     */
    protected final void insertColor(N node) {
        N parent;
        while ((parent = node.parent) != null && parent.red) {
            fixups++;
            N gparent = parent.parent;
            boolean leftSide = parent == gparent.left;
            N uncle = leftSide ? gparent.right : gparent.left;
            if (isRed(uncle)) {
                uncle.red = false;
                parent.red = false;
                gparent.red = true;
                node = gparent;
                continue;
            }
            if (node == (leftSide ? parent.right : parent.left)) {
                rotate(parent, leftSide);
                N tmp = parent;
                parent = node;
                node = tmp;
            }
            parent.red = false;
            gparent.red = true;
            rotate(gparent, !leftSide);
        }
        root.red = false;
    }

    /**
     * {@code rb_erase} / {@code rb_erase_augmented}: unlink {@code node} (splicing in its successor when it
     * has two children, each node of the successor search counted as a visit), call {@link #augmentPropagate}
     * from the lowest changed node, restore the colours, and clear the node's links.
     */
    protected final void rbErase(N node) {
        if (!node.linked) {
            throw new IllegalStateException("node not in the tree: " + node);
        }
        N child;
        N parent;
        boolean wasRed;
        if (node.left == null || node.right == null) {
            child = node.left == null ? node.right : node.left;
            parent = node.parent;
            wasRed = node.red;
            if (child != null) {
                child.parent = parent;
            }
            changeChild(node, child, parent);
        } else {
            N succ = node.right;
            visits++;
            while (succ.left != null) {
                succ = succ.left;
                visits++;
            }
            child = succ.right;
            parent = succ.parent;
            wasRed = succ.red;
            if (parent == node) {
                parent = succ; // the successor is node's right child and keeps its right subtree
            } else {
                if (child != null) {
                    child.parent = parent;
                }
                parent.left = child;
                succ.right = node.right;
                node.right.parent = succ;
            }
            succ.red = node.red;
            succ.left = node.left;
            node.left.parent = succ;
            replaceChild(node, succ);
        }
        augmentPropagate(parent);
        if (!wasRed) {
            eraseColor(child, parent);
        }
        node.unlinkFields();
    }

    /** {@code __rb_erase_color}: restore the black heights after removing a black node (mirrored halves as one). */
    private void eraseColor(N node, N parent) {
        while (!isRed(node) && node != root) {
            fixups++;
            boolean leftSide = parent.left == node;
            N other = leftSide ? parent.right : parent.left;
            if (other.red) {
                other.red = false;
                parent.red = true;
                rotate(parent, leftSide);
                other = leftSide ? parent.right : parent.left;
            }
            N near = leftSide ? other.left : other.right;
            N far = leftSide ? other.right : other.left;
            if (!isRed(near) && !isRed(far)) {
                other.red = true;
                node = parent;
                parent = node.parent;
                continue;
            }
            if (!isRed(far)) {
                near.red = false;
                other.red = true;
                rotate(other, !leftSide);
                other = leftSide ? parent.right : parent.left;
            }
            other.red = parent.red;
            parent.red = false;
            (leftSide ? other.right : other.left).red = false;
            rotate(parent, leftSide);
            node = root;
            break;
        }
        if (node != null) {
            node.red = false;
        }
    }

    /** {@code rb_next}: the in-order successor of {@code n}, or null, counting every node stepped to. */
    protected final N next(N n) {
        return step(n, true);
    }

    /** {@code rb_prev}: the in-order predecessor of {@code n}, or null, counting every node stepped to. */
    protected final N prev(N n) {
        return step(n, false);
    }

    /**
     * {@code rb_next} when {@code forward}, else its mirror {@code rb_prev}: down one step on that side and
     * then all the way to the other side, or up until we come from the other side; each node stepped to is a
     * visit.
     */
    private N step(N n, boolean forward) {
        N down = forward ? n.right : n.left;
        if (down != null) {
            n = down;
            visits++;
            while ((down = forward ? n.left : n.right) != null) {
                n = down;
                visits++;
            }
            return n;
        }
        N p = n.parent;
        while (p != null && n == (forward ? p.right : p.left)) {
            n = p;
            p = n.parent;
            visits++;
        }
        if (p != null) {
            visits++;
        }
        return p;
    }

    /** Visits the nodes in key order (leftmost first). Not counted: for tests, checkers and balancing scans. */
    public final void forEach(Consumer<? super N> action) {
        inOrder(root, action);
    }

    private static <N extends RbNode<N>> void inOrder(N n, Consumer<? super N> action) {
        while (n != null) {
            inOrder(n.left, action);
            action.accept(n);
            n = n.right;
        }
    }

    /**
     * Visits nodes in key order while {@code action} returns true (an uncounted iterator: load balancing
     * charges the tasks it examines itself).
     */
    public final void forEachUntil(Predicate<? super N> action) {
        N n = root;
        if (n == null) {
            return;
        }
        while (n.left != null) {
            n = n.left;
        }
        while (n != null && action.test(n)) {
            if (n.right != null) {
                n = n.right;
                while (n.left != null) {
                    n = n.left;
                }
            } else {
                N p = n.parent;
                while (p != null && n == p.right) {
                    n = p;
                    p = n.parent;
                }
                n = p;
            }
        }
    }
}
