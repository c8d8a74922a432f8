/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import java.util.List;

import org.schedlab.sim.machine.IdlePolicy;
import org.schedlab.sim.spi.PatchInfo;

/**
 * The patches the EEVDF engine offers: three sched_features switched off through debugfs
 * ({@code echo NO_X > /sys/kernel/debug/sched/features}), each the reverse of the commit that introduced the
 * feature, and the two idle-loop boot options that fix TIF_POLLING_NRFLAG behaviour for the run. Without an
 * idle option the machine profile's idle loop applies.
 */
final class EevdfPatches {

    static final String NO_RUN_TO_PARITY = "no-run-to-parity";
    static final String NO_PLACE_LAG = "no-place-lag";
    static final String NO_DELAY_DEQUEUE = "no-delay-dequeue";
    static final String IDLE_POLL = "idle-poll";
    static final String IDLE_HALT = "idle-halt";

    private static final List<String> BOTH = List.of("6.18", "6.6");

    static final PatchInfo RUN_TO_PARITY = new PatchInfo(NO_RUN_TO_PARITY,
            "sched_feat NO_RUN_TO_PARITY (reverts 'sched/eevdf: Curb wakeup-preemption')",
            "Peter Zijlstra", "2023-08-16",
            "commit 63304558ba5d 'sched/eevdf: Curb wakeup-preemption' (6.6-rc1); 6.17: Vincent Guittot,"
                    + " 'sched/fair: Limit run to parity to the min slice of enqueued entities' and"
                    + " 'sched/fair: Fix NO_RUN_TO_PARITY case' (LKML, July 2025)",
            "RUN_TO_PARITY lets a picked task run until it is no longer eligible or its deadline is reached before"
                    + " a wakeup may preempt it, which curbed the wakeup-preemption storm the first EEVDF posting"
                    + " showed in hackbench-like loads. Switched off, 6.6 lets pick_eevdf preempt at every wakeup"
                    + " whose wakee has the earlier eligible deadline; 6.17+ still protects one unscaled base"
                    + " quantum (0.75 ms) and reschedules at the tick once it is used. Counted: preemptions before"
                    + " the deadline that the feature would have prevented.",
            List.of("schedule", "tryToWakeUp", "schedulerTick"), BOTH, false);

    static final PatchInfo PLACE_LAG = new PatchInfo(NO_PLACE_LAG,
            "sched_feat NO_PLACE_LAG (reverts 'sched/fair: Add lag based placement')",
            "Peter Zijlstra", "2023-05-31",
            "commit 86bfbb7ce4f6 'sched/fair: Add lag based placement' (6.6-rc1)",
            "PLACE_LAG places a waking or migrating entity at V minus the lag it had when it left (inflated by"
                    + " (W + w) / W so that joining does not dilute it), so that sleeping neither earns nor"
                    + " forgives service. Switched off, every entity is placed at V with zero lag (and a full"
                    + " slice to its deadline). Counted: placements whose non-zero lag was ignored.",
            List.of("tryToWakeUp", "wakeUpNewTask", "loadBalance"), BOTH, false);

    static final PatchInfo DELAY_DEQUEUE = new PatchInfo(NO_DELAY_DEQUEUE,
            "sched_feat NO_DELAY_DEQUEUE (reverts 'sched/fair: Implement delayed dequeue')",
            "Peter Zijlstra", "2024-07-27",
            "commit 152e11f6df29 'sched/fair: Implement delayed dequeue' (6.12-rc1), with DELAY_ZERO",
            "With DELAY_DEQUEUE a task that sleeps while not eligible (negative lag) stays queued, competing with"
                    + " its lag, until it is picked (then it leaves for good, positive lag dropped by DELAY_ZERO)"
                    + " or woken (requeued where it is, without select_task_rq); so a short sleep cannot shed"
                    + " negative lag. Switched off, it leaves at once with its lag. Counted: sleeps that would"
                    + " have been delayed.",
            List.of("schedule", "tryToWakeUp"), List.of("6.18"), false);

    static final PatchInfo POLL = new PatchInfo(IDLE_POLL, "idle=poll (boot option): poll_idle with TIF_POLLING_NRFLAG set",
            "(kernel option)", "n/a", "Documentation/admin-guide/kernel-parameters.txt, idle=poll; kernel/sched/idle.c cpu_idle_poll",
            "The idle task spins on need_resched with the polling flag set, so resched_curr sends no IPI to an idle"
                    + " CPU and the wakeup is noticed within a poll iteration (x86 mwait idle states that keep the flag"
                    + " set behave alike for the IPI). Counted: reschedules of an idle remote CPU.",
            List.of("idle"), BOTH, false);

    static final PatchInfo HALT = new PatchInfo(IDLE_HALT, "idle=halt / default_idle: hlt with the polling flag clear",
            "(kernel option)", "n/a", "kernel/sched/idle.c default_idle_call; arch/x86/kernel/process.c default_idle",
            "The idle loop clears TIF_POLLING_NRFLAG before halting (no cpuidle driver, as on this machine's"
                    + " virtual CPUs), so every remote wakeup onto an idle CPU costs a reschedule IPI and the halt"
                    + " wake-up latency. Counted: reschedules of an idle remote CPU.",
            List.of("idle"), BOTH, false);

    static final List<PatchInfo> ALL = List.of(RUN_TO_PARITY, PLACE_LAG, DELAY_DEQUEUE, POLL, HALT);

    private EevdfPatches() {
    }

    /** @return the idle policy the selected idle option sets, or null for the machine's own */
    static IdlePolicy idleOption(java.util.Collection<String> patches) {
        boolean poll = patches.contains(IDLE_POLL);
        boolean halt = patches.contains(IDLE_HALT);
        if (poll && halt) {
            throw new IllegalArgumentException("idle-poll and idle-halt exclude each other");
        }
        return poll ? IdlePolicy.POLL : halt ? IdlePolicy.HALT : null;
    }
}
