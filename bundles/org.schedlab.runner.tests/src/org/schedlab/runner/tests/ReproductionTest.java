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
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.ResultsFactory;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.CellRuns;
import org.schedlab.runner.ReproducedFigure.Verdict;
import org.schedlab.runner.ReproducedFigure;
import org.schedlab.runner.Reproduction;
import org.schedlab.runner.RunPool;
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
    void settledIsTwoPointsOrATenthOfTheBandOrADecidedSide() {
        Stats narrow = Stats.of(List.of(10.0, 10.5, 11.0));  // half-width 1.24
        Stats wide = Stats.of(List.of(10.0, 12.0, 14.0));    // half-width 4.97
        assertTrue(Reproduction.converged(narrow, 0, 1));
        assertTrue(Reproduction.converged(wide, 0, 20), "wholly inside the band: ok whatever more repeats give");
        assertTrue(Reproduction.converged(wide, 0, 50));
        assertTrue(Reproduction.converged(wide, 0, Double.POSITIVE_INFINITY), "inside an open band");
        assertFalse(Reproduction.converged(wide, 12, Double.POSITIVE_INFINITY), "straddling an open band's end");
        assertTrue(Reproduction.converged(wide, 20, 30), "wholly below the band: OUTSIDE whatever more repeats give");
        assertTrue(Reproduction.converged(wide, -10, 2), "wholly above it");
        assertFalse(Reproduction.converged(wide, 12, 30), "straddling its low end");
    }

    @Test
    void pairsSeedsAndCountsUnaffectedFigures() {
        ExperimentPlan plan = plan(List.of(
                Published.change("gain", "duo", "patched", Map.of(), "work", 10, "stock", 5, 15),
                Published.change("other", "duo", "patched", Map.of(), "work", 10, "stock", 5, 15)));
        // patched = stock * (1.10 + seed / 1000): 10.1 .. 10.5 %, and patched_paths 0
        FakeRuns runs = new FakeRuns((variant, seed, d) -> variant.equals("stock") ? 1000 + seed
                : (1000 + seed) * (1.10 + seed / 1000.0), 0, false);
        List<ReproducedFigure> rows = reproduce(plan, Set.of("gain"), new Reproduction.Repeats(5, 20), runs);
        assertEquals(1, rows.size(), "only the selected figure");
        ReproducedFigure r = rows.get(0);
        assertEquals(List.of(1L, 1L, 2L, 2L, 3L, 3L, 4L, 4L, 5L, 5L), runs.seeds().stream().sorted().toList(),
                "seeds 1..5 in both cells, and the interval settled there");
        assertEquals(5, r.repeats());
        assertEquals(10.3, r.change().mean(), 1e-9);
        assertTrue(r.converged());
        assertTrue(r.unaffected());
        assertEquals(Verdict.OK_UNAFFECTED, r.verdict());
        assertEquals("duo/patched vs stock", r.cell());
    }

    @Test
    void aSettledIntervalStopsAtTheMinimumAndAnUnsettledOneGoesOnSeedBySeedToTheCap() {
        ExperimentPlan plan = plan(List.of(Published.change("noisy", "duo", "patched", Map.of(), "work", 10,
                "stock", 10, 60)));
        // changes alternate +0 % and +30 %: the interval straddles 10 % and stays wider than a tenth of the band
        FakeRuns noisy = new FakeRuns((variant, seed, d) -> variant.equals("stock") ? 100
                : seed % 2 == 0 ? 100 : 130, 7, false);
        ReproducedFigure r = reproduce(plan, Set.of(), new Reproduction.Repeats(3, 12), noisy).get(0);
        assertEquals(12, r.repeats(), "3, then one seed at a time up to the cap");
        assertEquals(24, noisy.seeds().size(), "each seed of each cell ran once");
        assertEquals(12, noisy.seeds().stream().distinct().count());
        assertFalse(r.converged());
        assertFalse(r.unaffected(), "patched_paths was 7");
        assertEquals(Verdict.UNCONVERGED, r.verdict());

        // +20 %, +21 %, +22 %: [17.5, 24.5] lies wholly outside [5, 15] after 3 seeds: decided, whatever the cap
        FakeRuns clear = new FakeRuns((variant, seed, d) -> variant.equals("stock") ? 100 : 119 + seed, 7, false);
        ReproducedFigure outside = reproduce(plan(List.of(Published.change("clear", "duo", "patched", Map.of(),
                "work", 10, "stock", 5, 15))), Set.of(), new Reproduction.Repeats(3, 20), clear).get(0);
        assertEquals(3, outside.repeats());
        assertEquals(6, clear.seeds().size());
        assertEquals(Verdict.OUTSIDE, outside.verdict());
    }

    @Test
    void whereAFigureStopsDoesNotDependOnWhichRunFinishesFirst() {
        ExperimentPlan plan = plan(List.of(
                Published.change("a", "duo", "patched", Map.of(), "work", 10, "stock", 10, 60),
                Published.change("b", "duo", "patched", Map.of(), "work", 10, "stock", 5, 40)));
        FakeRuns.Value value = (variant, seed, d) -> variant.equals("stock") ? 100 : 100 + (seed * 7919 % 31);
        List<ReproducedFigure> inOrder = reproduce(plan, Set.of(), new Reproduction.Repeats(3, 12),
                new FakeRuns(value, 0, false));
        try (ShuffledRuns shuffled = new ShuffledRuns(new FakeRuns(value, 0, false))) {
            List<ReproducedFigure> anyOrder = reproduce(plan, Set.of(), new Reproduction.Repeats(3, 12), shuffled);
            for (int i = 0; i < inOrder.size(); i++) {
                assertEquals(inOrder.get(i).repeats(), anyOrder.get(i).repeats());
                assertEquals(inOrder.get(i).change(), anyOrder.get(i).change());
                assertEquals(inOrder.get(i).verdict(), anyOrder.get(i).verdict());
            }
            assertTrue(shuffled.asked() > 2 * (inOrder.get(0).repeats() + inOrder.get(1).repeats()),
                    "runs were asked for ahead of need, and left unused");
        }
    }

    @Test
    void aFigureThatMovesWithTheRunLengthIsUnconverged() {
        ExperimentPlan plan = plan(List.of(Published.change("drift", "duo", "patched", Map.of(), "work", 10,
                "stock", 5, 40)));
        // +10 % at the experiment's duration, +30 % at twice it: a start-up transient, not a steady rate
        FakeRuns runs = new FakeRuns((variant, seed, d) -> variant.equals("stock") ? 1000
                : d > Fixtures.DURATION ? 1300 : 1100, 0, true);
        ReproducedFigure r = reproduce(plan, Set.of(), new Reproduction.Repeats(3, 3), runs).get(0);
        assertEquals(List.of(Fixtures.DURATION, 2 * Fixtures.DURATION), runs.durations().stream().distinct().toList(),
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
        FakeRuns.Value value = (variant, seed, d) -> variant.equals("stock") ? 1000 : 1100;
        List<ReproducedFigure> steady = reproduce(plan, Set.of(), new Reproduction.Repeats(3, 3),
                new FakeRuns(value, 7, true));
        assertEquals(10.0, steady.get(0).doubled().mean(), 1e-9);
        assertEquals(Verdict.OK, steady.get(0).verdict());
        FakeRuns whole = new FakeRuns(value, 7, false);
        List<ReproducedFigure> ended = reproduce(plan, Set.of(), new Reproduction.Repeats(3, 3), whole);
        assertEquals(List.of(Fixtures.DURATION), whole.durations().stream().distinct().toList(),
                "the runs ended before their duration");
        assertNull(ended.get(0).doubled());
        assertEquals(Verdict.OK, ended.get(0).verdict());
        ExperimentPlan fixed = plan(List.of(Published.change("fixed", "duo", "patched", Map.of(), "work", 10,
                "stock", 5, 40).withFixedWindow()));
        FakeRuns window = new FakeRuns(value, 7, true);
        List<ReproducedFigure> rows = reproduce(fixed, Set.of(), new Reproduction.Repeats(3, 3), window);
        assertEquals(List.of(Fixtures.DURATION), window.durations().stream().distinct().toList(),
                "a fixed window is not run longer");
        assertNull(rows.get(0).doubled());
    }

    @Test
    void aFigureWithoutCompletedPairsIsOutsideAndItsFailureIsReported() {
        ExperimentPlan plan = plan(List.of(Published.change("lost", "duo", "patched", Map.of(), "work", 10,
                "stock", 5, 15)));
        CellRuns failing = (cell, seed, metrics) -> {
            Run run = F.createRun();
            run.setSeed(seed);
            run.setStatus(RunStatus.FAILED);
            run.setMessage("IllegalStateException: boom");
            return CompletableFuture.completedFuture(run);
        };
        Reproduction.Outcome o = Reproduction.reproduce(List.of(plan), Set.of(), new Reproduction.Repeats(2, 2),
                failing);
        assertNull(o.rows().get(0).change());
        assertEquals(Verdict.OUTSIDE, o.rows().get(0).verdict());
        assertEquals(1, o.problems().size());
        assertTrue(o.problems().get(0).contains("lost") && o.problems().get(0).contains("seed 1")
                && o.problems().get(0).contains("boom"), o.problems().get(0));
    }

    @Test
    void thePoolRunsEachCellAndSeedOnceAndCountsItsIdleTime() throws Exception {
        ExperimentPlan plan = plan(List.of());
        CellSpec cell = plan.cells().get(0);
        try (RunPool pool = new RunPool(2, org.schedlab.runner.RunMonitor.NONE)) {
            CompletableFuture<Run> first = pool.submit(cell, 5, List.of("work"));
            CompletableFuture<Run> again = pool.submit(cell, 5, List.of("work"));
            CompletableFuture<Run> other = pool.submit(cell, 6, List.of("work"));
            assertTrue(first == again, "a baseline that two figures ask for runs once");
            assertEquals(RunStatus.OK, first.get().getStatus());
            assertEquals(6, other.get().getSeed());
            RunPool.Report report = pool.report();
            assertEquals(2, report.runs());
            assertEquals(2, report.workers());
            assertTrue(report.idleSeconds() >= 0 && report.idleSeconds() <= 2 * report.wallSeconds(), report.toString());
        }
    }

    @Test
    void aRunEveryCallerWithdrewNeverStartsAndIsRunAnewWhenAskedAgain() throws Exception {
        ExperimentPlan plan = plan(List.of());
        CellSpec cell = plan.cells().get(0);
        List<String> work = List.of("work");
        try (RunPool pool = new RunPool(1, org.schedlab.runner.RunMonitor.NONE, org.schedlab.runner.RunTimes.none(),
                false)) {
            CompletableFuture<Run> shared = pool.submit(cell, 5, work);
            pool.submit(cell, 5, work);
            CompletableFuture<Run> ahead = pool.submit(cell, 6, work);
            pool.withdraw(cell, 5, work); // one of its two callers: still wanted
            pool.withdraw(cell, 6, work); // its only caller: dropped before it started
            assertEquals(RunStatus.CANCELLED, ahead.get().getStatus());
            CompletableFuture<Run> again = pool.submit(cell, 6, work);
            assertTrue(again != ahead, "asked for again, a withdrawn run is a new one");
            pool.start();
            assertEquals(RunStatus.OK, shared.get().getStatus());
            assertEquals(RunStatus.OK, again.get().getStatus());
            pool.withdraw(cell, 5, work); // finished: a later caller still gets it
            assertTrue(pool.submit(cell, 5, work) == shared);
            assertEquals(2, pool.report().runs());
        }
    }

    private static List<ReproducedFigure> reproduce(ExperimentPlan plan, Set<String> only,
                                                    Reproduction.Repeats repeats, CellRuns runs) {
        Reproduction.Outcome o = Reproduction.reproduce(List.of(plan), only, repeats, runs);
        assertEquals(List.of(), o.problems());
        return o.rows();
    }

    private static ExperimentPlan plan(List<Published> published) {
        List<CellSpec> cells = List.of(
                new CellSpec("t", "duo", "stock", Map.of(), Fixtures.config(2, new RoundRobinEngine(), Fixtures.rr(10))),
                new CellSpec("t", "duo", "patched", Map.of(), Fixtures.config(2, new RoundRobinEngine(), Fixtures.rr(1))),
                new CellSpec("t", "uni", "stock", Map.of(), Fixtures.config(1, new RoundRobinEngine(), Fixtures.rr(10))));
        return new ExperimentPlan("t", cells, "stock", 1, List.of("work"), published, null, null, List.of(1L));
    }

    /**
     * Runs answered at once: {@code work = value(variant, seed, duration)}, {@code patched_paths_total} as given for
     * the patched variant; each run lasts its whole duration when {@code whole}, else half of it (its workload
     * ended). Records the seeds and durations asked for.
     */
    static final class FakeRuns implements CellRuns {
        interface Value {
            double of(String variant, long seed, long durationNs);
        }

        private final Value value;
        private final double patchedPaths;
        private final boolean whole;
        private final List<Long> seeds = new ArrayList<>();
        private final List<Long> durations = new ArrayList<>();

        FakeRuns(Value value, double patchedPaths, boolean whole) {
            this.value = value;
            this.patchedPaths = patchedPaths;
            this.whole = whole;
        }

        @Override
        public synchronized CompletableFuture<Run> submit(CellSpec cell, long seed, List<String> metrics) {
            long d = cell.config().durationNs();
            seeds.add(seed);
            durations.add(d);
            Run run = F.createRun();
            run.setSeed(seed);
            run.setStatus(RunStatus.OK);
            run.setElapsedNs(whole ? d : d / 2);
            run.getMetrics().add(metric("work", value.of(cell.variantName(), seed, d)));
            run.getMetrics().add(metric(Reproduction.PATCHED_PATHS_TOTAL,
                    cell.variantName().equals("stock") ? 0 : patchedPaths));
            return CompletableFuture.completedFuture(run);
        }

        synchronized List<Long> seeds() {
            return List.copyOf(seeds);
        }

        synchronized List<Long> durations() {
            return List.copyOf(durations);
        }
    }

    /** Hands the runs back from another thread in a shuffled order, and always has an idle worker. */
    static final class ShuffledRuns implements CellRuns, AutoCloseable {
        private final FakeRuns runs;
        private final java.util.concurrent.ScheduledExecutorService later = java.util.concurrent.Executors
                .newSingleThreadScheduledExecutor();
        private final java.util.Random random = new java.util.Random(42);
        private int asked;

        ShuffledRuns(FakeRuns runs) {
            this.runs = runs;
        }

        @Override
        public synchronized CompletableFuture<Run> submit(CellSpec cell, long seed, List<String> metrics) {
            asked++;
            CompletableFuture<Run> f = new CompletableFuture<>();
            Run run = runs.submit(cell, seed, metrics).join();
            later.schedule(() -> f.complete(run), random.nextInt(5), java.util.concurrent.TimeUnit.MILLISECONDS);
            return f;
        }

        @Override
        public int idleWorkers() {
            return 1;
        }

        synchronized int asked() {
            return asked;
        }

        @Override
        public void close() {
            later.shutdownNow();
        }
    }

    private static Metric metric(String name, double value) {
        Metric m = F.createMetric();
        m.setName(name);
        m.setValue(value);
        return m;
    }
}
