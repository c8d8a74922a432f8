/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import java.util.ArrayDeque;

/**
 * The real-time class of one CPU ({@code struct rt_rq}, Linux 2.6.24 kernel/sched_rt.c): a
 * priority array of FIFO lists, one per rt_priority, with a bitmap of the non-empty ones.
 * It sits above CFS: any queued real-time task is picked before any fair task.
 * Departures: no RT push/pull balancing between CPUs (2.6.25 adds it), no RT throttling.
 * Unlike CFS, the running RT task stays in its list (as in the kernel).
 */
final class RtRq {

    static final int MAX_RT_PRIO = 100;
    /** DEF_TIMESLICE: 100 ms of SCHED_RR, in ticks at {@code hz}. */
    static int defTimesliceTicks(int hz) {
        return Math.max(1, 100 * hz / 1000);
    }

    @SuppressWarnings("unchecked")
    private final ArrayDeque<SchedEntity>[] queues = new ArrayDeque[MAX_RT_PRIO];
    private final long[] bitmap = new long[2];
    int nrRunning;

    /** {@code enqueue_task_rt}: at the tail of its priority's list. */
    void enqueue(SchedEntity se, int rtPriority) {
        ArrayDeque<SchedEntity> q = queues[rtPriority];
        if (q == null) {
            q = new ArrayDeque<>();
            queues[rtPriority] = q;
        }
        q.addLast(se);
        bitmap[rtPriority >>> 6] |= 1L << (rtPriority & 63);
        se.rtQueued = true;
        nrRunning++;
    }

    /** {@code dequeue_task_rt}. */
    void dequeue(SchedEntity se, int rtPriority) {
        ArrayDeque<SchedEntity> q = queues[rtPriority];
        q.remove(se);
        if (q.isEmpty()) {
            bitmap[rtPriority >>> 6] &= ~(1L << (rtPriority & 63));
        }
        se.rtQueued = false;
        nrRunning--;
    }

    /** {@code requeue_task_rt}: to the tail of its list (SCHED_RR expiry, sched_yield). */
    void requeue(SchedEntity se, int rtPriority) {
        ArrayDeque<SchedEntity> q = queues[rtPriority];
        if (q.remove(se)) {
            q.addLast(se);
        }
    }

    /** @return the highest rt_priority with a queued task, or -1 ({@code sched_find_first_bit}) */
    int highestPriority() {
        if (bitmap[1] != 0) {
            return 64 + 63 - Long.numberOfLeadingZeros(bitmap[1]);
        }
        if (bitmap[0] != 0) {
            return 63 - Long.numberOfLeadingZeros(bitmap[0]);
        }
        return -1;
    }

    /** {@code pick_next_task_rt}: the head of the highest non-empty list, or null. */
    SchedEntity pick() {
        int p = highestPriority();
        return p < 0 ? null : queues[p].peekFirst();
    }

    /** @return whether another task shares {@code se}'s priority list (for SCHED_RR requeue) */
    boolean hasPeers(int rtPriority) {
        ArrayDeque<SchedEntity> q = queues[rtPriority];
        return q != null && q.size() > 1;
    }
}
