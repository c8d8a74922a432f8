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
 * The priority, timeslice and interactivity arithmetic of the Linux 2.6.15 O(1)
 * scheduler ({@code kernel/sched.c} macros), for one HZ.
 *
 * <p>Priorities: 0..99 real-time, 100..139 SCHED_OTHER (nice -20..19 maps to
 * 100..139), {@link #MAX_PRIO} 140 is the idle task's. Timeslices are in jiffies,
 * as in the kernel; {@code sleep_avg} is in nanoseconds. All macros that depend
 * on HZ are evaluated with this instance's HZ, with the kernel's integer
 * arithmetic (so at HZ=250 the minimum timeslice is one jiffy, 4 ms, not 5 ms).
 */
public final class PrioMath {
    /** MAX_USER_RT_PRIO / MAX_RT_PRIO (2.6.15 include/linux/sched.h). */
    public static final int MAX_RT_PRIO = 100;
    /** MAX_PRIO: one past the lowest SCHED_OTHER priority; the idle task's prio. */
    public static final int MAX_PRIO = MAX_RT_PRIO + 40;
    /** MAX_USER_PRIO: the 40 nice levels. */
    public static final int MAX_USER_PRIO = 40;
    /** PRIO_BONUS_RATIO: 25% of the nice range is available as bonus. */
    public static final int PRIO_BONUS_RATIO = 25;
    /** MAX_BONUS = MAX_USER_PRIO * PRIO_BONUS_RATIO / 100 = 10. */
    public static final int MAX_BONUS = MAX_USER_PRIO * PRIO_BONUS_RATIO / 100;
    /** INTERACTIVE_DELTA. */
    public static final int INTERACTIVE_DELTA = 2;
    /** ON_RUNQUEUE_WEIGHT: percentage of run-queue wait credited as sleep. */
    public static final int ON_RUNQUEUE_WEIGHT = 30;
    /** CHILD_PENALTY: percent of the parent's bonus a forked child keeps. */
    public static final int CHILD_PENALTY = 95;
    /** PARENT_PENALTY: percent of its sleep_avg the parent keeps at fork. */
    public static final int PARENT_PENALTY = 100;
    /** EXIT_WEIGHT: weight of the parent's sleep_avg when a child exits. */
    public static final int EXIT_WEIGHT = 3;

    private final int hz;
    private final long nsPerJiffy;

    /** @param hz timer frequency (ia64 defconfig 250; kernel choices 100/250/1000). */
    public PrioMath(int hz) {
        if (hz <= 0) {
            throw new IllegalArgumentException("HZ must be positive: " + hz);
        }
        this.hz = hz;
        this.nsPerJiffy = 1_000_000_000L / hz;
    }

    public int hz() { return hz; }

    public long nsPerJiffy() { return nsPerJiffy; }

    /** NICE_TO_PRIO. */
    public static int niceToPrio(int nice) { return MAX_RT_PRIO + nice + 20; }

    /** PRIO_TO_NICE. */
    public static int prioToNice(int prio) { return prio - MAX_RT_PRIO - 20; }

    /** Real-time priority for a SCHED_FIFO/RR task: MAX_RT_PRIO-1 - rt_priority (2.6.15 __setscheduler). */
    public static int rtPrio(int rtPriority) { return MAX_RT_PRIO - 1 - rtPriority; }

    /** MIN_TIMESLICE = max(5 * HZ / 1000, 1) jiffies. */
    public int minTimeslice() { return Math.max(5 * hz / 1000, 1); }

    /** DEF_TIMESLICE = 100 * HZ / 1000 jiffies. */
    public int defTimeslice() { return 100 * hz / 1000; }

    /** MAX_SLEEP_AVG = DEF_TIMESLICE * MAX_BONUS, in jiffies (also STARVATION_LIMIT). */
    public int maxSleepAvg() { return defTimeslice() * MAX_BONUS; }

    /** STARVATION_LIMIT = MAX_SLEEP_AVG, in jiffies. */
    public int starvationLimit() { return maxSleepAvg(); }

    /** NS_MAX_SLEEP_AVG. */
    public long nsMaxSleepAvg() { return jiffiesToNs(maxSleepAvg()); }

    /** GRANULARITY = 10 * HZ / 1000, at least 1 jiffy. */
    public int granularity() { return Math.max(10 * hz / 1000, 1); }

    public long jiffiesToNs(long j) { return j * nsPerJiffy; }

    public long nsToJiffies(long ns) { return ns / nsPerJiffy; }

    /** SCALE_PRIO(x, prio) = max(x * (MAX_PRIO - prio) / (MAX_USER_PRIO / 2), MIN_TIMESLICE). */
    public int scalePrio(int x, int prio) {
        return Math.max(x * (MAX_PRIO - prio) / (MAX_USER_PRIO / 2), minTimeslice());
    }

    /**
     * 2.6.15 task_timeslice(): nice -20 gets 800 ms, nice 0 100 ms, nice 19 the
     * minimum; tasks with negative nice scale from 4 * DEF_TIMESLICE.
     *
     * @return the timeslice in jiffies
     */
    public int taskTimeslice(int staticPrio) {
        if (staticPrio < niceToPrio(0)) {
            return scalePrio(defTimeslice() * 4, staticPrio);
        }
        return scalePrio(defTimeslice(), staticPrio);
    }

    /** CURRENT_BONUS(p) = NS_TO_JIFFIES(sleep_avg) * MAX_BONUS / MAX_SLEEP_AVG, 0..10. */
    public int currentBonus(long sleepAvgNs) {
        return (int) (nsToJiffies(sleepAvgNs) * MAX_BONUS / maxSleepAvg());
    }

    /** DELTA(p) = SCALE(TASK_NICE(p), MAX_USER_PRIO, MAX_BONUS) + INTERACTIVE_DELTA (C truncation). */
    public static int delta(int staticPrio) {
        return prioToNice(staticPrio) * MAX_BONUS / MAX_USER_PRIO + INTERACTIVE_DELTA;
    }

    /** TASK_INTERACTIVE(p): prio at least DELTA(p) levels better than static_prio. */
    public static boolean taskInteractive(int prio, int staticPrio) {
        return prio <= staticPrio - delta(staticPrio);
    }

    /** INTERACTIVE_SLEEP(p) in ns: a sleep this long makes a task interactive at once. */
    public long interactiveSleep(int staticPrio) {
        return jiffiesToNs((long) maxSleepAvg() * (MAX_BONUS / 2 + delta(staticPrio) + 1) / MAX_BONUS - 1);
    }

    /**
     * TIMESLICE_GRANULARITY(p) on SMP: GRANULARITY * 2^((MAX_BONUS - bonus ?: 1) - 1) * online CPUs,
     * in jiffies: how often an interactive task is round-robined among its equals.
     */
    public int timesliceGranularity(long sleepAvgNs, int onlineCpus) {
        int e = MAX_BONUS - currentBonus(sleepAvgNs);
        if (e == 0) {
            e = 1;
        }
        return granularity() * (1 << (e - 1)) * onlineCpus;
    }

    /**
     * 2.6.15 effective_prio() for a SCHED_OTHER task: static_prio minus
     * (CURRENT_BONUS - MAX_BONUS/2), clamped to 100..139.
     */
    public int effectivePrio(int staticPrio, long sleepAvgNs) {
        int bonus = currentBonus(sleepAvgNs) - MAX_BONUS / 2;
        int prio = staticPrio - bonus;
        if (prio < MAX_RT_PRIO) {
            prio = MAX_RT_PRIO;
        }
        if (prio > MAX_PRIO - 1) {
            prio = MAX_PRIO - 1;
        }
        return prio;
    }
}
