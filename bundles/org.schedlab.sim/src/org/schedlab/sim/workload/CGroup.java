/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.workload;

import java.util.Objects;

/**
 * A task group of the cpu controller (a cgroup directory, or the autogroup of a session): its weight among its
 * siblings, and CFS bandwidth control's quota, period and burst (cgroup v2 {@code cpu.weight}, {@code cpu.max},
 * {@code cpu.max.burst}; v1 {@code cpu.shares}, {@code cpu.cfs_quota_us}, {@code cpu.cfs_period_us},
 * {@code cpu.cfs_burst_us}). Groups are values: two tasks are in one group when their groups are equal.
 *
 * @param name     the group's path below the root, {@code web/batch}; unique in a workload
 * @param parent   the parent group, or null for a child of the root group
 * @param shares   the group's weight in the kernel's unit ({@code tg->shares}: cpu.shares, or cpu.weight x 1024
 *                 / 100), 2..262144
 * @param quotaNs  runtime per period, ns; {@link #NO_LIMIT} for {@code max}
 * @param periodNs the bandwidth period, ns (1 ms .. 1 s; 100 ms by default)
 * @param burstNs  runtime a period may carry over to the next (cpu.max.burst), ns; at most the quota
 * @param auto     the kernel made the group itself (an autogroup: one per session, CONFIG_SCHED_AUTOGROUP)
 */
public record CGroup(String name, CGroup parent, long shares, long quotaNs, long periodNs, long burstNs,
        boolean auto) {

    /** The quota of a group without a limit ({@code cpu.max} "max", cfs_quota_us -1). */
    public static final long NO_LIMIT = -1;
    /** {@code tg->shares} of a group nobody weighted: cpu.weight 100, cpu.shares 1024. */
    public static final long DEFAULT_SHARES = 1024;
    /** The default period ({@code default_cfs_period}: 100 ms). */
    public static final long DEFAULT_PERIOD_NS = 100_000_000L;
    /** {@code MIN_SHARES} and {@code MAX_SHARES} (kernel/sched/sched.h). */
    public static final long MIN_SHARES = 2, MAX_SHARES = 1L << 18;
    /** The smallest quota and period the kernel accepts ({@code min_cfs_quota_period}: 1 ms). */
    public static final long MIN_QUOTA_PERIOD_NS = 1_000_000L;
    /** The largest period ({@code max_cfs_quota_period}: 1 s). */
    public static final long MAX_PERIOD_NS = 1_000_000_000L;

    public CGroup {
        Objects.requireNonNull(name, "name");
        if (shares < MIN_SHARES || shares > MAX_SHARES) {
            throw new IllegalArgumentException("group " + name + ": shares " + shares + " outside " + MIN_SHARES
                    + ".." + MAX_SHARES);
        }
        if (periodNs < MIN_QUOTA_PERIOD_NS || periodNs > MAX_PERIOD_NS) {
            throw new IllegalArgumentException("group " + name + ": the period must be 1 ms .. 1 s");
        }
        if (quotaNs != NO_LIMIT && quotaNs < MIN_QUOTA_PERIOD_NS) {
            throw new IllegalArgumentException("group " + name + ": a quota below 1 ms is refused");
        }
        if (burstNs < 0 || burstNs > 0 && (quotaNs == NO_LIMIT || burstNs > quotaNs)) {
            throw new IllegalArgumentException("group " + name + ": a burst must be between 0 and the quota");
        }
    }

    /** @return a group with its default weight and no limit */
    public static CGroup of(String name, CGroup parent) {
        return new CGroup(name, parent, DEFAULT_SHARES, NO_LIMIT, DEFAULT_PERIOD_NS, 0, false);
    }

    /** @return whether bandwidth control limits the group ({@code cfs_b->quota != RUNTIME_INF}) */
    public boolean limited() {
        return quotaNs != NO_LIMIT;
    }

    /** @return the depth below the root group (a child of the root: 1) */
    public int depth() {
        return parent == null ? 1 : parent.depth() + 1;
    }

    /** @return this group with another weight */
    public CGroup withShares(long s) {
        return new CGroup(name, parent, s, quotaNs, periodNs, burstNs, auto);
    }

    /** @return this group with another bandwidth limit (quota {@link #NO_LIMIT}: none) */
    public CGroup withMax(long quota, long period, long burst) {
        return new CGroup(name, parent, shares, quota, period, burst, auto);
    }

    /** @return this group under another parent (the parent changed) */
    public CGroup withParent(CGroup p) {
        return new CGroup(name, p, shares, quotaNs, periodNs, burstNs, auto);
    }

    @Override
    public String toString() {
        return name;
    }
}
