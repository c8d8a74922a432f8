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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.RunPool;
import org.schedlab.runner.Sensitivity;
import org.schedlab.runner.chart.TornadoChart;

/**
 * The one code path of a sensitivity run, for {@code schedlab sensitivity} and the workbench's Run Sensitivity:
 * every experiment's runs on one {@link RunPool} (longest first), the defaults' runs first so that the rest can be
 * timed by them, then {@link Sensitivity#rows} and a {@link TornadoChart} per figure. Its results name figures by
 * strings, so a view can show them without reading .sched files.
 */
public final class SensitivityRun {

    /**
     * One figure's sensitivity.
     *
     * @param experiment its experiment
     * @param id         the published figure's id
     * @param cell       {@code cell vs baseline}
     * @param metric     the figure's metric
     * @param published  the published change, %
     * @param chart      its tornado (the command line's)
     * @param rows       one per uncertain value, largest swing first
     */
    public record Figure(String experiment, String id, String cell, String metric, double published,
                         TornadoChart chart, List<Sensitivity.Row> rows) {
        public Figure {
            rows = List.copyOf(rows);
        }

        /** @return how a figure selector names it: id, cell, metric, published value */
        public String describe() {
            return String.format(Locale.ROOT, "%s  %s, %s (published %+.1f %%)", id, cell, metric, published);
        }
    }

    /**
     * What a run gave.
     *
     * @param figures   every selected published change, in file order
     * @param problems  failed runs, a line each
     * @param cancelled the monitor asked to stop before the end
     */
    public record Outcome(List<Figure> figures, List<String> problems, boolean cancelled) {
    }

    /** A file that cannot be read or simulated, with a message a user can act on. */
    public static final class LoadException extends Exception {
        private static final long serialVersionUID = 1L;

        LoadException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Told, before the bulk of the runs, how long they will take. */
    public interface Estimate {
        /**
         * @param runs    runs of the whole job
         * @param first   runs made to time it (the defaults, first seed)
         * @param firstS  their wall time, s
         * @param restS   the rest's wall time at that pace, s
         * @param workers the pool's workers
         */
        void estimated(int runs, int first, double firstS, double restS, int workers);
    }

    private SensitivityRun() {
    }

    /**
     * Loads {@code file} with the installed engines and runs it (the workbench's path).
     *
     * @throws LoadException when it has errors or cannot be simulated
     */
    public static Outcome ofFile(Path file, Set<String> only, Sensitivity.Settings settings, int jobs,
                                 RunMonitor monitor, Estimate estimate) throws IOException, LoadException {
        List<UncertainPlans.Experiment> experiments;
        try {
            experiments = UncertainPlans.load(file, InstalledEngines.catalog());
        } catch (DslPlans.InvalidSourceException e) {
            throw new LoadException(file.getFileName() + " has errors; fix them first: " + e.getMessage(), e);
        } catch (TranslationException e) {
            throw new LoadException(file.getFileName() + ": " + e.getMessage(), e);
        }
        return run(experiments, only, settings, jobs, monitor, estimate);
    }

    /** Runs the selected published changes of {@code experiments} (every one when {@code only} is empty). */
    public static Outcome run(List<UncertainPlans.Experiment> experiments, Set<String> only,
                              Sensitivity.Settings settings, int jobs, RunMonitor monitor, Estimate estimate) {
        List<ExperimentPlan> jobPlans = new ArrayList<>();
        int runs = 0;
        for (UncertainPlans.Experiment x : experiments) {
            List<Published> chosen = Sensitivity.figures(x.plan(), only);
            ExperimentPlan jp = chosen.isEmpty() ? null : Sensitivity.plan(x.plan(), chosen, x.uncertain(), settings);
            jobPlans.add(jp);
            runs += jp == null ? 0 : jp.cells().size() * jp.repeats();
        }
        List<Figure> figures = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        boolean cancelled = false;
        try (RunPool pool = new RunPool(jobs, monitor)) {
            timeTheDefaults(jobPlans, runs, pool, estimate);
            List<CompletableFuture<ExperimentResult>> results = new ArrayList<>();
            jobPlans.forEach(jp -> results.add(jp == null ? null : new ExperimentRunner().submit(jp, pool)));
            for (int i = 0; i < experiments.size(); i++) {
                if (results.get(i) == null) {
                    continue;
                }
                UncertainPlans.Experiment x = experiments.get(i);
                ExperimentResult r = results.get(i).join();
                cancelled |= r.getStatus() == RunStatus.CANCELLED || monitor.isCancelled();
                problems.addAll(Comparisons.problems(r));
                List<Published> chosen = Sensitivity.figures(x.plan(), only);
                List<Sensitivity.Row> rows = Sensitivity.rows(chosen, x.uncertain(), r);
                for (Published f : chosen) {
                    List<Sensitivity.Row> mine = rows.stream().filter(row -> row.figure().equals(f.id())).toList();
                    figures.add(new Figure(x.plan().name(), f.id(), f.cellLabel() + " vs " + f.against(), f.metric(),
                            f.value(), TornadoChart.of(f, mine), mine));
                }
            }
        }
        return new Outcome(figures, problems, cancelled);
    }

    /** Runs every figure's cells at the defaults with the first seed (the pool keeps them) and tells the estimate. */
    private static void timeTheDefaults(List<ExperimentPlan> jobPlans, int runs, RunPool pool, Estimate estimate) {
        List<CompletableFuture<?>> first = new ArrayList<>();
        for (ExperimentPlan jp : jobPlans) {
            if (jp != null) {
                jp.cells().stream().filter(c -> !c.params().containsKey(Sensitivity.SHIFTED))
                        .forEach(c -> first.add(pool.submit(c, jp.seed(c, 0), jp.metrics())));
            }
        }
        if (first.isEmpty()) {
            return;
        }
        long t0 = System.nanoTime();
        CompletableFuture.allOf(first.toArray(CompletableFuture[]::new)).join();
        double firstS = (System.nanoTime() - t0) / 1e9;
        int workers = pool.report().workers();
        double restS = firstS * Math.min(workers, first.size()) / first.size() * (runs - first.size()) / workers;
        estimate.estimated(runs, first.size(), firstS, restS, workers);
    }
}
