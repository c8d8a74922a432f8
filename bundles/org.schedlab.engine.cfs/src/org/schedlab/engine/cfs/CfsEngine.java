/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

/**
 * The Completely Fair Scheduler of Linux 2.6.24 and 2.6.25 (engine id {@code cfs}), with Balbir
 * Singh's rightmost-caching patch of February 2008 (seed 002). Stateless: one {@link CfsScheduler}
 * per run.
 */
public final class CfsEngine implements SchedulerEngine {

    /** Engine id used in experiment files. */
    public static final String ID = "cfs";
    /** The rightmost-caching patch (seed 002). */
    public static final String PATCH_RIGHTMOST = "balbir-rightmost-2008";

    private static final PatchInfo RIGHTMOST = new PatchInfo(PATCH_RIGHTMOST,
            "sched: Make yield_task_fair more efficient",
            "Balbir Singh",
            "2008-02-21",
            "LKML, 21 Feb 2008, Message-ID <20080221053321.GA26918@balbir.in.ibm.com>; thread"
                    + " 'Re: Make yield_task_fair more efficient' (Ingo Molnar, Peter Zijlstra, Mike Galbraith)",
            "Caches the rightmost node of each cfs_rq's red-black tree next to the cached leftmost, kept"
                    + " current in every __enqueue_entity (a second 'still rightmost' flag in the descent) and"
                    + " __dequeue_entity (rb_prev of an erased rightmost), so that yield_task_fair with"
                    + " sched_compat_yield reads the rightmost entity in O(1) instead of walking the right"
                    + " spine. Ingo Molnar rejected it: the cost lands on every enqueue and dequeue, the hot"
                    + " path; Mike Galbraith measured enqueue+dequeue cycles +19% in a 60 s netperf TCP_RR"
                    + " at about 85,000 context switches per second on a 3 GHz P4 with HT.",
            List.of("enqueue", "dequeue", "sysSchedYield"),
            List.of("2.6.24", "2.6.25"),
            false);

    private static final EngineInfo INFO = new EngineInfo(ID,
            "Linux 2.6.24 / 2.6.25 Completely Fair Scheduler",
            List.of(CfsVersion.V2_6_24.label(), CfsVersion.V2_6_25.label()),
            List.of(
                    new TunableInfo(CfsTunables.LATENCY, "ns", "20000000",
                            "Targeted preemption latency; multiplied at boot by 1 + ilog2(CPUs), capped at 200 ms."
                                    + " An override is the value after boot scaling."),
                    new TunableInfo(CfsTunables.MIN_GRANULARITY, "ns", "4000000",
                            "Minimal preemption granularity; boot-scaled like the latency."),
                    new TunableInfo(CfsTunables.WAKEUP_GRANULARITY, "ns", "10000000 (2.6.24), 5000000 (2.6.25)",
                            "Virtual-time lead a wakee needs to preempt the running task; boot-scaled."),
                    new TunableInfo(CfsTunables.MIGRATION_COST, "ns", "500000",
                            "A task that ran more recently than this is cache-hot for balancing and wake-affine."),
                    new TunableInfo(CfsTunables.CHILD_RUNS_FIRST, "bool", "1",
                            "After fork the child runs before the parent (vruntimes swapped if needed)."),
                    new TunableInfo(CfsTunables.COMPAT_YIELD, "bool", "0",
                            "sched_yield moves the task behind the rightmost task, as the O(1) scheduler did.")),
            List.of(RIGHTMOST), List.of(CfsScheduler.PATCHED_PATHS));

    /** Versions 2.6.24 and 2.6.25, the kernel/sched_fair.c sysctls, and the seed 002 patch. */
    @Override
    public EngineInfo info() {
        return INFO;
    }

    /**
     * One run: the version's behaviour, the sysctls after {@code sched_init_granularity}'s boot scaling
     * for the machine's CPU count, and the rightmost cache when the patch is applied.
     */
    @Override
    public Scheduler create(SchedulerConfig config, Kernel kernel) {
        CfsVersion version = CfsVersion.of(config.version());
        for (String patch : config.patches()) {
            if (!PATCH_RIGHTMOST.equals(patch)) {
                throw new IllegalArgumentException("unknown CFS patch: " + patch);
            }
        }
        Map<String, String> overrides = new HashMap<>(config.tunables());
        CfsTunables tunables = CfsTunables.of(version, kernel.machine().nrCpus(), overrides);
        return new CfsScheduler(kernel, version, tunables, config.has(PATCH_RIGHTMOST));
    }

    /**
     * Checks every run queue of a scheduler this engine created: red-black properties, cached
     * leftmost / rightmost, nr_running against the tree plus the running entity.
     *
     * @return null when consistent, else the first problem found
     */
    public static String checkRunQueues(Scheduler scheduler) {
        return ((CfsScheduler) scheduler).checkInvariants();
    }

    /**
     * @return cycles of tree work done by put_prev_entity / set_next_entity inside schedule() (booked as
     *         SCAN, outside seed 002's enqueue_task + dequeue_task instrument) in a scheduler of this engine
     */
    public static long pickPathTreeCycles(Scheduler scheduler) {
        return ((CfsScheduler) scheduler).pickPathTreeCycles();
    }
}
