/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import java.util.Map;

/**
 * The CFS sysctls of Linux 2.6.24 / 2.6.25 kernel/sched_fair.c, after the boot-time
 * scaling of {@code sched_init_granularity}: latency, min_granularity and
 * wakeup_granularity are multiplied by {@code 1 + ilog2(online CPUs)}, each capped at
 * 200 ms. Overrides given by the user are taken as already-scaled values, as writing
 * the sysctl after boot would set them.
 *
 * @param latencyNs            sysctl_sched_latency
 * @param minGranularityNs     sysctl_sched_min_granularity
 * @param nrLatency            sched_nr_latency (tasks the latency is shared between before the period stretches)
 * @param wakeupGranularityNs  sysctl_sched_wakeup_granularity
 * @param migrationCostNs      sysctl_sched_migration_cost (a task that ran this recently is cache-hot)
 * @param childRunsFirst       sysctl_sched_child_runs_first
 * @param compatYield          sysctl_sched_compat_yield
 */
public record CfsTunables(long latencyNs, long minGranularityNs, int nrLatency, long wakeupGranularityNs,
        long migrationCostNs, boolean childRunsFirst, boolean compatYield) {

    public static final String LATENCY = "sched_latency_ns";
    public static final String MIN_GRANULARITY = "sched_min_granularity_ns";
    public static final String WAKEUP_GRANULARITY = "sched_wakeup_granularity_ns";
    public static final String MIGRATION_COST = "sched_migration_cost";
    public static final String CHILD_RUNS_FIRST = "sched_child_runs_first";
    public static final String COMPAT_YIELD = "sched_compat_yield";

    static final long BASE_LATENCY_NS = 20_000_000L;
    static final long BASE_MIN_GRANULARITY_NS = 4_000_000L;
    static final long MIGRATION_COST_NS = 500_000L;
    static final long SCALE_LIMIT_NS = 200_000_000L;

    /** @return {@code 1 + ilog2(ncpus)}, the boot multiplier of {@code sched_init_granularity} */
    public static int bootFactor(int ncpus) {
        return 1 + (31 - Integer.numberOfLeadingZeros(Math.max(1, ncpus)));
    }

    /** Defaults for {@code version} on {@code ncpus} online CPUs, then the overrides (ns, or 0/1). */
    public static CfsTunables of(CfsVersion version, int ncpus, Map<String, String> overrides) {
        int f = bootFactor(ncpus);
        long latency = Math.min(BASE_LATENCY_NS * f, SCALE_LIMIT_NS);
        long minGran = Math.min(BASE_MIN_GRANULARITY_NS * f, SCALE_LIMIT_NS);
        long wakeGran = Math.min(version.defaultWakeupGranularityNs() * f, SCALE_LIMIT_NS);
        long migration = MIGRATION_COST_NS;
        boolean childFirst = true;
        boolean compat = false;
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            String v = e.getValue().trim();
            switch (e.getKey()) {
                case LATENCY -> latency = Long.parseLong(v);
                case MIN_GRANULARITY -> minGran = Long.parseLong(v);
                case WAKEUP_GRANULARITY -> wakeGran = Long.parseLong(v);
                case MIGRATION_COST -> migration = Long.parseLong(v);
                case CHILD_RUNS_FIRST -> childFirst = parseFlag(v);
                case COMPAT_YIELD -> compat = parseFlag(v);
                default -> throw new IllegalArgumentException("unknown CFS tunable: " + e.getKey());
            }
        }
        int nrLatency = (int) Math.max(1, latency / Math.max(1, minGran));
        return new CfsTunables(latency, minGran, nrLatency, wakeGran, migration, childFirst, compat);
    }

    private static boolean parseFlag(String v) {
        return v.equals("1") || v.equalsIgnoreCase("true") || v.equalsIgnoreCase("on");
    }
}
