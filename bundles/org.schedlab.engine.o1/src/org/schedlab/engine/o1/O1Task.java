/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1;

import org.schedlab.sim.task.Task;

/**
 * The O(1) scheduler's per-task fields of 2.6.15 {@code struct task_struct}
 * (kept in {@code Task.se()}): priorities, the array the task is queued in and
 * its run_list links, sleep_avg, timestamps, the timeslice and the activation
 * kind.
 */
public final class O1Task {
    /** The simulated task this state belongs to (null in pure unit tests). */
    final Task task;
    /** static_prio: from nice (NICE_TO_PRIO), or the RT priority for RT tasks. */
    int staticPrio;
    /** prio: the dynamic priority the task is queued at. */
    int prio;
    /** SCHED_FIFO / SCHED_RR. */
    boolean rt;
    /** SCHED_RR (requeued when its slice ends). */
    boolean roundRobin;
    /** sleep_avg in ns, 0..NS_MAX_SLEEP_AVG. */
    long sleepAvg;
    /** timestamp: last enqueue (sleep start for a sleeper) or last switch, ns. */
    long timestamp;
    /** last_ran, ns. */
    long lastRan;
    /** time_slice, jiffies left. */
    int timeSlice;
    /** first_time_slice: still on the slice inherited at fork. */
    boolean firstTimeSlice;
    /** activated: -1 woken from uninterruptible, 0 not, 1 by a task, 2 by an interrupt. */
    int activated;
    /** The last sleep was TASK_UNINTERRUPTIBLE (try_to_wake_up then sets activated = -1). */
    boolean sleptUninterruptible;
    /** Created at boot and not yet made runnable: its first wakeup is a start, not a wakeup from sleep. */
    boolean bootPending;
    /** The CPU whose run queue owns this task (task_cpu). */
    int cpu;

    /** array: the prio_array the task is queued in, null when not queued. */
    PrioArray array;
    O1Task next;
    O1Task prev;

    public O1Task(Task task, int staticPrio) {
        this.task = task;
        this.staticPrio = staticPrio;
        this.prio = staticPrio;
    }

    /** The simulated task (null in pure unit tests). */
    public Task task() { return task; }

    public int prio() { return prio; }

    public int staticPrio() { return staticPrio; }

    public long sleepAvg() { return sleepAvg; }

    public int timeSlice() { return timeSlice; }

    public PrioArray array() { return array; }

    public int activated() { return activated; }

    public long timestamp() { return timestamp; }

    public int cpu() { return cpu; }

    /** Sets sleep_avg (ns); for tests and fork setup. */
    public void setSleepAvg(long ns) { this.sleepAvg = ns; }

    /** Sets timestamp (ns). */
    public void setTimestamp(long ns) { this.timestamp = ns; }

    /** Sets activated (-1, 0, 1, 2). */
    public void setActivated(int a) { this.activated = a; }

    /** Sets the dynamic prio; only while not queued (the array indexes by prio). */
    public void setPrio(int prio) {
        if (array != null) {
            throw new IllegalStateException("cannot change prio of a queued task");
        }
        this.prio = prio;
    }

    @Override
    public String toString() {
        return "O1Task[" + task + " prio=" + prio + " static=" + staticPrio + " sleepAvg=" + sleepAvg + "]";
    }
}
