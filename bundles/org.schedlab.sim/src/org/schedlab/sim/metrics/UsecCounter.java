/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.metrics;

/**
 * An engine counter in microseconds fed with nanoseconds, as cpu.stat's {@code usage_usec} is kept from
 * {@code update_curr}'s deltas: whole microseconds are reported to the counter as they accumulate, the remainder
 * carried.
 *
 * @since 1.3
 */
public final class UsecCounter {
    private final Metrics metrics;
    private final int id;
    private long ns;
    private long reportedUs;

    /** A counter named {@code name} in {@code metrics} (reported as 0 until time is added). */
    public UsecCounter(Metrics metrics, String name) {
        this.metrics = metrics;
        this.id = metrics.engineCounterId(name);
    }

    /** Adds {@code deltaNs} of time. */
    public void add(long deltaNs) {
        ns += deltaNs;
        long us = ns / 1000;
        metrics.engineCounter(id, us - reportedUs);
        reportedUs = us;
    }

    /** @return the time added so far, ns */
    public long ns() {
        return ns;
    }
}
