/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import java.util.ArrayDeque;

/**
 * The real-time class of one CPU ({@code struct rt_rq}, kernel/sched/rt.c): FIFO lists per rt_priority with a
 * bitmap of the non-empty ones, above the fair class. The running RT task stays in its list.
 * Departures: no RT push/pull between CPUs, no RT throttling (sched_rt_runtime_us, 6.6), no deadline class
 * beyond 6.18's fair server ({@link FairServer}).
 */
final class RtRq {

    static final int MAX_RT_PRIO = 100;

    /** The SCHED_RR quantum of {@code ms} (RR_TIMESLICE: 100 ms; sched_rr_timeslice_ms) in ticks at {@code hz}. */
    static int rrTimesliceTicks(int hz, int ms) {
        return Math.max(1, (int) ((ms * (long) hz + 999) / 1000)); // msecs_to_jiffies rounds up
    }

    @SuppressWarnings("unchecked")
    private final ArrayDeque<SchedEntity>[] queues = new ArrayDeque[MAX_RT_PRIO];
    private final long[] bitmap = new long[2];
    int nrRunning;

    /** {@code enqueue_task_rt}: at the tail of its priority's list. */
    void enqueue(SchedEntity se, int prio) {
        ArrayDeque<SchedEntity> q = queues[prio];
        if (q == null) {
            q = new ArrayDeque<>();
            queues[prio] = q;
        }
        q.addLast(se);
        bitmap[prio >>> 6] |= 1L << (prio & 63);
        se.rtQueued = true;
        nrRunning++;
    }

    /** {@code dequeue_task_rt}. */
    void dequeue(SchedEntity se, int prio) {
        ArrayDeque<SchedEntity> q = queues[prio];
        q.remove(se);
        if (q.isEmpty()) {
            bitmap[prio >>> 6] &= ~(1L << (prio & 63));
        }
        se.rtQueued = false;
        nrRunning--;
    }

    /** {@code requeue_task_rt}: to the tail of its list (RR expiry, sched_yield). */
    void requeue(SchedEntity se, int prio) {
        ArrayDeque<SchedEntity> q = queues[prio];
        if (q.remove(se)) {
            q.addLast(se);
        }
    }

    /** @return the highest priority with a queued task, or -1 ({@code sched_find_first_bit}) */
    int highest() {
        if (bitmap[1] != 0) {
            return 127 - Long.numberOfLeadingZeros(bitmap[1]);
        }
        return bitmap[0] != 0 ? 63 - Long.numberOfLeadingZeros(bitmap[0]) : -1;
    }

    /** {@code pick_next_task_rt}: the head of the highest non-empty list, or null. */
    SchedEntity pick() {
        int p = highest();
        return p < 0 ? null : queues[p].peekFirst();
    }

    /** @return whether another task shares this priority's list */
    boolean hasPeers(int prio) {
        ArrayDeque<SchedEntity> q = queues[prio];
        return q != null && q.size() > 1;
    }
}
