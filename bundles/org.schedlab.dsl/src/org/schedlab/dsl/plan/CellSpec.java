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
import java.util.stream.Collectors;
import org.schedlab.sim.SimConfig;

/**
 * One cell of an experiment's matrix: a machine, a variant and a sweep point, with the complete
 * simulation configuration. Repeat {@code r} of the cell runs {@code config} with seed
 * {@code config.seed() + r}.
 *
 * @param experiment  experiment name
 * @param machineName machine name as the experiment file spells it
 * @param variantName variant name as the experiment file spells it
 * @param params      sweep parameters of this point (empty when the experiment does not sweep)
 * @param config      what to simulate
 */
public record CellSpec(String experiment, String machineName, String variantName, Map<String, String> params,
        SimConfig config) {
    public CellSpec {
        Objects.requireNonNull(experiment, "experiment");
        Objects.requireNonNull(machineName, "machineName");
        Objects.requireNonNull(variantName, "variantName");
        Objects.requireNonNull(config, "config");
        params = java.util.Collections.unmodifiableMap(new TreeMap<>(params));
    }

    /** @return the sweep point as {@code k=v,k=v} (empty without parameters) */
    public String paramsLabel() {
        return paramsLabel(params);
    }

    /** @return {@code machine/variant} or {@code machine/variant[k=v,...]}: the cell's name in tables and files */
    public String label() {
        return label(machineName, variantName, params);
    }

    /** @return the seed of repeat {@code repeat} */
    public long seed(int repeat) {
        return config.seed() + repeat;
    }

    /** @return the sweep point {@code params} as {@code k=v,k=v}, keys sorted (empty without parameters) */
    public static String paramsLabel(Map<String, String> params) {
        return new TreeMap<>(params).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(","));
    }

    /** @return {@code machine/variant} or {@code machine/variant[k=v,...]} */
    public static String label(String machine, String variant, Map<String, String> params) {
        String p = paramsLabel(params);
        return machine + "/" + variant + (p.isEmpty() ? "" : "[" + p + "]");
    }
}
