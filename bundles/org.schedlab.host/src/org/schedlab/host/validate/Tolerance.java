/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.util.Locale;

/**
 * How close a simulated figure must be to the measured median for {@code ok}. Fixed in code before any comparison
 * is run: nothing here is fitted to the cases.
 */
public enum Tolerance {
    /** within +-25 % of the measured median (a median of 0 needs a simulated 0) */
    RELATIVE_25,
    /** a share in %: within 5 percentage points of the measured share */
    POINTS_5,
    /**
     * a figure the real runs scatter over several times its median (threads.c's deviation, which the machine's
     * other work sets more than the scheduler): within the measured min..max widened by 25 % at both ends
     */
    RANGE_25;

    /** @return the verdict of a tolerance that needs no range ({@link #RANGE_25} takes the median as the range) */
    public String verdict(double measuredMedian, double simulated) {
        return verdict(measuredMedian, measuredMedian, measuredMedian, simulated);
    }

    /** @return {@code ok}, {@code OUTSIDE}, or {@code no model} when the simulation has no such figure (NaN) */
    public String verdict(double measuredMedian, double min, double max, double simulated) {
        if (Double.isNaN(simulated)) {
            return "no model";
        }
        if (Double.isNaN(measuredMedian)) {
            return "not measured";
        }
        boolean ok = switch (this) {
            case RELATIVE_25 -> measuredMedian == 0 ? simulated == 0
                    : Math.abs(simulated - measuredMedian) <= 0.25 * Math.abs(measuredMedian);
            case POINTS_5 -> Math.abs(simulated - measuredMedian) <= 5.0;
            case RANGE_25 -> simulated >= min / 1.25 && simulated <= max * 1.25;
        };
        return ok ? "ok" : "OUTSIDE";
    }

    /** @return the band as the table's legend writes it */
    public String describe() {
        return switch (this) {
            case RELATIVE_25 -> "+-25 %";
            case POINTS_5 -> "+-5 points";
            case RANGE_25 -> "the measured range +-25 %";
        };
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
