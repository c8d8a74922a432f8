package org.schedlab.engine.cfs;

/**
 * The red-black tree links embedded in an entity, as {@code struct rb_node} is
 * embedded in {@code struct sched_entity} (Linux 2.6.24 include/linux/rbtree.h):
 * parent, two children and a colour. No allocation happens on insert or erase.
 */
public class RbNode {

    RbNode parent;
    RbNode left;
    RbNode right;
    boolean red;
    /** True while the node is linked into a tree (the kernel's {@code se->on_rq} for the tree part). */
    boolean linked;

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
