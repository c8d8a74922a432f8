/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import java.util.ArrayList;
import java.util.List;

/**
 * The one global run queue of Linux 2.2 to 2.4: a circular doubly linked list
 * whose head is the init task's {@code run_list}, guarded in the kernel by
 * {@code runqueue_lock} (the caller takes it). Running tasks stay on it and
 * {@code nr_running} counts every task on it.
 *
 * <p>{@code add_to_runqueue} inserts at the head, {@code move_last_runqueue}
 * moves to the tail, {@code move_first_runqueue} to the head (2.2.16/2.4.16
 * kernel/sched.c). When Davide Libenzi's slotizer is applied each operation
 * also updates the goodness slots, as the patch does.
 */
public final class RunQueue {
    private final SchedEntity head = SchedEntity.head();
    private int nrRunning;
    private final GoodnessSlots slots;
    private java.util.function.Consumer<SchedEntity> linked = p -> { };

    /** A plain run queue, or one that keeps {@code slots} in step (may be null). */
    public RunQueue(GoodnessSlots slots) {
        this.slots = slots;
    }

    /**
     * Tells {@code c} of every entity whose run_list links a list operation rewrites (the head included):
     * the cache lines the operation writes.
     */
    public void onLinked(java.util.function.Consumer<SchedEntity> c) {
        this.linked = c;
    }

    /** The goodness slots kept beside the list, or null without the slotizer. */
    public GoodnessSlots slots() { return slots; }

    /** nr_running. */
    public int nrRunning() { return nrRunning; }

    /** 2.2/2.4 add_to_runqueue: insert at the head. */
    public void addToRunqueue(SchedEntity p) {
        if (p.onRunqueue()) throw new IllegalStateException(p + " already on the run queue");
        linkAfter(head, p);
        nrRunning++;
        if (slots != null) slots.gdsHaddTask(p);
    }

    /** 2.2/2.4 del_from_runqueue. */
    public void delFromRunqueue(SchedEntity p) {
        if (!p.onRunqueue()) throw new IllegalStateException(p + " not on the run queue");
        unlink(p);
        nrRunning--;
        if (slots != null) slots.gdsRemoveTask(p);
    }

    /** 2.2/2.4 move_last_runqueue: to the tail (and, slotized, to its slot's tail). */
    public void moveLastRunqueue(SchedEntity p) {
        unlink(p);
        linkAfter(head.prev, p);
        if (slots != null) {
            slots.gdsRemoveTask(p);
            slots.gdsTaddTask(p);
        }
    }

    /** 2.2/2.4 move_first_runqueue: to the head (and, slotized, to its slot's head). */
    public void moveFirstRunqueue(SchedEntity p) {
        unlink(p);
        linkAfter(head, p);
        if (slots != null) {
            slots.gdsRemoveTask(p);
            slots.gdsHaddTask(p);
        }
    }

    /** The first task after the head, or null when empty (list_for_each start). */
    public SchedEntity first() {
        return head.next == head ? null : head.next;
    }

    /** The task after {@code p} in list order, or null at the end. */
    public SchedEntity next(SchedEntity p) {
        return p.next == head ? null : p.next;
    }

    /** The tasks in list order, head to tail (for tests and metrics). */
    public List<SchedEntity> toList() {
        List<SchedEntity> l = new ArrayList<>(nrRunning);
        for (SchedEntity p = first(); p != null; p = next(p)) l.add(p);
        return l;
    }

    private void linkAfter(SchedEntity where, SchedEntity p) {
        p.prev = where;
        p.next = where.next;
        where.next.prev = p;
        where.next = p;
        linked.accept(p);
        linked.accept(where);
        if (p.next != where) linked.accept(p.next);
    }

    private void unlink(SchedEntity p) {
        p.prev.next = p.next;
        p.next.prev = p.prev;
        linked.accept(p.prev);
        if (p.next != p.prev) linked.accept(p.next);
        p.next = null;
        p.prev = null;
    }
}
