/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1;

import java.util.Collection;

import org.schedlab.sim.machine.IdlePolicy;

/**
 * The ia64 idle-loop variants of seed 004, selectable as patches on the 2.6.15
 * engine. Each maps to the machine layer's idle policy ({@link IdlePolicy});
 * the engine sets it for the run. Exactly one may be selected; with none,
 * {@link #IA64_2_6_14} applies (the pre-bug behaviour the seed compares against).
 *
 * <p>What differs between them is only TIF_POLLING_NRFLAG while the CPU halts in
 * PAL_HALT_LIGHT: resched_task() sends a reschedule IPI to a remote CPU only if
 * its idle task does not have the flag (2.6.15 kernel/sched.c resched_task).
 */
public enum IdleLoopPatch {
    /**
     * 2.6.14 ia64 cpu_idle: the polling flag is never set, so every remote
     * wakeup onto an idle CPU sends an IPI. Not a patch: the baseline, given an
     * id so experiments can name it.
     */
    IA64_2_6_14("ia64-idle-2.6.14", "ia64 idle loop as in 2.6.14 (polling flag never set)",
            "(baseline, not a patch)", "2005-10-27", "Linux 2.6.14 arch/ia64/kernel/process.c cpu_idle/default_idle",
            "Pre-bug behaviour: TIF_POLLING_NRFLAG is never set on ia64, the idle CPU halts in "
                    + "PAL_HALT_LIGHT, and resched_task() always sends a reschedule IPI to a remote idle CPU. "
                    + "The default when no idle-loop patch is selected.",
            IdlePolicy.HALT, false),
    /** The 2.6.15-rc1 bug (seed 004). */
    IA64_IDLE_POLLING_RC1("ia64-idle-polling-2.6.15-rc1",
            "sched: resched and cpu_idle rework (ia64 part: polling flag set once, CPU still halts)",
            "Nick Piggin", "2005-11",
            "commit 64c7c8f8 \"[PATCH] sched: resched and cpu_idle rework\", merged for 2.6.15-rc1; "
                    + "the changeset seed 004 root-causes (http://tinyurl.com/cetoa)",
            "cpu_idle sets TIF_POLLING_NRFLAG once, unconditionally, but default_idle still halts "
                    + "(PAL_HALT_LIGHT) while !need_resched. resched_task() sees a polling CPU and sends no "
                    + "IPI, so a halted CPU notices a wakeup only at its next interrupt, normally the timer "
                    + "tick. Seed 004: netperf -98%, VolanoMark -58% against 2.6.14-git7.",
            IdlePolicy.HALT_POLLING_FLAG_SET, false),
    /** Ken Chen's fix, merged for 2.6.15-rc2 (seed 004). */
    IA64_IDLE_FIX_RC2("ia64-idle-fix-2.6.15-rc2", "[IA64] cpu_idle performance bug fix",
            "Ken Chen (Chen, Kenneth W)", "2005-11-15",
            "seed 004 (LKML post with the patch); commit 1e185b97 in 2.6.15-rc2",
            "At the top of each idle iteration clear TIF_POLLING_NRFLAG when PAL halt is allowed (the "
                    + "ia64 default) and set it otherwise; default_idle halts without re-checking with "
                    + "interrupts off. Remote wakeups send an IPI again.",
            IdlePolicy.HALT, false),
    /** idle=poll: poll_idle spins on need_resched with the flag set. */
    POLL_IDLE("poll-idle", "poll_idle (boot option idle=poll)",
            "(kernel option)", "n/a", "Linux 2.6.15 arch/ia64/kernel/process.c, idle=poll",
            "The idle task spins on need_resched() with TIF_POLLING_NRFLAG set: no reschedule IPI is "
                    + "needed and the CPU notices a wakeup within a poll iteration, at the price of a CPU "
                    + "that never sleeps.",
            IdlePolicy.POLL, false);

    /** Hook name declared in PatchInfo.hooks for machine-layer idle patches (docs/engines.md). */
    public static final String HOOK = "idle";

    private final String id;
    private final String title;
    private final String author;
    private final String date;
    private final String source;
    private final String description;
    private final IdlePolicy policy;
    private final boolean extension;

    IdleLoopPatch(String id, String title, String author, String date, String source, String description,
            IdlePolicy policy, boolean extension) {
        this.id = id;
        this.title = title;
        this.author = author;
        this.date = date;
        this.source = source;
        this.description = description;
        this.policy = policy;
        this.extension = extension;
    }

    public String id() { return id; }

    public String title() { return title; }

    public String author() { return author; }

    public String date() { return date; }

    public String source() { return source; }

    public String description() { return description; }

    /** The machine layer's idle policy this variant selects. */
    public IdlePolicy policy() { return policy; }

    public boolean extension() { return extension; }

    /** The patch with this id, or null. */
    public static IdleLoopPatch byId(String id) {
        for (IdleLoopPatch p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        return null;
    }

    /**
     * The idle-loop variant selected by a run's patch set: the single idle patch
     * in it, {@link #IA64_2_6_14} if none; more than one is a configuration error.
     */
    public static IdleLoopPatch select(Collection<String> patches) {
        IdleLoopPatch chosen = null;
        for (String id : patches) {
            IdleLoopPatch p = byId(id);
            if (p == null) {
                continue;
            }
            if (chosen != null) {
                throw new IllegalArgumentException("more than one idle-loop patch selected: "
                        + chosen.id + ", " + p.id);
            }
            chosen = p;
        }
        return chosen == null ? IA64_2_6_14 : chosen;
    }
}
