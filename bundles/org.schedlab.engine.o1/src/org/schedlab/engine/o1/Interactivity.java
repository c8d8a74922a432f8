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
 * The 2.6.15 sleep_avg bookkeeping and the interactivity bonus: recalc_task_prio,
 * effective_prio, TASK_INTERACTIVE, the run-time debit taken in schedule(), and
 * the fork/exit adjustments (CHILD_PENALTY, EXIT_WEIGHT).
 */
public final class Interactivity {
    private final PrioMath m;

    public Interactivity(PrioMath m) { this.m = m; }

    /** 2.6.15 effective_prio(): RT tasks keep their prio; others get static_prio minus the bonus. */
    public int effectivePrio(O1Task p) {
        if (p.rt) {
            return p.prio;
        }
        return m.effectivePrio(p.staticPrio, p.sleepAvg);
    }

    /** 2.6.15 TASK_INTERACTIVE(p). */
    public boolean taskInteractive(O1Task p) {
        return PrioMath.taskInteractive(p.prio, p.staticPrio);
    }

    /**
     * 2.6.15 recalc_task_prio(p, now): credit the time since {@code p.timestamp}
     * as sleep. A user task ({@code hasMm}) that was not in uninterruptible sleep
     * and slept longer than INTERACTIVE_SLEEP jumps to just below the interactive
     * ceiling (MAX_SLEEP_AVG - DEF_TIMESLICE); otherwise the sleep is weighted by
     * (MAX_BONUS - CURRENT_BONUS) so low-bonus tasks climb fast, and uninterruptible
     * sleepers are capped at INTERACTIVE_SLEEP. Returns the new effective prio
     * (the caller stores it; it does not requeue).
     */
    public int recalcTaskPrio(O1Task p, long now, boolean hasMm) {
        long sleepTime = Math.min(now - p.timestamp, m.nsMaxSleepAvg());
        if (sleepTime > 0) {
            long interactiveSleep = m.interactiveSleep(p.staticPrio);
            if (hasMm && p.activated != -1 && sleepTime > interactiveSleep) {
                p.sleepAvg = m.jiffiesToNs(m.maxSleepAvg() - m.defTimeslice());
            } else {
                int weight = PrioMath.MAX_BONUS - m.currentBonus(p.sleepAvg);
                sleepTime *= weight == 0 ? 1 : weight;
                if (p.activated == -1 && hasMm) {
                    if (p.sleepAvg >= interactiveSleep) {
                        sleepTime = 0;
                    } else if (p.sleepAvg + sleepTime >= interactiveSleep) {
                        p.sleepAvg = interactiveSleep;
                        sleepTime = 0;
                    }
                }
                p.sleepAvg += sleepTime;
                if (p.sleepAvg > m.nsMaxSleepAvg()) {
                    p.sleepAvg = m.nsMaxSleepAvg();
                }
            }
        }
        return effectivePrio(p);
    }

    /**
     * 2.6.15 schedule(): the run time debited from prev's sleep_avg at a switch,
     * (now - prev.timestamp) capped at NS_MAX_SLEEP_AVG and divided by
     * CURRENT_BONUS (at least 1), so interactive tasks lose bonus slowly.
     */
    public long runTimeDebit(O1Task prev, long now) {
        long runTime = Math.min(now - prev.timestamp, m.nsMaxSleepAvg());
        if (runTime < 0) {
            runTime = 0;
        }
        int bonus = m.currentBonus(prev.sleepAvg);
        return runTime / (bonus == 0 ? 1 : bonus);
    }

    /** Applies {@link #runTimeDebit}: sleep_avg -= run_time, floored at 0. */
    public void debitRunTime(O1Task prev, long now) {
        prev.sleepAvg -= runTimeDebit(prev, now);
        if (prev.sleepAvg < 0) {
            prev.sleepAvg = 0;
        }
    }

    /**
     * 2.6.15 wake_up_new_task(): the child keeps CHILD_PENALTY percent of the
     * parent's bonus (parent's sleep_avg is scaled by PARENT_PENALTY, i.e. kept).
     */
    public void forkPenalty(O1Task parent, O1Task child) {
        child.sleepAvg = m.jiffiesToNs((long) m.currentBonus(parent.sleepAvg) * PrioMath.CHILD_PENALTY / 100
                * m.maxSleepAvg() / PrioMath.MAX_BONUS);
        parent.sleepAvg = m.jiffiesToNs((long) m.currentBonus(parent.sleepAvg) * PrioMath.PARENT_PENALTY / 100
                * m.maxSleepAvg() / PrioMath.MAX_BONUS);
        child.prio = effectivePrio(child);
    }

    /**
     * 2.6.15 sched_exit(): a child still on its first slice returns it to the
     * parent (capped at the parent's full slice); a child with less sleep_avg
     * pulls the parent's sleep_avg towards its own (EXIT_WEIGHT).
     */
    public void exitCredit(O1Task parent, O1Task child) {
        if (child.firstTimeSlice) {
            parent.timeSlice += child.timeSlice;
            int full = m.taskTimeslice(parent.staticPrio);
            if (parent.timeSlice > full) {
                parent.timeSlice = full;
            }
        }
        if (child.sleepAvg < parent.sleepAvg) {
            parent.sleepAvg = parent.sleepAvg / (PrioMath.EXIT_WEIGHT + 1) * PrioMath.EXIT_WEIGHT
                    + child.sleepAvg / (PrioMath.EXIT_WEIGHT + 1);
        }
    }
}
