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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.sim.spi.EngineInfo;

/**
 * Honest verdicts for the published changes of one experiment ({@code schedlab reproduce}).
 *
 * <p>Each figure's patched and baseline cells run {@code repeats} times with seeds 1..R (or the experiment's
 * {@code seeds}); seed i of the patched cell is paired with seed i of the baseline, and the per-seed changes
 * give a mean and a Student-t 95 % confidence interval ({@link Stats}, exact quantiles from {@link StudentT}).
 * Every (cell, seed) is an independent job of the {@link ExperimentRunner}, so repeats run on all cores.
 *
 * <p>Convergence: an interval has converged when its half-width is at most {@value #CONVERGED_POINTS}
 * percentage points or at most 1/{@value #BAND_FRACTION} of the band's width (finite bands), or when it lies wholly
 * outside the band (more repeats narrow it around the same mean: the verdict is decided). Figures that have
 * not converged run again with twice the repeats (new seeds), up to {@code maxRepeats}; one still wider is
 * {@code unconverged}.
 *
 * <p>Run length: a figure whose runs all lasted their whole duration (a steady-state rate, not a workload that
 * ends by itself such as a whole VolanoMark test) and whose window is not fixed by the published measurement
 * ({@code duration 60 s fixed}) runs once more with the first round's seeds for twice the duration. Its estimate
 * has converged in run length when the two means differ by at most {@value #CONVERGED_POINTS} percentage points,
 * a tenth of the band's width, or the sum of the two intervals' half-widths ({@link #lengthConverged}); one that
 * moved further is {@code unconverged}, whatever its band says.
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
     * @param repeats    repeats of the first round (at least 2, for an interval)
     * @param maxRepeats cap of the doubling (at least {@code repeats})
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
     * Runs the figures of {@code plan} whose id is in {@code only} (all when empty) and returns one row per
     * figure, in the plan's order.
     *
     * @param run runs a plan (the caller's progress reporting and thread count); its cell failures are the
     *            caller's to report
     */
    public static List<ReproducedFigure> reproduce(ExperimentPlan plan, Set<String> only, Repeats repeats,
                                                   Function<ExperimentPlan, ExperimentResult> run) {
        List<FigureSamples> figures = new ArrayList<>();
        for (Published p : plan.published()) {
            if (p.isChange() && (only.isEmpty() || only.contains(p.id()))) {
                figures.add(new FigureSamples(p));
            }
        }
        int done = 0;
        int next = repeats.repeats();
        List<FigureSamples> pending = figures;
        while (!pending.isEmpty()) {
            ExperimentResult result = run.apply(round(plan, pending.stream().map(FigureSamples::figure).toList(),
                    done, next - done));
            pending.forEach(f -> f.add(result));
            done = next;
            next = Math.min(2 * done, repeats.maxRepeats());
            if (done >= repeats.maxRepeats()) {
                break;
            }
            pending = pending.stream().filter(f -> {
                Stats s = f.change();
                return s != null && !converged(s, f.figure().bandLow(), f.figure().bandHigh());
            }).toList();
        }
        Map<String, FigureSamples> doubled = checkRunLength(plan, figures, repeats.repeats(), run);
        return figures.stream().map(f -> row(plan.name(), f, doubled.get(f.figure().id()))).toList();
    }

    /**
     * Runs the figures whose runs lasted their whole duration (and whose window is not fixed) again for twice
     * the duration with the first {@code count} seeds: @return their samples by figure id
     */
    private static Map<String, FigureSamples> checkRunLength(ExperimentPlan plan, List<FigureSamples> figures,
                                                             int count, Function<ExperimentPlan, ExperimentResult> run) {
        List<FigureSamples> steady = figures.stream().filter(f -> !f.figure().fixedWindow() && f.change() != null
                && f.ranWholeDuration()).map(f -> new FigureSamples(f.figure())).toList();
        Map<String, FigureSamples> out = new LinkedHashMap<>();
        if (steady.isEmpty()) {
            return out;
        }
        ExperimentPlan longer = plan.withDurationTimes(2);
        ExperimentResult result = run.apply(round(longer, steady.stream().map(FigureSamples::figure).toList(), 0,
                count));
        for (FigureSamples f : steady) {
            f.add(result);
            out.put(f.figure().id(), f);
        }
        return out;
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

    /**
     * @return the plan of one round: only the figures' patched and baseline cells, repeats
     *         {@code first .. first + count - 1} with their seeds, the figures' metrics and patched_paths_total
     *         when every cell's engine reports it
     */
    static ExperimentPlan round(ExperimentPlan plan, List<Published> figures, int first, int count) {
        Set<String> ids = new LinkedHashSet<>();
        Set<String> metrics = new LinkedHashSet<>();
        for (Published p : figures) {
            ids.add(p.id());
            metrics.add(p.metric());
        }
        ExperimentPlan only = plan.onlyFigures(ids);
        if (only.cells().stream().allMatch(c -> reportsPatchedPaths(c.config().engine().info()))) {
            metrics.add(PATCHED_PATHS_TOTAL);
        }
        CellSpec seedCell = plan.cells().get(0);
        List<Long> seeds = IntStream.range(first, first + count).mapToObj(r -> plan.seed(seedCell, r)).toList();
        return new ExperimentPlan(plan.name(), only.cells(), plan.baselineVariant(), count, List.copyOf(metrics),
                only.published(), plan.source(), plan.sourceHash(), seeds);
    }

    private static boolean reportsPatchedPaths(EngineInfo info) {
        return info.counters().contains(PATCHED_PATHS);
    }

    /** @return true when the interval is narrow enough to trust (see the class comment) */
    public static boolean converged(Stats change, double bandLow, double bandHigh) {
        double half = change.halfWidth();
        double width = bandHigh - bandLow;
        boolean decided = change.ci95High() < bandLow || change.ci95Low() > bandHigh;
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

    private static ReproducedFigure row(String experiment, FigureSamples f, FigureSamples longer) {
        Published p = f.figure();
        Stats s = f.change();
        Stats d = longer == null ? null : longer.change();
        boolean converged = s != null && converged(s, p.bandLow(), p.bandHigh())
                && (longer == null || d != null && lengthConverged(s, d, p.bandLow(), p.bandHigh()));
        return new ReproducedFigure(p.id(), experiment, p.cellLabel() + " vs " + p.against(), p.metric(),
                p.value(), s, p.bandLow(), p.bandHigh(), f.unaffected(), converged,
                verdict(s, p.bandLow(), p.bandHigh(), f.unaffected(), converged), d);
    }
}
