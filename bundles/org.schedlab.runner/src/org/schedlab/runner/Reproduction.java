/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.sim.spi.EngineInfo;

/**
 * Honest verdicts for the published changes of one experiment ({@code schedlab reproduce}).
 *
 * <p>Each figure's patched and baseline cells run with seeds 1, 2, ... (or the experiment's {@code seeds}); seed i
 * of the patched cell is paired with seed i of the baseline, and the per-seed changes give a mean and a Student-t
 * 95 % confidence interval ({@link Stats}, exact quantiles from {@link StudentT}). Every (cell, seed) is one job of
 * a {@link CellRuns} pool shared by every figure of every experiment, so a baseline run that several figures compare
 * against runs once, and all cores work until the last figure is settled.
 *
 * <p>Stopping rule (sequential repeats): after each pair from the {@code repeats}-th on (the command line's default
 * 2), in seed order, the figure stops when its interval is settled: wholly inside the band or wholly outside it
 * (more repeats narrow it around the same mean: the verdict is decided), or its half-width is at most
 * {@value #CONVERGED_POINTS} percentage points or 1/{@value #BAND_FRACTION} of the band's width (finite bands).
 * Otherwise it takes the next seed, up to {@code maxRepeats}; one still unsettled there is {@code unconverged}.
 * Where it stops depends only on the runs' values, never on which run finished first. Looking at the interval after
 * every seed makes a 95 % interval somewhat less than 95 % sure; the cap bounds that, and docs/reproduction.md says
 * by how much.
 *
 * <p>Run length: a settled figure whose runs all lasted their whole duration (a steady-state rate, not a workload
 * that ends by itself such as a whole VolanoMark test) and whose window is not fixed by the published measurement
 * ({@code duration 60 s fixed}) runs its first {@code repeats} seeds once more for twice the duration (an
 * unconverged figure does not: that run cannot change its verdict). Its estimate has converged in run length when
 * the two means differ by at most {@value #CONVERGED_POINTS} percentage points, a tenth of the band's width, or
 * the sum of the two intervals' half-widths ({@link #lengthConverged}); one that moved further is
 * {@code unconverged}, whatever its band says.
 *
 * <p>Verdict: {@code unconverged} as above; else {@code ok} when the whole interval lies in the band, and
 * {@code ok, unaffected} when in addition the patched variant's engine counter {@code patched_paths} was 0 in
 * every repeat (the patch's code path never ran); else {@code OUTSIDE}.
 */
public final class Reproduction {
    /** The engine counter an engine increments whenever a patch's hook takes a path the stock kernel does not. */
    public static final String PATCHED_PATHS = "patched_paths";
    /** Its total over the measured time, the metric the runner records. */
    public static final String PATCHED_PATHS_TOTAL = PATCHED_PATHS + "_total";
    /** Half-widths up to this many percentage points have converged. */
    public static final double CONVERGED_POINTS = 2.0;
    /** ... and so have half-widths up to 1/BAND_FRACTION of the band's width. */
    public static final int BAND_FRACTION = 10;

    private Reproduction() {
    }

    /**
     * How many repeats to run.
     *
     * @param repeats    seeds every figure runs before the stopping rule may stop it (at least 2, for an interval)
     * @param maxRepeats seeds at most (at least {@code repeats})
     */
    public record Repeats(int repeats, int maxRepeats) {
        public Repeats {
            if (repeats < 2) {
                throw new IllegalArgumentException("an interval needs at least 2 repeats, not " + repeats);
            }
            if (maxRepeats < repeats) {
                throw new IllegalArgumentException("the repeat cap " + maxRepeats + " is below the repeats "
                        + repeats);
            }
        }
    }

    /**
     * What a reproduction gave.
     *
     * @param rows     one per figure, in the plans' order and each plan's figure order
     * @param problems failed runs, one line each (their figures have no interval or a short one)
     */
    public record Outcome(List<ReproducedFigure> rows, List<String> problems) {
    }

    /**
     * Runs the figures of {@code plans} whose id is in {@code only} (all when empty), all at once on {@code runs}:
     * every figure asks for its pairs as the stopping rule needs them ({@link FigureRun}), and while a worker has
     * nothing to run the figure furthest behind asks for its next pair ahead of need.
     */
    public static Outcome reproduce(List<ExperimentPlan> plans, Set<String> only, Repeats repeats, CellRuns runs) {
        LinkedBlockingQueue<Runnable> events = new LinkedBlockingQueue<>();
        FigureRun.Runs asker = new FigureRun.Runs() {
            @Override
            public void submit(CellSpec cell, long seed, List<String> metrics, java.util.function.Consumer<Run> then) {
                runs.submit(cell, seed, metrics).whenComplete((run, e) -> events.add(() -> then.accept(run != null
                        ? run : RunRecorder.failed(seed, RunStatus.FAILED, ExperimentRunner.describe(e)))));
            }

            @Override
            public void withdraw(CellSpec cell, long seed, List<String> metrics) {
                runs.withdraw(cell, seed, metrics);
            }
        };
        List<FigureRun> figures = new ArrayList<>();
        for (ExperimentPlan plan : plans) {
            List<Published> chosen = plan.published().stream()
                    .filter(p -> p.isChange() && (only.isEmpty() || only.contains(p.id()))).toList();
            if (chosen.isEmpty()) {
                continue;
            }
            ExperimentPlan selected = plan.onlyFigures(chosen.stream().map(Published::id)
                    .collect(java.util.stream.Collectors.toCollection(LinkedHashSet::new)));
            List<String> metrics = metrics(selected);
            chosen.forEach(p -> figures.add(new FigureRun(selected, p, metrics, repeats, asker)));
        }
        runs.onIdle(() -> events.add(() -> {
        }));
        try {
            figures.forEach(FigureRun::start);
            while (figures.stream().anyMatch(f -> !f.done())) {
                askAhead(figures, runs);
                events.take().run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            runs.onIdle(() -> {
            });
        }
        List<String> problems = figures.stream().map(FigureRun::problem).filter(Objects::nonNull).toList();
        return new Outcome(figures.stream().map(FigureRun::row).toList(), problems);
    }

    /** Pairs a figure may ask for ahead of need: no more than this many beyond those it has taken. */
    static final int MAX_AHEAD = 2;

    /** While workers idle, the figures furthest behind ask for their next pair (bounded by {@link #MAX_AHEAD}). */
    private static void askAhead(List<FigureRun> figures, CellRuns runs) {
        for (int tries = 0; tries < figures.size() && runs.idleWorkers() > 0; tries++) {
            FigureRun next = null;
            for (FigureRun f : figures) {
                int a = f.ahead();
                if (a >= 0 && a < MAX_AHEAD && (next == null || a < next.ahead())) {
                    next = f;
                }
            }
            if (next == null) {
                return;
            }
            next.askAhead();
        }
    }

    /** @return the figures' metrics, and patched_paths_total when every cell's engine reports it */
    private static List<String> metrics(ExperimentPlan selected) {
        Set<String> metrics = new LinkedHashSet<>();
        selected.published().forEach(p -> metrics.add(p.metric()));
        if (selected.cells().stream().allMatch(c -> reportsPatchedPaths(c.config().engine().info()))) {
            metrics.add(PATCHED_PATHS_TOTAL);
        }
        return List.copyOf(metrics);
    }

    /**
     * @return true when the estimate at twice the run length ({@code doubled}) lies within {@value
     *         #CONVERGED_POINTS} points, a tenth of the band's width, or the two half-widths of {@code change}
     */
    public static boolean lengthConverged(Stats change, Stats doubled, double bandLow, double bandHigh) {
        if (doubled == null) {
            return true;
        }
        double moved = Math.abs(doubled.mean() - change.mean());
        double width = bandHigh - bandLow;
        double tolerance = Math.max(CONVERGED_POINTS, change.halfWidth() + doubled.halfWidth());
        if (Double.isFinite(width)) {
            tolerance = Math.max(tolerance, width / BAND_FRACTION);
        }
        return moved <= tolerance;
    }

    private static boolean reportsPatchedPaths(EngineInfo info) {
        return info.counters().contains(PATCHED_PATHS);
    }

    /** @return true when the interval settles the verdict or is narrow enough to trust (the stopping rule) */
    public static boolean converged(Stats change, double bandLow, double bandHigh) {
        double half = change.halfWidth();
        double width = bandHigh - bandLow;
        boolean decided = change.ci95High() < bandLow || change.ci95Low() > bandHigh
                || change.ci95Low() >= bandLow && change.ci95High() <= bandHigh;
        return decided || half <= CONVERGED_POINTS || (Double.isFinite(width) && half <= width / BAND_FRACTION);
    }

    /** @return the verdict of an interval against a band (see the class comment); null change: OUTSIDE */
    public static ReproducedFigure.Verdict verdict(Stats change, double bandLow, double bandHigh, boolean unaffected,
                                                   boolean converged) {
        if (change == null) {
            return ReproducedFigure.Verdict.OUTSIDE;
        }
        if (!converged) {
            return ReproducedFigure.Verdict.UNCONVERGED;
        }
        if (change.ci95Low() < bandLow || change.ci95High() > bandHigh) {
            return ReproducedFigure.Verdict.OUTSIDE;
        }
        return unaffected ? ReproducedFigure.Verdict.OK_UNAFFECTED : ReproducedFigure.Verdict.OK;
    }
}
