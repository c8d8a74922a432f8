package org.schedlab.engine.eevdf;

/**
 * The red-black machinery of lib/rbtree.c with the augmentation callbacks of
 * include/linux/rbtree_augmented.h ({@code RB_DECLARE_CALLBACKS_MAX}), paraphrased: rotations that keep each
 * node's subtree minimum ({@code augment_rotate}: the new top inherits the old top's value, the old top is
 * recomputed from its children), {@code rb_insert_color}, {@code __rb_erase_augmented} and
 * {@code __rb_erase_color}. The subclass decides the key order and which field is the augmented minimum.
 * <p>
 * Work is counted for the cost model: {@link #visits} (nodes examined in descents, walks and the successor
 * search), {@link #fixups} (iterations of the recolouring / rotation loops) and {@link #augSteps}
 * (augmented values recomputed by {@code propagate} and rotations).
 */
abstract class RbAugmented {

    SchedEntity root;
    long visits;
    long fixups;
    long augSteps;

    /** @return the value this node contributes to the augmentation (its deadline, or its vruntime) */
    abstract long augValue(SchedEntity n);

    /** The augmented callback's compute: the minimum over the node and its children's subtrees. */
    final long compute(SchedEntity n) {
        long m = augValue(n);
        if (n.left != null && n.left.aug - m < 0) {
            m = n.left.aug;
        }
        if (n.right != null && n.right.aug - m < 0) {
            m = n.right.aug;
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
            n = n.parent;
        }
    }

    private void rotated(SchedEntity oldTop, SchedEntity newTop) {
        newTop.aug = oldTop.aug;
        oldTop.aug = compute(oldTop);
        augSteps++;
    }

    final void rotateLeft(SchedEntity node) {
        SchedEntity r = node.right;
        node.right = r.left;
        if (r.left != null) {
            r.left.parent = node;
        }
        r.left = node;
        replaceChild(node, r);
        node.parent = r;
        rotated(node, r);
    }

    final void rotateRight(SchedEntity node) {
        SchedEntity l = node.left;
        node.left = l.right;
        if (l.right != null) {
            l.right.parent = node;
        }
        l.right = node;
        replaceChild(node, l);
        node.parent = l;
        rotated(node, l);
    }

    /** {@code repl} takes {@code node}'s place under node's parent (or as the root). */
    final void replaceChild(SchedEntity node, SchedEntity repl) {
        SchedEntity p = node.parent;
        repl.parent = p;
        if (p == null) {
            root = repl;
        } else if (p.left == node) {
            p.left = repl;
        } else {
            p.right = repl;
        }
    }

    static boolean isRed(SchedEntity n) {
        return n != null && n.red;
    }

    /** {@code rb_insert_color}: restore the red-black properties after linking a red leaf. */
    final void insertColor(SchedEntity node) {
        SchedEntity parent;
        while ((parent = node.parent) != null && parent.red) {
            fixups++;
            SchedEntity g = parent.parent;
            boolean leftSide = parent == g.left;
            SchedEntity uncle = leftSide ? g.right : g.left;
            if (isRed(uncle)) {
                uncle.red = false;
                parent.red = false;
                g.red = true;
                node = g;
                continue;
            }
            if (leftSide && parent.right == node) {
                rotateLeft(parent);
                SchedEntity t = parent;
                parent = node;
                node = t;
            } else if (!leftSide && parent.left == node) {
                rotateRight(parent);
                SchedEntity t = parent;
                parent = node;
                node = t;
            }
            parent.red = false;
            g.red = true;
            if (leftSide) {
                rotateRight(g);
            } else {
                rotateLeft(g);
            }
        }
        root.red = false;
    }

    /**
     * {@code rb_erase_augmented}: unlink (splicing in the successor when the node has two children),
     * recompute the augmentation from the lowest changed node up to the root, then rebalance.
     */
    final void eraseAugmented(SchedEntity node) {
        SchedEntity child;
        SchedEntity parent;
        boolean wasRed;
        SchedEntity lowest;
        if (node.left == null || node.right == null) {
            child = node.left == null ? node.right : node.left;
            parent = node.parent;
            wasRed = node.red;
            if (child != null) {
                child.parent = parent;
            }
            if (parent == null) {
                root = child;
            } else if (parent.left == node) {
                parent.left = child;
            } else {
                parent.right = child;
            }
            lowest = parent;
        } else {
            SchedEntity succ = node.right;
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
            lowest = parent;
        }
        propagate(lowest, false);
        if (!wasRed) {
            eraseColor(child, parent);
        }
    }

    /** {@code __rb_erase_color}: restore the black heights after removing a black node. */
    final void eraseColor(SchedEntity node, SchedEntity parent) {
        while (!isRed(node) && node != root) {
            fixups++;
            boolean leftSide = parent.left == node;
            SchedEntity other = leftSide ? parent.right : parent.left;
            if (other.red) {
                other.red = false;
                parent.red = true;
                if (leftSide) {
                    rotateLeft(parent);
                    other = parent.right;
                } else {
                    rotateRight(parent);
                    other = parent.left;
                }
            }
            SchedEntity near = leftSide ? other.left : other.right;
            SchedEntity far = leftSide ? other.right : other.left;
            if (!isRed(near) && !isRed(far)) {
                other.red = true;
                node = parent;
                parent = node.parent;
                continue;
            }
            if (!isRed(far)) {
                near.red = false;
                other.red = true;
                if (leftSide) {
                    rotateRight(other);
                    other = parent.right;
                } else {
                    rotateLeft(other);
                    other = parent.left;
                }
            }
            other.red = parent.red;
            parent.red = false;
            (leftSide ? other.right : other.left).red = false;
            if (leftSide) {
                rotateLeft(parent);
            } else {
                rotateRight(parent);
            }
            node = root;
            break;
        }
        if (node != null) {
            node.red = false;
        }
    }
}
