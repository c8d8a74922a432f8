package org.schedlab.engine.cfs;

/**
 * The red-black machinery of Linux 2.6.24 lib/rbtree.c, paraphrased: rotations,
 * {@code rb_insert_color} after linking a red leaf, and {@code rb_erase} with
 * {@code __rb_erase_color}. Nodes have parent pointers and null leaves; the subclass decides
 * where a node is linked (the key order) and keeps the caches. Counts its work in
 * {@link #visits} (successor search in erase) and {@link #fixups} (recolouring / rotation
 * loop iterations).
 */
abstract class RbRebalance {

    RbNode root;
    long visits;
    long fixups;

    final void rotateLeft(RbNode node) {
        RbNode right = node.right;
        node.right = right.left;
        if (right.left != null) {
            right.left.parent = node;
        }
        right.left = node;
        replaceChild(node, right);
        node.parent = right;
    }

    final void rotateRight(RbNode node) {
        RbNode left = node.left;
        node.left = left.right;
        if (left.right != null) {
            left.right.parent = node;
        }
        left.right = node;
        replaceChild(node, left);
        node.parent = left;
    }

    /** Makes {@code repl} take {@code node}'s place under node's parent (or as root). */
    final void replaceChild(RbNode node, RbNode repl) {
        RbNode p = node.parent;
        repl.parent = p;
        if (p == null) {
            root = repl;
        } else if (p.left == node) {
            p.left = repl;
        } else {
            p.right = repl;
        }
    }

    static boolean isRed(RbNode n) {
        return n != null && n.red;
    }

    /** {@code rb_insert_color}: restore the red-black properties after linking a red node. */
    final void insertColor(RbNode node) {
        RbNode parent;
        while ((parent = node.parent) != null && parent.red) {
            fixups++;
            RbNode gparent = parent.parent;
            if (parent == gparent.left) {
                RbNode uncle = gparent.right;
                if (isRed(uncle)) {
                    uncle.red = false;
                    parent.red = false;
                    gparent.red = true;
                    node = gparent;
                    continue;
                }
                if (parent.right == node) {
                    rotateLeft(parent);
                    RbNode tmp = parent;
                    parent = node;
                    node = tmp;
                }
                parent.red = false;
                gparent.red = true;
                rotateRight(gparent);
            } else {
                RbNode uncle = gparent.left;
                if (isRed(uncle)) {
                    uncle.red = false;
                    parent.red = false;
                    gparent.red = true;
                    node = gparent;
                    continue;
                }
                if (parent.left == node) {
                    rotateRight(parent);
                    RbNode tmp = parent;
                    parent = node;
                    node = tmp;
                }
                parent.red = false;
                gparent.red = true;
                rotateLeft(gparent);
            }
        }
        root.red = false;
    }

    /** {@code rb_erase}: unlink, splicing in the successor when the node has two children. */
    final void rbErase(RbNode node) {
        RbNode child;
        RbNode parent;
        boolean wasRed;
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
        } else {
            RbNode old = node;
            RbNode succ = node.right;
            visits++;
            while (succ.left != null) {
                succ = succ.left;
                visits++;
            }
            child = succ.right;
            parent = succ.parent;
            wasRed = succ.red;
            if (child != null) {
                child.parent = parent;
            }
            if (parent == old) {
                parent.right = child;
                parent = succ;
            } else {
                parent.left = child;
            }
            succ.red = old.red;
            succ.right = old.right;
            succ.left = old.left;
            replaceChild(old, succ);
            old.left.parent = succ;
            if (old.right != null) {
                old.right.parent = succ;
            }
        }
        if (!wasRed) {
            eraseColor(child, parent);
        }
    }

    /** {@code __rb_erase_color}: restore black heights after removing a black node. */
    final void eraseColor(RbNode node, RbNode parent) {
        while (!isRed(node) && node != root) {
            fixups++;
            if (parent.left == node) {
                RbNode other = parent.right;
                if (other.red) {
                    other.red = false;
                    parent.red = true;
                    rotateLeft(parent);
                    other = parent.right;
                }
                if (!isRed(other.left) && !isRed(other.right)) {
                    other.red = true;
                    node = parent;
                    parent = node.parent;
                } else {
                    if (!isRed(other.right)) {
                        other.left.red = false;
                        other.red = true;
                        rotateRight(other);
                        other = parent.right;
                    }
                    other.red = parent.red;
                    parent.red = false;
                    other.right.red = false;
                    rotateLeft(parent);
                    node = root;
                    break;
                }
            } else {
                RbNode other = parent.left;
                if (other.red) {
                    other.red = false;
                    parent.red = true;
                    rotateRight(parent);
                    other = parent.left;
                }
                if (!isRed(other.left) && !isRed(other.right)) {
                    other.red = true;
                    node = parent;
                    parent = node.parent;
                } else {
                    if (!isRed(other.left)) {
                        other.right.red = false;
                        other.red = true;
                        rotateLeft(other);
                        other = parent.left;
                    }
                    other.red = parent.red;
                    parent.red = false;
                    other.left.red = false;
                    rotateRight(parent);
                    node = root;
                    break;
                }
            }
        }
        if (node != null) {
            node.red = false;
        }
    }

}
