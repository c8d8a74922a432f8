/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.dsl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Run;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.sim.SimResult;

/**
 * The trace of one cell of a result, for views that show a run's schedule: the results model keeps metrics, not
 * traces, so the runner re-creates the run on request from the result's source {@code .sched} (with the installed
 * engines) and the seed of the cell's first run, with tracing on. The views ask this and never load a .sched file
 * themselves.
 */
public final class CellTraces {

    private CellTraces() {
    }

    /**
     * A traced run, or why there is none.
     *
     * @param run   the run with its trace, or null
     * @param label what was traced ("CPU timeline of duo/rr, seed 5"), or the reason there is no trace
     */
    public record CellTrace(SimResult run, String label) {
        /** @return true when {@link #run()} holds a trace */
        public boolean traced() {
            return run != null;
        }
    }

    /**
     * Traces the first run of the first cell of {@code variant} (the first cell when {@code variant} is null).
     *
     * @param traceLimit trace records kept; a longer run's trace ends at the last record
     * @return the traced run; a problem (no such cell, the source gone or no longer valid) is a {@link CellTrace}
     *         without a run whose label says what went wrong, never an exception
     */
    public static CellTrace trace(ExperimentResult result, String variant, int traceLimit) {
        Cell cell = result.getCells().stream().filter(c -> variant == null || variant.equals(c.getVariant()))
                .findFirst().orElse(null);
        return trace(result, cell, cell == null || cell.getRuns().isEmpty() ? null : cell.getRuns().get(0),
                traceLimit);
    }

    /**
     * Traces {@code run} of {@code cell} (the cell's first seed when {@code run} is null).
     *
     * @param traceLimit trace records kept; a longer run's trace ends at the last record
     * @return the traced run, or a {@link CellTrace} without a run whose label says what went wrong
     */
    public static CellTrace trace(ExperimentResult result, Cell cell, Run run, int traceLimit) {
        if (cell == null) {
            return new CellTrace(null, result.getName() + ": no cell to trace");
        }
        String source = result.getSourceFile();
        if (source == null) {
            return new CellTrace(null, result.getName() + ": the result does not name its source .sched");
        }
        if (!Files.isRegularFile(Path.of(source))) {
            return new CellTrace(null, result.getName() + ": the source .sched is not found (" + source + ")");
        }
        String cellLabel = Comparisons.cellLabel(cell);
        InstalledEngines.await(2000); // right after start-up the engine services may still be registering
        try {
            for (ExperimentPlan plan : DslPlans.load(Path.of(source))) {
                if (!Objects.equals(plan.name(), result.getName())) {
                    continue;
                }
                for (CellSpec spec : plan.cells()) {
                    if (spec.label().equals(cellLabel)) {
                        long seed = run == null ? spec.seed(0) : run.getSeed();
                        return new CellTrace(new ExperimentRunner().traceRun(spec, seed, traceLimit),
                                "CPU timeline of " + cellLabel + ", seed " + seed);
                    }
                }
            }
        } catch (IOException | DslPlans.InvalidSourceException | TranslationException e) {
            return new CellTrace(null, "Cannot trace " + result.getName() + ": " + e.getMessage());
        }
        return new CellTrace(null, result.getName() + ": cell " + cellLabel + " is no longer in " + source);
    }
}
