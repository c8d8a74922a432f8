/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

/**
 * One change row: what a change did to one metric of a case on the real kernel, and what the model predicted.
 *
 * @param caseId    the case
 * @param change    the change's name ({@code nice -5})
 * @param kind      its kind ({@code nice}, {@code policy}, {@code slice}, {@code affinity}, {@code sysctl})
 * @param metric    the metric
 * @param points    the change is a difference in percentage points (shares, missed deadlines), else a relative
 *                  change in %
 * @param measured  the measured change: changed median against the case's median
 * @param min       the smallest change over the paired runs (run i changed against run i unchanged)
 * @param max       the largest
 * @param simulated the simulated change, the same way (NaN when not simulated)
 * @param verdict   {@code ok}, {@code OUTSIDE}, {@code wrong sign}, or why there is no figure
 */
public record ChangeRow(String caseId, String change, String kind, String metric, boolean points, double measured,
        double min, double max, double simulated, String verdict) {

    /**
     * @return {@code ok} when the simulated change has the measured one's sign and lies within 25 % of it (within 5
     *         points for a difference of points), {@code wrong sign} when the signs differ, else {@code OUTSIDE}
     */
    public static String verdict(double measured, double simulated, boolean points) {
        if (Double.isNaN(simulated)) {
            return "no model";
        }
        if (Double.isNaN(measured)) {
            return "not measured";
        }
        if (Math.signum(measured) != Math.signum(simulated)) {
            return "wrong sign";
        }
        double band = points ? 5.0 : 0.25 * Math.abs(measured);
        return Math.abs(simulated - measured) <= band ? "ok" : "OUTSIDE";
    }

    /** @return the change from {@code base} to {@code changed}: a difference of points, or relative in % */
    public static double change(double base, double changed, boolean points) {
        if (points) {
            return changed - base;
        }
        return base == 0 ? Double.NaN : 100 * (changed - base) / base;
    }
}
