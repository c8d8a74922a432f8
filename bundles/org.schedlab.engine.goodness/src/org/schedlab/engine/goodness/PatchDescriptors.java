/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import java.util.List;

import org.schedlab.sim.spi.PatchInfo;

/** The {@link PatchInfo} descriptors of the patches in {@link Patches}. */
final class PatchDescriptors {
    private PatchDescriptors() {
    }

    private static List<String> versions(String id) {
        return Patches.appliesTo(id).stream().map(KernelVersion::label).toList();
    }

    static List<PatchInfo> all() {
        return List.of(
                new PatchInfo(Patches.SCHRETER_V1, "[patch] sched_yield in 2.2.x", "Ivan Schreter", "2001-05-30",
                        "linux-kernel, thread \"[patch] sched_yield in 2.2.x\" (seed 001)",
                        "prev_goodness() returns -1 instead of 0 for a yielding task and the run-queue scan skips"
                                + " prev, so on UP a yielder is no longer picked again ahead of the others. George"
                                + " Anzinger objected that a real-time task whose yield bit is set then hands the CPU"
                                + " to lower-priority or SCHED_OTHER tasks.",
                        List.of("schedule"), versions(Patches.SCHRETER_V1), false),
                new PatchInfo(Patches.SCHRETER_V2, "[patch] sched_yield in 2.2.x - version 2", "Ivan Schreter",
                        "2001-05-30", "linux-kernel, same thread (seed 001)",
                        "goodness() itself returns -1 for a task with SCHED_YIELD, prev_goodness() goes away and"
                                + " the bit is cleared only after the c == 0 recalculation test, so it survives a"
                                + " recalculation. Reported about +30% on contended user-space spinlocks.",
                        List.of("schedule"), versions(Patches.SCHRETER_V2), false),
                new PatchInfo(Patches.HARTNER_YIELD, "[PATCH] 2.4.18-pre4 sys_sched_yield and goodness optimization",
                        "Bill Hartner", "2002-01-18", "linux-kernel (seed 000)",
                        "Moves move_last_runqueue() from sys_sched_yield() into schedule(), which already holds"
                                + " runqueue_lock, and removes the SCHED_YIELD test from goodness(): a yielding prev"
                                + " is seeded with c = -1 at the tail. One lock round trip less per yield;"
                                + " VolanoMark +34.8% on an 8-way PIII 700.",
                        List.of("schedule", "sysSchedYield"), versions(Patches.HARTNER_YIELD), false),
                new PatchInfo(Patches.LIBENZI_SLOTIZER, "Results of schedule() switching test with my patches",
                        "Davide Libenzi", "1999-06-09", "linux-kernel, sch-patch.diff (seed 003)",
                        "Runnable tasks also sit in 48 goodness slots keyed by their own maximum goodness;"
                                + " schedule() walks slots from the highest non-empty one down and stops when the"
                                + " best goodness found reaches the slot's maximum. Reported +56% on a 450-thread"
                                + " sched_yield storm.",
                        List.of("schedule", "tryToWakeUp", "sysSchedYield"), versions(Patches.LIBENZI_SLOTIZER),
                        false),
                new PatchInfo(Patches.SWITCHTO, "sched_switchto: directed yield (SchedLab extension)", "SchedLab",
                        "2026", "SchedLab extension after Ivan Schreter's wish in seed 001; Linux got yield_to in 2.6.39",
                        "A yield that names the task to run next (the lock holder): the next schedule() on this"
                                + " CPU runs the target if it is runnable and not running elsewhere. Not a"
                                + " historical patch.",
                        List.of("yieldTo", "schedule"), versions(Patches.SWITCHTO), true));
    }
}
