/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.event;

import java.util.Arrays;

/**
 * A binary min-heap of {@link SimEvent}s ordered by (time, scheduling sequence), with O(log n) cancel and
 * reschedule through the index each event keeps of its heap slot.
 *
 * <p>Chosen for this load: the queue holds a few events per CPU (user segment end, timer tick, a pending
 * IPI) plus one per sleeping task, so it stays small and hot in cache; events are reused rather than
 * allocated; a cancel (a preempted user segment) is common and must not leave tombstones behind. Keys are
 * copied into parallel {@code long[]}s (time, sequence) so that sift loops compare primitives and move a
 * hole instead of swapping. The benchmark measures the
 * alternative {@link java.util.PriorityQueue} with remove(Object) (see {@code SimBench}).
 */
public final class EventQueue {
    private SimEvent[] heap = new SimEvent[64];
    private long[] keys = new long[64];
    private long[] seqs = new long[64];
    private int size;
    private long nextSeq;
    private long now;

    /** @return the time of the last event taken */
    public long now() {
        return now;
    }

    /** @return the number of queued events */
    public int size() {
        return size;
    }

    /** @return true when nothing is queued */
    public boolean isEmpty() {
        return size == 0;
    }

    /** @return the time of the earliest event, or {@link Long#MAX_VALUE} */
    public long peekTime() {
        return size == 0 ? Long.MAX_VALUE : keys[0];
    }

    /**
     * Schedules {@code e} at {@code t}; an already queued event is moved. Scheduling in the past is
     * an {@link IllegalStateException}.
     */
    public void schedule(SimEvent e, long t) {
        if (t < now) {
            throw new IllegalStateException("event scheduled in the past: " + t + " < " + now);
        }
        if (e.heapIndex >= 0) {
            removeAt(e.heapIndex);
        }
        e.time = t;
        long s = nextSeq++;
        e.seq = s;
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            keys = Arrays.copyOf(keys, size * 2);
            seqs = Arrays.copyOf(seqs, size * 2);
        }
        siftUp(size++, e, t, s);
    }

    /** Removes {@code e} if queued. */
    public void cancel(SimEvent e) {
        if (e.heapIndex >= 0) {
            removeAt(e.heapIndex);
        }
    }

    /** @return the earliest event, removed; its time becomes {@link #now()} */
    public SimEvent poll() {
        SimEvent e = heap[0];
        removeAt(0);
        now = e.time;
        return e;
    }

    private void removeAt(int i) {
        heap[i].heapIndex = -1;
        int last = --size;
        SimEvent moved = heap[last];
        heap[last] = null;
        if (i == last) {
            return;
        }
        long k = keys[last];
        long s = seqs[last];
        if (i > 0 && before(k, s, keys[(i - 1) >>> 1], seqs[(i - 1) >>> 1])) {
            siftUp(i, moved, k, s);
        } else {
            siftDown(i, moved, k, s);
        }
    }

    private static boolean before(long k1, long s1, long k2, long s2) {
        return k1 < k2 || (k1 == k2 && s1 < s2);
    }

    /** Moves the hole at {@code i} up until {@code e} fits, then places it. */
    private void siftUp(int i, SimEvent e, long k, long s) {
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (!before(k, s, keys[p], seqs[p])) {
                break;
            }
            place(i, heap[p], keys[p], seqs[p]);
            i = p;
        }
        place(i, e, k, s);
    }

    /** Moves the hole at {@code i} down until {@code e} fits, then places it. */
    private void siftDown(int i, SimEvent e, long k, long s) {
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            int r = c + 1;
            if (r < size && before(keys[r], seqs[r], keys[c], seqs[c])) {
                c = r;
            }
            if (!before(keys[c], seqs[c], k, s)) {
                break;
            }
            place(i, heap[c], keys[c], seqs[c]);
            i = c;
        }
        place(i, e, k, s);
    }

    private void place(int i, SimEvent e, long k, long s) {
        heap[i] = e;
        keys[i] = k;
        seqs[i] = s;
        e.heapIndex = i;
    }
}
