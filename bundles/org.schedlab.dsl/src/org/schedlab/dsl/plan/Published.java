/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.plan;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A figure a seed published, and the band the simulated value must fall in to count as reproduced.
 *
 * @param id          figure id ({@code 002-a})
 * @param machineName cell's machine
 * @param variantName cell's variant
 * @param params      cell's sweep point (empty without a sweep)
 * @param metric      metric name, one of the experiment's metrics
 * @param value       the published value, in {@code unit}
 * @param unit        unit of value and band (empty: the metric's unit)
 * @param bandLow     lowest simulated value that reproduces the figure
 * @param bandHigh    highest simulated value that reproduces the figure
 * @param against     null for an absolute figure; else the baseline variant: the figure (and its band) is then
 *                    the % change of the metric against that variant on the same machine and sweep point, as
 *                    the seeds print their delta rows (absolute throughput of a 2002 machine need not match)
 * @param over        empty, or for a ratio the sweep point of the denominator: the figure is then the metric at
 *                    {@code params} divided by the metric at {@code over}, same machine and variant
 * @param fixedWindow the published figure was measured over exactly the experiment's duration ({@code duration
 *                    60 s fixed}: threads.c's MEASURE_TIME), so a longer run measures something else and the
 *                    run-length check of {@code schedlab reproduce} does not apply
 */
public record Published(String id, String machineName, String variantName, Map<String, String> params,
                        String metric, double value, String unit, double bandLow, double bandHigh, String against,
                        Map<String, String> over, boolean fixedWindow) {
    public Published {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(metric, "metric");
        unit = unit == null ? "" : unit;
        params = java.util.Collections.unmodifiableMap(new TreeMap<>(params));
        over = over == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(over));
        if (!(bandLow <= bandHigh)) {
            throw new IllegalArgumentException("band of " + id + " is empty: [" + bandLow + ", " + bandHigh + "]");
        }
    }

    /** A figure measured over a window of any length (see {@code fixedWindow}). */
    public Published(String id, String machineName, String variantName, Map<String, String> params, String metric,
            double value, String unit, double bandLow, double bandHigh, String against, Map<String, String> over) {
        this(id, machineName, variantName, params, metric, value, unit, bandLow, bandHigh, against, over, false);
    }

    /** @return this figure, measured over exactly the experiment's duration */
    public Published withFixedWindow() {
        return new Published(id, machineName, variantName, params, metric, value, unit, bandLow, bandHigh, against,
                over, true);
    }

    /** An absolute figure or, with {@code against}, a change. */
    public Published(String id, String machineName, String variantName, Map<String, String> params, String metric,
            double value, String unit, double bandLow, double bandHigh, String against) {
        this(id, machineName, variantName, params, metric, value, unit, bandLow, bandHigh, against, Map.of());
    }

    /** An absolute figure. */
    public Published(String id, String machineName, String variantName, Map<String, String> params, String metric,
            double value, String unit, double bandLow, double bandHigh) {
        this(id, machineName, variantName, params, metric, value, unit, bandLow, bandHigh, null);
    }

    /**
     * @return a ratio: the metric at sweep point {@code params} over the metric at {@code over}, published as
     *         {@code value} (unit {@code x}) with the band {@code value} plus or minus {@code fraction} of it
     */
    public static Published ratio(String id, String machine, String variant, Map<String, String> params,
            Map<String, String> over, String metric, double value, double fraction) {
        double d = Double.isInfinite(fraction) ? Double.POSITIVE_INFINITY : Math.abs(value) * fraction;
        return new Published(id, machine, variant, params, metric, value, "x", value - d, value + d, null, over);
    }

    /** @return true for a ratio of the metric at two sweep points */
    public boolean isRatio() {
        return !over.isEmpty();
    }

    /** @return the label of the denominator cell of a ratio */
    public String overLabel() {
        return CellSpec.label(machineName, variantName, over);
    }

    /** @return a figure that is the % change against {@code baselineVariant}, with the band {@code [low, high]} % */
    public static Published change(String id, String machine, String variant, Map<String, String> params,
            String metric, double percent, String baselineVariant, double low, double high) {
        return new Published(id, machine, variant, params, metric, percent, "%", low, high, baselineVariant);
    }

    /** @return true for a % change against a baseline variant */
    public boolean isChange() {
        return against != null;
    }

    /** @return the label of the baseline cell a change is measured against */
    public String baselineLabel() {
        return CellSpec.label(machineName, against, params);
    }

    /** @return a figure whose band is {@code value} plus or minus {@code fraction} of it */
    public static Published relative(String id, String machine, String variant, Map<String, String> params,
            String metric, double value, String unit, double fraction) {
        double d = Math.abs(value) * fraction;
        return new Published(id, machine, variant, params, metric, value, unit, value - d, value + d);
    }

    /** @return the label of the cell this figure belongs to (as {@link CellSpec#label()}) */
    public String cellLabel() {
        return CellSpec.label(machineName, variantName, params);
    }

    /** @return true when {@code simulated} lies in the band (bounds included) */
    public boolean accepts(double simulated) {
        return simulated >= bandLow && simulated <= bandHigh;
    }
}
