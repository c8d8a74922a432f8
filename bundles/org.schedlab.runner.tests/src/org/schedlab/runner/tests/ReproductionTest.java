/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleBiFunction;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Provenance;
import org.schedlab.model.results.ResultsFactory;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.ReproducedFigure.Verdict;
import org.schedlab.runner.ReproducedFigure;
import org.schedlab.runner.Reproduction;
import org.schedlab.runner.Stats;
import org.schedlab.runner.StudentT;
import org.schedlab.sim.engine.rr.RoundRobinEngine;

/** Confidence intervals with exact t quantiles, convergence by doubling, and the verdict rules of reproduce. */
class ReproductionTest {
    private static final ResultsFactory F = ResultsFactory.eINSTANCE;

    @Test
    void exactStudentTQuantiles() {
        assertEquals(12.706205, StudentT.quantile(0.975, 1), 1e-6);
        assertEquals(4.302653, StudentT.quantile(0.975, 2), 1e-6);
        assertEquals(2.776445, StudentT.quantile(0.975, 4), 1e-6);
        assertEquals(2.228139, StudentT.quantile(0.975, 10), 1e-6);
        assertEquals(2.042272, StudentT.quantile(0.975, 30), 1e-6);
        assertEquals(2.000298, StudentT.quantile(0.975, 60), 1e-6);
        assertEquals(1.983972, StudentT.quantile(0.975, 100), 1e-6);
        assertEquals(1.962339, StudentT.quantile(0.975, 1000), 1e-6);
        assertEquals(4.604095, StudentT.quantile(0.995, 4), 1e-6);
        assertEquals(3.746947, StudentT.quantile(0.99, 4), 1e-6);
        assertEquals(-2.776445, StudentT.quantile(0.025, 4), 1e-6);
        assertEquals(0.975, StudentT.cdf(2.776445105, 4), 1e-9);
        assertEquals(0.5, StudentT.cdf(0, 7), 1e-15);
        assertEquals(StudentT.quantile(0.975, 4), Stats.t975(4), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> StudentT.quantile(1, 4));
        assertThrows(IllegalArgumentException.class, () -> Stats.t975(0));
    }

    @Test
    void intervalOfFiveChanges() {
        Stats s = Stats.of(List.of(30.0, 33.0, 35.0, 36.0, 40.0));
        double half = 2.776445105 * s.stddev() / Math.sqrt(5);
        assertEquals(34.8, s.mean(), 1e-12);
        assertEquals(half, s.halfWidth(), 1e-8);
        assertEquals(34.8 - half, s.ci95Low(), 1e-8);
    }

    @Test
    void verdictRules() {
        Stats inside = Stats.of(List.of(9.0, 10.0, 11.0));    // [7.5, 12.5]
        Stats straddling = Stats.of(List.of(1.0, 5.0, 9.0)); // [-4.9, 14.9]
        assertEquals(Verdict.OK, Reproduction.verdict(inside, 0, 20, false, true));
        assertEquals(Verdict.OK_UNAFFECTED, Reproduction.verdict(inside, 0, 20, true, true));
        assertEquals(Verdict.OUTSIDE, Reproduction.verdict(straddling, 0, 20, false, true),
                "the mean is inside, the interval is not");
        assertEquals(Verdict.OUTSIDE, Reproduction.verdict(inside, 11, 20, true, true));
        assertEquals(Verdict.OK, Reproduction.verdict(inside, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
                false, true));
        assertEquals(Verdict.UNCONVERGED, Reproduction.verdict(straddling, 0, 20, false, false));
        assertEquals(Verdict.OUTSIDE, Reproduction.verdict(null, 0, 20, false, true));
    }

    @Test
    void convergenceIsTwoPointsOrATenthOfTheBandOrADecidedSide() {
        Stats narrow = Stats.of(List.of(10.0, 10.5, 11.0));  // half-width 1.24
        Stats wide = Stats.of(List.of(10.0, 12.0, 14.0));    // half-width 4.97
        assertTrue(Reproduction.converged(narrow, 0, 1));
        assertFalse(Reproduction.converged(wide, 0, 20));
        assertTrue(Reproduction.converged(wide, 0, 50));
        assertFalse(Reproduction.converged(wide, 0, Double.POSITIVE_INFINITY));
        assertTrue(Reproduction.converged(wide, 20, 30), "wholly below the band: OUTSIDE whatever more repeats give");
        assertTrue(Reproduction.converged(wide, -10, 2), "wholly above it");
        assertFalse(Reproduction.converged(wide, 12, 30), "straddling its low end");
    }

    @Test
    void pairsSeedsAndCountsUnaffectedFigures() {
        ExperimentPlan plan = plan(List.of(
                Published.change("gain", "duo", "patched", Map.of(), "work", 10, "stock", 5, 15),
                Published.change("other", "duo", "patched", Map.of(), "work", 10, "stock", 5, 15)));
        List<Long> seen = new ArrayList<>();
        // patched = stock * (1.10 + seed / 1000): 10.1 .. 10.5 %, and patched_paths 0
        List<ReproducedFigure> rows = Reproduction.reproduce(plan, Set.of("gain"), new Reproduction.Repeats(5, 20),
                round -> result(round, seen, (variant, seed) -> variant.equals("stock") ? 1000 + seed
                        : (1000 + seed) * (1.10 + seed / 1000.0), 0));
        assertEquals(1, rows.size(), "only the selected figure");
        ReproducedFigure r = rows.get(0);
        assertEquals(List.of(1L, 1L, 2L, 2L, 3L, 3L, 4L, 4L, 5L, 5L), seen.stream().sorted().toList(),
                "one round, seeds 1..5 in both cells");
        assertEquals(5, r.repeats());
        assertEquals(10.3, r.change().mean(), 1e-9);
        assertTrue(r.converged());
        assertTrue(r.unaffected());
        assertEquals(Verdict.OK_UNAFFECTED, r.verdict());
        assertEquals("duo/patched vs stock", r.cell());
    }

    @Test
    void wideIntervalsDoubleTheRepeatsUpToTheCap() {
        ExperimentPlan plan = plan(List.of(Published.change("noisy", "duo", "patched", Map.of(), "work", 10,
                "stock", -5, 60)));
        List<Long> seen = new ArrayList<>();
        // changes alternate +0 % and +30 %: the half-width (10 points at 12 repeats) stays above a tenth of the band
        List<ReproducedFigure> rows = Reproduction.reproduce(plan, Set.of(), new Reproduction.Repeats(3, 12),
                round -> result(round, seen, (variant, seed) -> variant.equals("stock") ? 100
                        : seed % 2 == 0 ? 100 : 130, 7));
        ReproducedFigure r = rows.get(0);
        assertEquals(12, r.repeats(), "3, then 6, then 12");
        assertEquals(24, seen.size(), "each seed of each cell ran once");
        assertEquals(12, seen.stream().distinct().count());
        assertFalse(r.converged());
        assertFalse(r.unaffected(), "patched_paths was 7");
        assertEquals(Verdict.UNCONVERGED, r.verdict());
    }

    @Test
    void aFigureThatMovesWithTheRunLengthIsUnconverged() {
        ExperimentPlan plan = plan(List.of(Published.change("drift", "duo", "patched", Map.of(), "work", 10,
                "stock", 5, 40)));
        List<Long> durations = new ArrayList<>();
        // +10 % at the experiment's duration, +30 % at twice it: a start-up transient, not a steady rate
        List<ReproducedFigure> rows = Reproduction.reproduce(plan, Set.of(), new Reproduction.Repeats(3, 3),
                round -> timed(round, durations, (variant, d) -> variant.equals("stock") ? 1000
                        : d > Fixtures.DURATION ? 1300 : 1100, true));
        ReproducedFigure r = rows.get(0);
        assertEquals(List.of(Fixtures.DURATION, 2 * Fixtures.DURATION), durations.stream().distinct().toList(),
                "a second round at twice the duration");
        assertEquals(10.0, r.change().mean(), 1e-9, "the figure is the experiment's own duration");
        assertEquals(30.0, r.doubled().mean(), 1e-9);
        assertFalse(r.converged());
        assertEquals(Verdict.UNCONVERGED, r.verdict(), "inside its band at the first duration, but it moved by 20 points");
    }

    @Test
    void aSteadyRateKeepsItsVerdictAndAWholeTestIsNotRunAgain() {
        ExperimentPlan plan = plan(List.of(Published.change("steady", "duo", "patched", Map.of(), "work", 10,
                "stock", 5, 40)));
        List<Long> durations = new ArrayList<>();
        List<ReproducedFigure> steady = Reproduction.reproduce(plan, Set.of(), new Reproduction.Repeats(3, 3),
                round -> timed(round, durations, (variant, d) -> variant.equals("stock") ? 1000 : 1100, true));
        assertEquals(10.0, steady.get(0).doubled().mean(), 1e-9);
        assertEquals(Verdict.OK, steady.get(0).verdict());
        durations.clear();
        List<ReproducedFigure> whole = Reproduction.reproduce(plan, Set.of(), new Reproduction.Repeats(3, 3),
                round -> timed(round, durations, (variant, d) -> variant.equals("stock") ? 1000 : 1100, false));
        assertEquals(List.of(Fixtures.DURATION), durations.stream().distinct().toList(),
                "the runs ended before their duration");
        assertNull(whole.get(0).doubled());
        assertEquals(Verdict.OK, whole.get(0).verdict());
        durations.clear();
        ExperimentPlan fixed = plan(List.of(Published.change("fixed", "duo", "patched", Map.of(), "work", 10,
                "stock", 5, 40).withFixedWindow()));
        List<ReproducedFigure> window = Reproduction.reproduce(fixed, Set.of(), new Reproduction.Repeats(3, 3),
                round -> timed(round, durations, (variant, d) -> variant.equals("stock") ? 1000 : 1100, true));
        assertEquals(List.of(Fixtures.DURATION), durations.stream().distinct().toList(),
                "a fixed window is not run longer");
        assertNull(window.get(0).doubled());
    }

    /**
     * A result of the round's cells with their provenance: {@code work = value(variant, durationNs)}; each run
     * lasts its whole duration when {@code whole}, else half of it (its workload ended).
     */
    private static ExperimentResult timed(ExperimentPlan round, List<Long> durations,
                                          ToDoubleBiFunction<String, Long> value, boolean whole) {
        ExperimentResult r = result(round, new ArrayList<>(), (variant, seed) -> 0, 7);
        for (Cell cell : r.getCells()) {
            CellSpec spec = round.cell(Comparisons.cellLabel(cell)).orElseThrow();
            long d = spec.config().durationNs();
            durations.add(d);
            Provenance p = F.createProvenance();
            p.setDurationNs(d);
            cell.setProvenance(p);
            for (Run run : cell.getRuns()) {
                run.setElapsedNs(whole ? d : d / 2);
                run.getMetrics().stream().filter(m -> m.getName().equals("work")).forEach(
                        m -> m.setValue(value.applyAsDouble(spec.variantName(), d)));
            }
        }
        return r;
    }

    @Test
    void aFigureWithoutCompletedPairsIsOutside() {
        ExperimentPlan plan = plan(List.of(Published.change("lost", "duo", "patched", Map.of(), "work", 10,
                "stock", 5, 15)));
        List<ReproducedFigure> rows = Reproduction.reproduce(plan, Set.of(), new Reproduction.Repeats(2, 2),
                round -> F.createExperimentResult());
        assertNull(rows.get(0).change());
        assertEquals(Verdict.OUTSIDE, rows.get(0).verdict());
    }

    private static ExperimentPlan plan(List<Published> published) {
        List<CellSpec> cells = List.of(
                new CellSpec("t", "duo", "stock", Map.of(), Fixtures.config(2, new RoundRobinEngine(), Fixtures.rr(10))),
                new CellSpec("t", "duo", "patched", Map.of(), Fixtures.config(2, new RoundRobinEngine(), Fixtures.rr(1))),
                new CellSpec("t", "uni", "stock", Map.of(), Fixtures.config(1, new RoundRobinEngine(), Fixtures.rr(10))));
        return new ExperimentPlan("t", cells, "stock", 1, List.of("work"), published, null, null, List.of(1L));
    }

    /** A result of the round's cells, every run with {@code work = value(variant, seed)}. */
    private static ExperimentResult result(ExperimentPlan round, List<Long> seen,
                                           ToDoubleBiFunction<String, Long> value, double patchedPaths) {
        assertEquals(2, round.cells().size(), "only the figure's cells run: " + round.cells());
        ExperimentResult r = F.createExperimentResult();
        r.setName(round.name());
        for (CellSpec spec : round.cells()) {
            Cell cell = F.createCell();
            cell.setMachine(spec.machineName());
            cell.setVariant(spec.variantName());
            cell.setStatus(RunStatus.OK);
            for (int i = 0; i < round.repeats(); i++) {
                long seed = round.seed(spec, i);
                seen.add(seed);
                Run run = F.createRun();
                run.setSeed(seed);
                run.setStatus(RunStatus.OK);
                run.getMetrics().add(metric("work", value.applyAsDouble(spec.variantName(), seed)));
                run.getMetrics().add(metric(Reproduction.PATCHED_PATHS_TOTAL,
                        spec.variantName().equals("stock") ? 0 : patchedPaths));
                cell.getRuns().add(run);
            }
            r.getCells().add(cell);
        }
        return r;
    }

    private static Metric metric(String name, double value) {
        Metric m = F.createMetric();
        m.setName(name);
        m.setValue(value);
        return m;
    }
}
