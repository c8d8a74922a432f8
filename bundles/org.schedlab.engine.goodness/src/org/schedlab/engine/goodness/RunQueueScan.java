/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import java.util.function.Predicate;

/**
 * The linear search of schedule() in Linux 2.2.16, 2.3.5 and 2.4.x: walk the
 * global run list from head to tail, score every task that can_schedule() on
 * this CPU with goodness(), strictly greater wins (ties keep the earlier task).
 * The walk really visits every task: the 450-task yield storm costs 450
 * evaluations per call, and on SMP each visit reads the task's goodness cache
 * line ({@link TaskLines}), which may have to come from another CPU.
 */
public final class RunQueueScan {
    private RunQueueScan() {
    }

    /**
     * One pass of the list walk starting from the seed ({@code next}, {@code c}).
     * {@code skipPrev} is Ivan Schreter's first patch ({@code p != prev}).
     * The result asks for recalculation when c == 0 ({@code if (!c)} in the kernel).
     */
    public static ScanResult scan(RunQueue rq, Goodness g, SchedEntity prev, int thisCpu,
                                  SchedEntity seedNext, int seedC, boolean skipPrev,
                                  Predicate<SchedEntity> canSchedule) {
        SchedEntity next = seedNext;
        int c = seedC;
        for (SchedEntity p = rq.first(); p != null; p = rq.next(p)) {
            g.lines().read(p, thisCpu);
            if (skipPrev && p == prev) continue;
            if (!canSchedule.test(p)) continue;
            int weight = g.goodness(prev, p, thisCpu);
            if (weight > c) {
                c = weight;
                next = p;
            }
        }
        return new ScanResult(next, c, c == 0);
    }

    /**
     * The counter recalculation of schedule() ({@code recalculate:} label):
     * for every task, sleepers included, counter = (counter >> 1) + refill
     * (2.2 priority, 2.4 NICE_TO_TICKS(nice)); with the slotizer each task in
     * a slot is re-keyed (gds_switch). Idle tasks are skipped (the kernel's
     * for_each_task starts after init_task; departure: SMP idle tasks, which the
     * kernel would halve, keep counter -100 here). Returns the tasks visited.
     */
    public static int recalculate(Iterable<SchedEntity> all, KernelVersion v, int hz, GoodnessSlots slots) {
        int n = 0;
        for (SchedEntity p : all) {
            if (p.idleTask) continue;
            p.counter = (p.counter >> 1) + v.refill(p.nice, hz);
            if (slots != null) slots.gdsSwitch(p);
            n++;
        }
        return n;
    }
}
