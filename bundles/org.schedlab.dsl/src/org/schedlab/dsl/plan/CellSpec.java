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
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.schedlab.sim.SimConfig;

/**
 * One cell of an experiment's matrix: a machine, a variant and a sweep point, with the complete simulation
 * configuration. Repeat {@code r} of the cell runs {@code config} with seed {@code config.seed() + r}.
 *
 * <p>A cell either holds its configuration or builds it on each call of {@link #config()} ({@link #lazy}): a plan of
 * a million sample points then holds the cells' names and parameters, not a million workloads. Building must give
 * an equal configuration every time (the translator builds from the parsed file, which does not change).
 */
public final class CellSpec {
    private final String experiment;
    private final String machineName;
    private final String variantName;
    private final Map<String, String> params;
    private final long seed;
    private final Supplier<SimConfig> config;

    /**
     * @param experiment  experiment name
     * @param machineName machine name as the experiment file spells it
     * @param variantName variant name as the experiment file spells it
     * @param params      sweep parameters of this point (empty when the experiment does not sweep)
     * @param config      what to simulate
     */
    public CellSpec(String experiment, String machineName, String variantName, Map<String, String> params,
            SimConfig config) {
        this(experiment, machineName, variantName, params, Objects.requireNonNull(config, "config").seed(),
                () -> config);
    }

    private CellSpec(String experiment, String machineName, String variantName, Map<String, String> params,
            long seed, Supplier<SimConfig> config) {
        this.experiment = Objects.requireNonNull(experiment, "experiment");
        this.machineName = Objects.requireNonNull(machineName, "machineName");
        this.variantName = Objects.requireNonNull(variantName, "variantName");
        // one key needs no sorting: the smallest immutable map (a million-cell plan holds a million of these)
        this.params = params.size() <= 1 ? Map.copyOf(params)
                : java.util.Collections.unmodifiableMap(new TreeMap<>(params));
        this.seed = seed;
        this.config = Objects.requireNonNull(config, "config");
    }

    /**
     * @return a cell whose configuration {@code build} makes when it is asked for (when the cell runs), each time
     *         anew; {@code seed} must be the seed of the configurations it makes
     */
    public static CellSpec lazy(String experiment, String machineName, String variantName, Map<String, String> params,
            long seed, Supplier<SimConfig> build) {
        return new CellSpec(experiment, machineName, variantName, params, seed, build);
    }

    /** @return experiment name */
    public String experiment() {
        return experiment;
    }

    /** @return machine name as the experiment file spells it */
    public String machineName() {
        return machineName;
    }

    /** @return variant name as the experiment file spells it */
    public String variantName() {
        return variantName;
    }

    /** @return sweep parameters of this point, keys sorted (empty when the experiment does not sweep) */
    public Map<String, String> params() {
        return params;
    }

    /** @return what to simulate (a lazy cell builds it now: call once per use, keep it no longer than needed) */
    public SimConfig config() {
        return config.get();
    }

    /** @return the sweep point as {@code k=v,k=v} (empty without parameters) */
    public String paramsLabel() {
        return paramsLabel(params);
    }

    /** @return {@code machine/variant} or {@code machine/variant[k=v,...]}: the cell's name in tables and files */
    public String label() {
        return label(machineName, variantName, params);
    }

    /** @return the seed of repeat {@code repeat} (without building a lazy cell's configuration) */
    public long seed(int repeat) {
        return seed + repeat;
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

    /** Two cells are equal when their names, parameters and configurations are. */
    @Override
    public boolean equals(Object o) {
        return o instanceof CellSpec c && experiment.equals(c.experiment) && machineName.equals(c.machineName)
                && variantName.equals(c.variantName) && params.equals(c.params) && seed == c.seed
                && config().equals(c.config());
    }

    @Override
    public int hashCode() {
        return Objects.hash(experiment, machineName, variantName, params, seed);
    }

    @Override
    public String toString() {
        return "CellSpec[" + experiment + ": " + label() + "]";
    }
}
