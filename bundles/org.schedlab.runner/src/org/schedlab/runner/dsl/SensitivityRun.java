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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.RunPool;
import org.schedlab.runner.RunTimes;
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

        /**
         * The whole job would not fit the time budget, so every run measures {@code fraction} of the simulated time
         * its cell's run at the defaults took, not less than the budget's shortest (each end of a cell alike, the
         * defaults run again as short).
         *
         * @param fraction  of each cell's simulated time, (0, 1)
         * @param shortS    the shortened job's estimated wall time, s
         * @param example   the longest cell and its simulated time before and after, and the budget's shortest
         *                  run, for the user ({@code ..., at least 1 s})
         */
        default void shortened(double fraction, double shortS, String example) {
        }
    }

    /**
     * The wall time a job should fit.
     *
     * @param seconds    the budget, s (0: none)
     * @param shortestNs the simulated time below which no run is shortened: a cell whose run at the defaults took less
     *                   runs whole (lmbench's iterations need their whole 0.2 s), a longer one at least this long
     */
    public record Budget(double seconds, long shortestNs) {
        /** No budget: every run as long as its experiment's. */
        public static final Budget NONE = new Budget(0, 0);
        /** What `schedlab sensitivity` and the workbench's Run Sensitivity fit unless told otherwise: 4 min. */
        public static final Budget DEFAULT = of(240);

        /** @return a budget of {@code seconds}, no run shortened below 1 s of simulated time */
        public static Budget of(double seconds) {
            return new Budget(seconds, 1_000_000_000L);
        }
    }

    /** Wall time of the first runs, their estimate for the rest, and the simulated time each cell's run took. */
    private record Timed(double firstS, double restS, Map<String, Long> simulatedNs) {
    }

    private SensitivityRun() {
    }

    /**
     * Loads {@code file} with the installed engines and runs it within {@code budget} (the workbench's path).
     *
     * @throws LoadException when it has errors or cannot be simulated
     */
    public static Outcome ofFile(Path file, Set<String> only, Sensitivity.Settings settings, Budget budget, int jobs,
                                 RunMonitor monitor, Estimate estimate) throws IOException, LoadException {
        List<UncertainPlans.Experiment> experiments;
        try {
            experiments = UncertainPlans.load(file, InstalledEngines.catalog());
        } catch (DslPlans.InvalidSourceException e) {
            throw new LoadException(file.getFileName() + " has errors; fix them first: " + e.getMessage(), e);
        } catch (TranslationException e) {
            throw new LoadException(file.getFileName() + ": " + e.getMessage(), e);
        }
        return run(experiments, only, settings, budget, jobs, monitor, estimate);
    }

    /**
     * Runs the selected published changes of {@code experiments} (every one when {@code only} is empty) within
     * {@code budget} ({@link Budget#NONE}: none; ignored when the settings give a duration): when the runs at the
     * defaults estimate the whole job over it, every run is shortened to the same fraction of the simulated time its cell's
     * run at the defaults took, not below the budget's shortest ({@link Estimate#shortened}).
     */
    public static Outcome run(List<UncertainPlans.Experiment> experiments, Set<String> only,
                              Sensitivity.Settings settings, Budget budget, int jobs, RunMonitor monitor,
                              Estimate estimate) {
        List<ExperimentPlan> jobPlans = plans(experiments, only, settings, c -> settings.durationNs());
        int runs = 0;
        for (ExperimentPlan jp : jobPlans) {
            runs += jp == null ? 0 : jp.cells().size() * jp.repeats();
        }
        List<Figure> figures = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        boolean cancelled = false;
        try (RunPool pool = new RunPool(jobs, monitor, RunTimes.fromState(), true)) {
            Timed timed = timeTheDefaults(jobPlans, runs, pool, estimate);
            if (settings.durationNs() == 0 && !monitor.isCancelled()) {
                jobPlans = withinBudget(jobPlans, experiments, only, settings, budget, timed, estimate);
            }
            List<CompletableFuture<ExperimentResult>> results = new ArrayList<>();
            for (ExperimentPlan jp : jobPlans) {
                results.add(jp == null ? null : new ExperimentRunner().submit(jp, pool));
            }
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

    /**
     * @return {@code jobPlans}, or when the timed defaults estimate the whole job over {@code budget}, the plans with
     *         every run cut to the same fraction of its cell's simulated time at the defaults (told to the estimate)
     */
    private static List<ExperimentPlan> withinBudget(List<ExperimentPlan> jobPlans,
            List<UncertainPlans.Experiment> experiments, Set<String> only, Sensitivity.Settings settings, Budget budget,
            Timed timed, Estimate estimate) {
        double wholeS = timed.firstS() + timed.restS();
        Map<String, Long> ns = timed.simulatedNs();
        long longest = ns.values().stream().mapToLong(Long::longValue).max().orElse(0);
        if (budget.seconds() <= 0 || wholeS <= budget.seconds() || longest <= budget.shortestNs()) {
            return jobPlans;
        }
        double f = Math.max(0.01, Math.min(0.95, (budget.seconds() - timed.firstS()) / wholeS));
        java.util.function.LongUnaryOperator cut = e -> Math.min(e, Math.max(budget.shortestNs(), Math.round(f * e)));
        String example = ns.entrySet().stream().max(Map.Entry.comparingByValue())
                .map(e -> e.getKey() + ": " + seconds(e.getValue()) + " -> " + seconds(cut.applyAsLong(e.getValue())))
                .orElse("") + ", at least " + seconds(budget.shortestNs());
        estimate.shortened(f, f * wholeS, example);
        return plans(experiments, only, settings, c -> {
            Long e = ns.get(key(c));
            return e == null ? 0 : cut.applyAsLong(e);
        });
    }

    private static List<ExperimentPlan> plans(List<UncertainPlans.Experiment> experiments, Set<String> only,
            Sensitivity.Settings settings, java.util.function.ToLongFunction<CellSpec> durationOf) {
        List<ExperimentPlan> jobPlans = new ArrayList<>();
        for (UncertainPlans.Experiment x : experiments) {
            List<Published> chosen = Sensitivity.figures(x.plan(), only);
            jobPlans.add(chosen.isEmpty() ? null
                    : Sensitivity.plan(x.plan(), chosen, x.uncertain(), settings, durationOf));
        }
        return jobPlans;
    }

    /** @return how the timed defaults name a cell: its experiment and label, as the user reads it */
    private static String key(CellSpec c) {
        return c.experiment() + " " + c.label();
    }

    private static String seconds(long ns) {
        return String.format(Locale.ROOT, ns >= 10_000_000_000L ? "%.0f s" : "%.2f s", ns / 1e9);
    }

    /** Runs every figure's cells at the defaults with the first seed (the pool keeps them) and tells the estimate. */
    private static Timed timeTheDefaults(List<ExperimentPlan> jobPlans, int runs, RunPool pool, Estimate estimate) {
        Map<String, CompletableFuture<Run>> first = new HashMap<>();
        for (ExperimentPlan jp : jobPlans) {
            if (jp != null) {
                jp.cells().stream().filter(c -> !c.params().containsKey(Sensitivity.SHIFTED))
                        .forEach(c -> first.put(key(c), pool.submit(c, jp.seed(c, 0), jp.metrics())));
            }
        }
        if (first.isEmpty()) {
            return new Timed(0, 0, Map.of());
        }
        long t0 = System.nanoTime();
        CompletableFuture.allOf(first.values().toArray(CompletableFuture[]::new)).join();
        double firstS = (System.nanoTime() - t0) / 1e9;
        int workers = pool.report().workers();
        double restS = firstS * Math.min(workers, first.size()) / first.size() * (runs - first.size()) / workers;
        estimate.estimated(runs, first.size(), firstS, restS, workers);
        Map<String, Long> simulated = new HashMap<>();
        first.forEach((cell, run) -> {
            Run r = run.join();
            if (r.getStatus() == RunStatus.OK && r.getElapsedNs() > 0) {
                simulated.put(cell, r.getElapsedNs());
            }
        });
        return new Timed(firstS, restS, simulated);
    }
}
