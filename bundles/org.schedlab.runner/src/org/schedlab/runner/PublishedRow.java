/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.Locale;
import org.schedlab.dsl.plan.CellSpec;

/**
 * A published figure against its simulated value, as {@code schedlab reproduce} prints it.
 *
 * @param id         figure id
 * @param experiment experiment name
 * @param cell       cell label ({@link CellSpec#label()})
 * @param metric     metric name
 * @param unit       unit of the figures
 * @param published  published value
 * @param simulated  simulated value (mean over repeats; NaN when the cell has no such figure)
 * @param bandLow    band low bound
 * @param bandHigh   band high bound
 * @param ok         simulated lies in the band
 */
public record PublishedRow(String id, String experiment, String cell, String metric, String unit,
                           double published, double simulated, double bandLow, double bandHigh, boolean ok) {
    /** @return {@code ok} or {@code OUTSIDE} */
    public String verdict() {
        return ok ? "ok" : "OUTSIDE";
    }

    /** @return the band as {@code [low, high]}, or {@code none} for a figure published without one */
    public String band() {
        if (Double.isInfinite(bandLow) && Double.isInfinite(bandHigh)) {
            return "none";
        }
        return "[" + DeltaTable.formatValue(bandLow) + ", " + DeltaTable.formatValue(bandHigh) + "]";
    }

    /** @return {@code ID  experiment  cell  metric  published  simulated  unit  band  ok|OUTSIDE} on one line */
    public String render() {
        return String.format(Locale.ROOT, "%-8s  %-14s  %-26s  %-14s  %12s  %12s  %-8s  %-22s  %s", id, experiment,
                cell, metric, DeltaTable.formatValue(published), DeltaTable.formatValue(simulated), unit, band(),
                verdict());
    }
}
