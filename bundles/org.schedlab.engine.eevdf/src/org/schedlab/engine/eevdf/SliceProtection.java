/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

/**
 * RUN_TO_PARITY's protected slice of 6.17+ (kernel/sched/fair.c {@code set_protect_slice},
 * {@code update_protect_slice}, {@code cancel_protect_slice}, {@code protect_slice}) and the shortest slice of a
 * queue it protects up to ({@code cfs_rq_min_slice}).
 */
final class SliceProtection {
    private SliceProtection() {
    }

    /**
     * 6.17+ {@code set_protect_slice}: protected up to the deadline, or, when a shorter slice is queued
     * ({@code cfs_rq_min_slice} with RUN_TO_PARITY; one unscaled base quantum without it), up to that much of
     * virtual runtime from now.
     */
    static void setProtectSlice(CfsRq q, SchedEntity se) {
        long slice = q.tunables.runToParity() ? cfsRqMinSlice(q) : q.tunables.normalizedBaseSliceNs();
        slice = Math.min(slice, se.slice);
        long vprot = se.deadline;
        if (slice != se.slice) {
            long v = se.vruntime + Weights.calcDeltaFair(slice, se.weight, se.invWeight);
            vprot = v - vprot < 0 ? v : vprot;
        }
        se.vprot = vprot;
    }

    /** 6.17+ {@code update_protect_slice}: a shorter slice was queued; protect at most that much more. */
    static void updateProtectSlice(CfsRq q, SchedEntity se) {
        long v = se.vruntime + Weights.calcDeltaFair(cfsRqMinSlice(q), se.weight, se.invWeight);
        if (v - se.vprot < 0) {
            se.vprot = v;
        }
    }

    /** 6.17+ {@code cancel_protect_slice}: the protection ends now. */
    static void cancelProtectSlice(SchedEntity se) {
        if (protectSlice(se)) {
            se.vprot = se.vruntime;
        }
    }

    /** 6.17+ {@code protect_slice}: the entity has not yet run up to vprot. */
    static boolean protectSlice(SchedEntity se) {
        return se.vprot - se.vruntime > 0;
    }

    /**
     * {@code cfs_rq_min_slice}: the shortest slice of the queued entities and the current one (the kernel keeps it
     * in the tree's augmentation; here it is the base slice unless a task with its own slice is queued, and then
     * a walk that is not charged).
     */
    static long cfsRqMinSlice(CfsRq q) {
        long min = q.curr != null && q.curr.onRq ? q.curr.slice : Long.MAX_VALUE;
        if (q.customSlices == 0) {
            return Math.min(min, q.tunables.baseSliceNs());
        }
        long[] m = {min};
        q.tree().forEachUntil(se -> {
            m[0] = Math.min(m[0], se.slice);
            return true;
        });
        return m[0] == Long.MAX_VALUE ? q.tunables.baseSliceNs() : m[0];
    }
}
