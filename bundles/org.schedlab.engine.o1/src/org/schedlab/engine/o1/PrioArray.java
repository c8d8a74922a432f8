/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1;

/**
 * 2.6 {@code struct prio_array}: 140 FIFO lists, one per priority, a bitmap with
 * one bit per non-empty list (plus the delimiter bit at {@link PrioMath#MAX_PRIO},
 * as the kernel sets it), and the count of queued tasks. The lists are intrusive
 * ({@link O1Task#next} / {@link O1Task#prev}) like the kernel's {@code run_list},
 * so enqueue, dequeue and requeue are O(1) and {@link #findFirstBit()} is a scan
 * of three 64-bit words (sched_find_first_bit).
 */
public final class PrioArray {
    private static final int WORDS = (PrioMath.MAX_PRIO + 1 + 63) / 64;

    private final String name;
    private final long[] bitmap = new long[WORDS];
    private final O1Task[] head = new O1Task[PrioMath.MAX_PRIO];
    private final O1Task[] tail = new O1Task[PrioMath.MAX_PRIO];
    private int nrActive;

    public PrioArray(String name) {
        this.name = name;
        setBit(PrioMath.MAX_PRIO); // the delimiter: findFirstBit() == MAX_PRIO when empty
    }

    public String name() { return name; }

    /** nr_active: tasks queued in this array. */
    public int nrActive() { return nrActive; }

    /** 2.6.15 enqueue_task(): append at the tail of the task's priority list. */
    public void enqueue(O1Task p) {
        if (p.array != null) {
            throw new IllegalStateException("task already queued in " + p.array.name);
        }
        int idx = p.prio;
        p.next = null;
        p.prev = tail[idx];
        if (tail[idx] == null) {
            head[idx] = p;
        } else {
            tail[idx].next = p;
        }
        tail[idx] = p;
        setBit(idx);
        nrActive++;
        p.array = this;
    }

    /** 2.6 enqueue_task_head(): insert at the head of its priority list. */
    public void enqueueHead(O1Task p) {
        if (p.array != null) {
            throw new IllegalStateException("task already queued in " + p.array.name);
        }
        int idx = p.prio;
        p.prev = null;
        p.next = head[idx];
        if (head[idx] == null) {
            tail[idx] = p;
        } else {
            head[idx].prev = p;
        }
        head[idx] = p;
        setBit(idx);
        nrActive++;
        p.array = this;
    }

    /**
     * 2.6.15 wake_up_new_task(), same-CPU fork: the child goes just before the
     * parent in the parent's list (list_add_tail on the parent's run_list), at
     * the parent's prio, so it runs first.
     */
    public void enqueueBefore(O1Task p, O1Task anchor) {
        if (p.array != null) {
            throw new IllegalStateException("task already queued in " + p.array.name);
        }
        if (anchor.array != this || anchor.prio != p.prio) {
            throw new IllegalStateException("anchor not queued in " + name + " at prio " + p.prio);
        }
        p.next = anchor;
        p.prev = anchor.prev;
        if (anchor.prev == null) {
            head[p.prio] = p;
        } else {
            anchor.prev.next = p;
        }
        anchor.prev = p;
        nrActive++;
        p.array = this;
    }

    /** 2.6.15 dequeue_task(): unlink; clear the bit when the list empties. */
    public void dequeue(O1Task p) {
        if (p.array != this) {
            throw new IllegalStateException("task not queued in " + name);
        }
        unlink(p);
        nrActive--;
        p.array = null;
    }

    /** 2.6.15 requeue_task(): move to the tail of its own priority list. */
    public void requeue(O1Task p) {
        if (p.array != this) {
            throw new IllegalStateException("task not queued in " + name);
        }
        unlink(p);
        int idx = p.prio;
        p.next = null;
        p.prev = tail[idx];
        if (tail[idx] == null) {
            head[idx] = p;
        } else {
            tail[idx].next = p;
        }
        tail[idx] = p;
        setBit(idx);
    }

    /** sched_find_first_bit(): the best (numerically lowest) non-empty priority, MAX_PRIO if none. */
    public int findFirstBit() {
        for (int w = 0; w < WORDS; w++) {
            if (bitmap[w] != 0) {
                return w * 64 + Long.numberOfTrailingZeros(bitmap[w]);
            }
        }
        return PrioMath.MAX_PRIO; // unreachable: the delimiter bit is always set
    }

    /** find_next_bit(): the first non-empty priority at or after {@code from}, MAX_PRIO if none. */
    public int findNextBit(int from) {
        if (from >= PrioMath.MAX_PRIO) {
            return PrioMath.MAX_PRIO;
        }
        int w = from >>> 6;
        long word = bitmap[w] & (-1L << (from & 63));
        while (true) {
            if (word != 0) {
                return Math.min(w * 64 + Long.numberOfTrailingZeros(word), PrioMath.MAX_PRIO);
            }
            if (++w == WORDS) {
                return PrioMath.MAX_PRIO;
            }
            word = bitmap[w];
        }
    }

    /** The first task of a priority list (list_entry(queue->next)), or null. */
    public O1Task first(int prio) { return head[prio]; }

    /** The last task of a priority list (queue->prev), or null. */
    public O1Task last(int prio) { return tail[prio]; }

    /** Whether the bit for a priority is set. */
    public boolean testBit(int prio) { return (bitmap[prio >>> 6] & (1L << (prio & 63))) != 0; }

    private void unlink(O1Task p) {
        int idx = p.prio;
        if (p.prev == null) {
            head[idx] = p.next;
        } else {
            p.prev.next = p.next;
        }
        if (p.next == null) {
            tail[idx] = p.prev;
        } else {
            p.next.prev = p.prev;
        }
        p.prev = null;
        p.next = null;
        if (head[idx] == null) {
            bitmap[idx >>> 6] &= ~(1L << (idx & 63));
        }
    }

    private void setBit(int idx) { bitmap[idx >>> 6] |= 1L << (idx & 63); }
}
