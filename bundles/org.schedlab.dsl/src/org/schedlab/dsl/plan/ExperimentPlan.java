/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.plan;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.schedlab.sim.SimConfig;

/**
 * An expanded experiment: every cell with its configuration, how often to repeat each, what to measure
 * and what to compare against. The translator of .sched files makes one per experiment
 * ({@link org.schedlab.dsl.translate.ExperimentTranslator}); the runner runs it; tests and tools may build one in
 * code.
 *
 * @param name            experiment name
 * @param cells           the matrix, machines x variants x sweep points, in the order to report them
 * @param baselineVariant the variant deltas are computed against ({@code null}: the first cell's variant)
 * @param repeats         runs per cell, with seeds {@code seed, seed + 1, ...}
 * @param metrics         metric names (org.schedlab.runner.MetricCatalog); empty: context switches and every counter
 * @param published       published figures to compare against (may be empty)
 * @param source          the .sched file ({@code null} when the plan was built in code)
 * @param sourceHash      SHA-256 of the source file ({@code null} when there is none)
 * @param seeds           seed of each repeat; empty: repeat {@code r} of a cell uses its config's seed + r
 */
public record ExperimentPlan(String name, List<CellSpec> cells, String baselineVariant, int repeats,
        List<String> metrics, List<Published> published, Path source, String sourceHash,
                List<Long> seeds) {
    /** A plan whose repeats use each cell's configured seed, + 1, + 2, ... */
    public ExperimentPlan(String name, List<CellSpec> cells, String baselineVariant, int repeats,
            List<String> metrics, List<Published> published, Path source, String sourceHash) {
        this(name, cells, baselineVariant, repeats, metrics, published, source, sourceHash, List.of());
    }

    public ExperimentPlan {
        seeds = List.copyOf(seeds);
        Objects.requireNonNull(name, "name");
        cells = List.copyOf(cells);
        metrics = List.copyOf(metrics);
        published = List.copyOf(published);
        if (cells.isEmpty()) {
            throw new IllegalArgumentException("experiment " + name + " has no cells");
        }
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats must be at least 1, not " + repeats);
        }
        Set<String> labels = new HashSet<>();
        for (CellSpec c : cells) {
            if (!labels.add(c.label())) {
                throw new IllegalArgumentException("cell " + c.label() + " appears twice in " + name);
            }
        }
        if (baselineVariant == null) {
            baselineVariant = cells.get(0).variantName();
        }
    }

    /** @return a plan with only its cells and defaults: one repeat, default metrics, no published figures */
    public static ExperimentPlan of(String name, List<CellSpec> cells) {
        return new ExperimentPlan(name, cells, null, 1, List.of(), List.of(), null, null);
    }

    /** @return this plan read from {@code file}, whose bytes have the SHA-256 {@code hash} */
    public ExperimentPlan withSource(Path file, String hash) {
        return new ExperimentPlan(name, cells, baselineVariant, repeats, metrics, published, file, hash, seeds);
    }

    /** @return this plan with another repeat count (the CLI's {@code --repeat}) */
    public ExperimentPlan withRepeats(int n) {
        return new ExperimentPlan(name, cells, baselineVariant, n, metrics, published, source, sourceHash, seeds);
    }

    /** @return this plan with every cell measuring {@code factor} times its duration (same warm-up and seeds) */
    public ExperimentPlan withDurationTimes(int factor) {
        if (factor < 1) {
            throw new IllegalArgumentException("duration factor must be at least 1, not " + factor);
        }
        List<CellSpec> longer = cells.stream().map(c -> CellSpec.lazy(c.experiment(), c.machineName(),
                c.variantName(), c.params(), c.seed(0), () -> {
                    SimConfig config = c.config();
                    return config.withDuration(Math.multiplyExact(config.durationNs(), (long) factor));
                })).toList();
        return new ExperimentPlan(name, longer, baselineVariant, repeats, metrics, published, source, sourceHash,
                seeds);
    }

    /**
     * @return the seed of repeat {@code repeat} of {@code cell}: {@code seeds[repeat]}; past the end of
     *         {@code seeds}, its last seed + 1, + 2, ...; without seeds, the cell's configured seed + repeat
     */
    public long seed(CellSpec cell, int repeat) {
        if (seeds.isEmpty()) {
            return cell.seed(repeat);
        }
        int last = seeds.size() - 1;
        return repeat <= last ? seeds.get(repeat) : seeds.get(last) + repeat - last;
    }

    /**
     * @return this plan with only the published figures whose id is in {@code ids} (every figure when empty)
     *         and only the cells they need: each figure's cell and, for a change, its baseline cell
     * @throws IllegalArgumentException when no figure is left or a figure's cell is not in the plan
     */
    public ExperimentPlan onlyFigures(Set<String> ids) {
        List<Published> figures = published.stream().filter(p -> ids.isEmpty() || ids.contains(p.id())).toList();
        Set<String> labels = new java.util.LinkedHashSet<>();
        for (Published p : figures) {
            labels.add(p.cellLabel());
            if (p.isChange()) {
                labels.add(p.baselineLabel());
            }
            if (p.isRatio()) {
                labels.add(p.overLabel());
            }
        }
        for (String label : labels) {
            if (cell(label).isEmpty()) {
                throw new IllegalArgumentException("experiment " + name + " has no cell " + label);
            }
        }
        if (figures.isEmpty()) {
            throw new IllegalArgumentException("experiment " + name + " has no figure " + String.join(", ", ids));
        }
        return new ExperimentPlan(name, cells.stream().filter(c -> labels.contains(c.label())).toList(),
                baselineVariant, repeats, metrics, figures, source, sourceHash, seeds);
    }

    /** @return the cell with this label ({@link CellSpec#label()}) */
    public java.util.Optional<CellSpec> cell(String label) {
        return cells.stream().filter(c -> c.label().equals(label)).findFirst();
    }
}
