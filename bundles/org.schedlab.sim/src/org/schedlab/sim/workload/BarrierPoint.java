/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.workload;

/**
 * A barrier for {@code parties} tasks; the last arrival wakes the others. Holds no run state. A barrier that starts
 * the measurement opens the measured window when it first completes (a benchmark's own clock that starts once its
 * workers are forked and ready, as hackbench's does), or at the warm-up's end if that comes later.
 */
public final class BarrierPoint {
    private final String name;
    private final int parties;
    private final boolean startsMeasurement;

    public BarrierPoint(String name, int parties) {
        this(name, parties, false);
    }

    /**
     * @param startsMeasurement whether its first completion starts the measured window
     * @since 1.8
     */
    public BarrierPoint(String name, int parties, boolean startsMeasurement) {
        if (parties < 1) {
            throw new IllegalArgumentException("parties must be at least 1");
        }
        this.name = name;
        this.parties = parties;
        this.startsMeasurement = startsMeasurement;
    }

    /**
     * @return whether its first completion starts the measured window
     * @since 1.8
     */
    public boolean startsMeasurement() {
        return startsMeasurement;
    }

    public String name() {
        return name;
    }

    public int parties() {
        return parties;
    }

    @Override
    public String toString() {
        return "barrier " + name;
    }
}
