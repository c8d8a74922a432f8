/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import java.util.Map;

/**
 * The EEVDF knobs of Linux 6.6 / 6.18 (debugfs {@code /sys/kernel/debug/sched/}) after the boot scaling of
 * {@code sched_init_granularity} / {@code update_sysctl}: {@code base_slice_ns} is 0.75 ms times
 * {@code 1 + ilog2(min(online CPUs, 8))}. An override is the value after scaling, as writing the debugfs file
 * after boot sets it. The sched_features switched off by this engine's feature patches are carried here too.
 *
 * @param baseSliceNs            sysctl_sched_base_slice (scaled)
 * @param normalizedBaseSliceNs  normalized_sysctl_sched_base_slice (0.75 ms, unscaled): the NO_RUN_TO_PARITY quantum in 6.17+
 * @param migrationCostNs        sysctl_sched_migration_cost: a task that ran this recently is cache-hot for balancing
 * @param nrMigrate              sysctl_sched_nr_migrate: tasks a balancing pass examines at most
 * @param runToParity            sched_feat RUN_TO_PARITY
 * @param placeLag               sched_feat PLACE_LAG
 * @param delayDequeue           sched_feat DELAY_DEQUEUE (6.12+; false on 6.6, which does not have it)
 * @param rrTimesliceMs          /proc/sys/kernel/sched_rr_timeslice_ms
 * @param cfsBandwidthSliceUs    /proc/sys/kernel/sched_cfs_bandwidth_slice_us: the runtime a group's queue takes
 *                               from its pool at a time
 * @param autogroupEnabled       /proc/sys/kernel/sched_autogroup_enabled: sessions get their autogroup
 */
public record EevdfTunables(long baseSliceNs, long normalizedBaseSliceNs, long migrationCostNs, int nrMigrate,
        boolean runToParity, boolean placeLag, boolean delayDequeue, int rrTimesliceMs, long cfsBandwidthSliceUs,
        boolean autogroupEnabled) {

    public static final String BASE_SLICE = "base_slice_ns";
    public static final String MIGRATION_COST = "migration_cost_ns";
    public static final String NR_MIGRATE = "nr_migrate";
    /** /proc/sys/kernel/sched_rr_timeslice_ms: the SCHED_RR quantum. */
    public static final String RR_TIMESLICE = "sched_rr_timeslice_ms";
    /** /proc/sys/kernel/sched_cfs_bandwidth_slice_us. */
    public static final String CFS_BANDWIDTH_SLICE = "sched_cfs_bandwidth_slice_us";
    /** sysctl_sched_cfs_bandwidth_slice: 5000 us. */
    static final long CFS_BANDWIDTH_SLICE_US = 5000;
    /** /proc/sys/kernel/sched_autogroup_enabled (1 by default with CONFIG_SCHED_AUTOGROUP, as Debian builds it). */
    public static final String AUTOGROUP = "sched_autogroup_enabled";

    static final long MIGRATION_COST_NS = 500_000L;
    static final int NR_MIGRATE_DEFAULT = 32;
    /** RR_TIMESLICE (include/linux/sched/rt.h): 100 ms. */
    static final int RR_TIMESLICE_MS = 100;

    /** @return {@code 1 + ilog2(min(ncpus, 8))}, get_update_sysctl_factor with SCHED_TUNABLESCALING_LOG */
    public static int bootFactor(int ncpus) {
        int cpus = Math.max(1, Math.min(ncpus, 8));
        return 1 + (31 - Integer.numberOfLeadingZeros(cpus));
    }

    /** Defaults on {@code ncpus} CPUs, then the overrides; features from the version and the patches. */
    public static EevdfTunables of(EevdfVersion version, int ncpus, Map<String, String> overrides,
            boolean runToParity, boolean placeLag, boolean delayDequeue) {
        long slice = version.normalizedBaseSliceNs() * bootFactor(ncpus);
        long migration = MIGRATION_COST_NS;
        int nrMigrate = NR_MIGRATE_DEFAULT;
        int rrMs = RR_TIMESLICE_MS;
        long bwSlice = CFS_BANDWIDTH_SLICE_US;
        boolean autogroup = true;
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            long v = Long.parseLong(e.getValue().trim());
            switch (e.getKey()) {
                case BASE_SLICE -> slice = range(e.getKey(), v, 100_000L, 1_000_000_000L);
                case MIGRATION_COST -> migration = range(e.getKey(), v, 0, 1_000_000_000L);
                case NR_MIGRATE -> nrMigrate = (int) range(e.getKey(), v, 1, 1024);
                case RR_TIMESLICE -> rrMs = v <= 0 ? RR_TIMESLICE_MS : (int) range(e.getKey(), v, 1, 1_000_000);
                case CFS_BANDWIDTH_SLICE -> bwSlice = range(e.getKey(), v, 1, Integer.MAX_VALUE);
                case AUTOGROUP -> autogroup = range(e.getKey(), v, 0, 1) == 1;
                default -> throw new IllegalArgumentException("unknown EEVDF tunable: " + e.getKey());
            }
        }
        return new EevdfTunables(slice, version.normalizedBaseSliceNs(), migration, nrMigrate, runToParity, placeLag,
                delayDequeue && version.hasDelayDequeue(), rrMs, bwSlice, autogroup);
    }

    /** @return the bandwidth slice, ns */
    public long cfsBandwidthSliceNs() {
        return cfsBandwidthSliceUs * 1000;
    }

    private static long range(String name, long v, long min, long max) {
        if (v < min || v > max) {
            throw new IllegalArgumentException(name + " = " + v + " is outside " + min + ".." + max);
        }
        return v;
    }
}
