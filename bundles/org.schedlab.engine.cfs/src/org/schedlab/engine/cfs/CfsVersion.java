/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

/**
 * The two modelled CFS releases and the behaviour that differs between them.
 */
public enum CfsVersion {
    /** Linux 2.6.24 (January 2008): the first CFS with group-free fair class as modelled here. */
    V2_6_24("2.6.24", 10_000_000L),
    /** Linux 2.6.25 (April 2008): next buddy, min_gran based period, leftmost-driven min_vruntime. */
    V2_6_25("2.6.25", 5_000_000L);

    private final String label;
    private final long defaultWakeupGranularityNs;

    CfsVersion(String label, long defaultWakeupGranularityNs) {
        this.label = label;
        this.defaultWakeupGranularityNs = defaultWakeupGranularityNs;
    }

    /** @return the kernel version string, e.g. "2.6.24" */
    public String label() { return label; }

    /** @return sysctl_sched_wakeup_granularity before boot scaling, ns */
    public long defaultWakeupGranularityNs() { return defaultWakeupGranularityNs; }

    /** 2.6.25 prefers the last wakee over the leftmost when it is within the granularity. */
    public boolean hasNextBuddy() { return this == V2_6_25; }

    /** 2.6.24 stretches the period as latency*n/nr_latency; 2.6.25 as min_granularity*n. */
    public boolean periodFromMinGranularity() { return this == V2_6_25; }

    /**
     * 2.6.24 advances min_vruntime in update_curr from min(curr, leftmost); 2.6.25 advances it
     * in the tree operations whenever the leftmost changes.
     */
    public boolean minVruntimeFromLeftmost() { return this == V2_6_25; }

    /** @return the version for a label, or throws IllegalArgumentException */
    public static CfsVersion of(String label) {
        for (CfsVersion v : values()) {
            if (v.label.equals(label)) {
                return v;
            }
        }
        throw new IllegalArgumentException("CFS engine models 2.6.24 and 2.6.25, not " + label);
    }
}
