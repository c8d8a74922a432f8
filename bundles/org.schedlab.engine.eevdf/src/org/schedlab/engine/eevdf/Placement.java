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
 * Where an entity goes on its queue (kernel/sched/fair.c): {@code update_entity_lag} when it leaves and
 * {@code place_entity} when it comes back, with the 6.12+ variants (PLACE_DEADLINE_INITIAL, PLACE_REL_DEADLINE).
 */
final class Placement {
    private Placement() {
    }

    /**
     * {@code update_entity_lag}: vlag = V - v, clamped to the weight-scaled {@code max(2 * slice, TICK_NSEC)}
     * (EEVDF's steady-state bound -r_max < lag < max(r_max, q)).
     */
    static void updateEntityLag(CfsRq q, SchedEntity se) {
        long lag = q.avgVruntime() - se.vruntime;
        long limit = Weights.calcDeltaFair(Math.max(2 * se.slice, q.tickNs()), se.weight, se.invWeight);
        se.vlag = Math.max(-limit, Math.min(limit, lag));
    }

    /**
     * {@code place_entity}: put the entity at V minus its saved lag, the lag first inflated by (W + w) / W so
     * that adding the entity does not shrink it (PLACE_LAG); then the deadline one virtual slice later (half a
     * slice for a new task in 6.12+, PLACE_DEADLINE_INITIAL), or, in 6.12+, the relative deadline kept across a
     * migration (PLACE_REL_DEADLINE).
     */
    static void placeEntity(CfsRq q, SchedEntity se, boolean initial) {
        long v = q.avgVruntime();
        long lag = 0;
        if (!se.customSlice) {
            se.slice = q.tunables.baseSliceNs();
        }
        long vslice = q.vslice(se);
        if (q.nrQueued > 0 && se.vlag != 0) {
            if (q.tunables.placeLag()) {
                long load = q.avgLoad;
                if (q.curr != null && q.curr.onRq) {
                    load += q.curr.weight;
                }
                lag = se.vlag * (load + se.weight);
                lag /= Math.max(1, load);
            } else {
                q.root.patchedPaths++;
            }
        }
        se.vruntime = v - lag;
        if (q.version.placeRelDeadline() && se.relDeadline) {
            se.deadline += se.vruntime;
            se.relDeadline = false;
            return;
        }
        if (initial && q.version.halfSliceForNewTasks()) {
            vslice /= 2;
        }
        se.deadline = se.vruntime + vslice;
    }
}
