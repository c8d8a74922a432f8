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

import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

/**
 * EEVDF, the fair class of Linux since 6.6 (engine id {@code eevdf}): kernel/sched/fair.c as of Linux 6.6 and
 * as of 6.18 (the kernel of the machines SchedLab is developed on, 6.18.44). Stateless: one
 * {@link EevdfScheduler} per run. {@link EevdfVersion} lists what differs between the two.
 */
public final class EevdfEngine implements SchedulerEngine {

    /** Engine id used in experiment files. */
    public static final String ID = "eevdf";

    private static final EngineInfo INFO = new EngineInfo(ID,
            "Linux 6.6 / 6.18 EEVDF (Earliest Eligible Virtual Deadline First)",
            List.of(EevdfVersion.V6_18.label(), EevdfVersion.V6_6.label()),
            List.of(
                    new TunableInfo(EevdfTunables.BASE_SLICE, "ns", "700000 (6.6: 750000) x (1 + ilog2(min(CPUs, 8)))",
                            "The request size every task gets (sysctl_sched_base_slice); an override is the value"
                                    + " after boot scaling, as writing /sys/kernel/debug/sched/base_slice_ns sets it."),
                    new TunableInfo(EevdfTunables.MIGRATION_COST, "ns", "500000",
                            "A task that ran more recently than this is cache-hot for load balancing."),
                    new TunableInfo(EevdfTunables.NR_MIGRATE, "tasks", "32",
                            "Tasks one load-balancing pass examines at most (sysctl_sched_nr_migrate)."),
                    new TunableInfo(EevdfTunables.RR_TIMESLICE, "ms", "100",
                            "The SCHED_RR quantum (/proc/sys/kernel/sched_rr_timeslice_ms; 0 or less: the default),"
                                    + " in ticks rounded up."),
                    new TunableInfo(EevdfTunables.CFS_BANDWIDTH_SLICE, "us", "5000",
                            "The runtime a task group's queue on one CPU takes from the group's quota at a time"
                                    + " (/proc/sys/kernel/sched_cfs_bandwidth_slice_us)."),
                    new TunableInfo(EevdfTunables.AUTOGROUP, "0/1", "1",
                            "1: the tasks of a session (thread groups with `session NAME`) share an autogroup;"
                                    + " 0: they are in the root group (/proc/sys/kernel/sched_autogroup_enabled).")),
            EevdfPatches.ALL, List.of(EevdfScheduler.PATCHED_PATHS, EevdfScheduler.DELAYED_DEQUEUES));

    /** Versions 6.18 (default) and 6.6, the debugfs knobs, three sched_features and two idle options. */
    @Override
    public EngineInfo info() {
        return INFO;
    }

    /** One run: the version's behaviour, the knobs after boot scaling, the selected features and idle loop. */
    @Override
    public Scheduler create(SchedulerConfig config, Kernel kernel) {
        EevdfVersion version = EevdfVersion.of(config.version());
        for (String patch : config.patches()) {
            PatchInfo p = INFO.patch(patch).orElseThrow(
                    () -> new IllegalArgumentException("unknown EEVDF patch: " + patch));
            if (!p.appliesTo().contains(version.label())) {
                throw new IllegalArgumentException(patch + " does not apply to " + version.label());
            }
        }
        EevdfTunables tunables = EevdfTunables.of(version, kernel.machine().nrCpus(), config.tunables(),
                !config.has(EevdfPatches.NO_RUN_TO_PARITY), !config.has(EevdfPatches.NO_PLACE_LAG),
                !config.has(EevdfPatches.NO_DELAY_DEQUEUE));
        return new EevdfScheduler(kernel, version, tunables, EevdfPatches.idleOption(config.patches()));
    }

    /**
     * Checks every run queue of a scheduler this engine created: red-black, order and augmentation invariants,
     * the cached leftmost, avg_vruntime / avg_load against the tree, nr_queued and the delayed count.
     *
     * @return null when consistent, else the first problem found
     */
    public static String checkRunQueues(Scheduler scheduler) {
        return CfsRqChecker.checkAll((EevdfScheduler) scheduler);
    }
}
