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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.Stats;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;

class ExperimentRunnerTest {
    @Test
    void runsEveryCellEveryRepeatWithConsecutiveSeeds() {
        ExperimentResult r = Fixtures.runner().run(Fixtures.plan(Fixtures.matrix(), 3, List.of()), 2, RunMonitor.NONE);
        assertEquals(RunStatus.OK, r.getStatus());
        assertEquals(4, r.getCells().size());
        assertEquals(List.of("uni", "uni", "duo", "duo"), r.getCells().stream().map(Cell::getMachine).toList());
        for (Cell c : r.getCells()) {
            assertEquals(RunStatus.OK, c.getStatus(), c.getMessage());
            assertEquals(List.of(11L, 12L, 13L), c.getRuns().stream().map(Run::getSeed).toList());
            assertEquals("rr", c.getProvenance().getEngineId());
            assertEquals(c.getMachine().equals("uni") ? 1 : 2, c.getProvenance().getNrCpus());
            assertFalse(c.getProvenance().getCosts().isEmpty(), "cost table recorded");
        }
        assertEquals(List.of("switches", "work"), r.getMetricNames());
        assertEquals("test", r.getSchedlabVersion());
        assertEquals("rr", r.getBaselineVariant());
    }

    @Test
    void cellMetricIsTheStatisticsOfItsRuns() {
        ExperimentResult r = Fixtures.runner().run(Fixtures.plan(Fixtures.matrix(), 3, List.of()), 2, RunMonitor.NONE);
        Cell cell = r.getCells().get(2);
        List<Double> work = new ArrayList<>();
        for (Run run : cell.getRuns()) {
            work.add(run.getMetrics().stream().filter(m -> m.getName().equals("work")).findFirst().orElseThrow()
                    .getValue());
        }
        Stats expected = Stats.of(work);
        Metric m = cell.getMetrics().get(1);
        assertEquals("work", m.getName());
        assertEquals("work/s", m.getUnit());
        assertEquals(3, m.getSamples());
        assertEquals(expected.mean(), m.getMean(), 1e-9);
        assertEquals(expected.stddev(), m.getStddev(), 1e-9);
        assertEquals(expected.ci95Low(), m.getCi95Low(), 1e-9);
        assertTrue(m.getMin() <= m.getMean() && m.getMean() <= m.getMax());
        assertTrue(m.getMean() > 0, "the workload counts work");
    }

    @Test
    void runValuesMatchARunOfTheSimulatorItself() {
        CellSpec cell = Fixtures.matrix().get(3);
        ExperimentResult r = Fixtures.runner().run(ExperimentPlan.of("t", List.of(cell)), 1, RunMonitor.NONE);
        var direct = Simulation.run(cell.config());
        Run run = r.getCells().get(0).getRuns().get(0);
        assertEquals(direct.metrics().contextSwitchRate(), run.getMetrics().get(0).getValue(), 1e-9);
        assertEquals(direct.metrics().tasks().size() + direct.metrics().exitedTasks().size(), run.getTasks().size());
        assertEquals(2, run.getCpus().size());
        assertEquals(direct.metrics().wakeupLatency().count(), run.getHistograms().get(0).getCount());
        assertEquals(direct.metrics().runQueueSeries().size(), run.getSeries().get(0).getValues().size());
    }

    @Test
    void resultDoesNotDependOnTheNumberOfThreads() {
        ExperimentPlan plan = Fixtures.plan(Fixtures.matrix(), 2, List.of());
        ExperimentResult one = Fixtures.runner().run(plan, 1, RunMonitor.NONE);
        ExperimentResult three = Fixtures.runner().run(plan, 3, RunMonitor.NONE);
        assertTrue(EcoreUtil.equals(one, three));
    }

    @Test
    void engineThrowingAtCreateFailsOnlyItsCell() {
        List<CellSpec> cells = new ArrayList<>(Fixtures.matrix());
        cells.add(new CellSpec("t", "duo", "broken", Map.of(),
                Fixtures.config(2, Fixtures.failingAtCreate(), Fixtures.rr(10))));
        ExperimentResult r = Fixtures.runner().run(Fixtures.plan(cells, 2, List.of()), 2, RunMonitor.NONE);
        assertEquals(RunStatus.FAILED, r.getStatus());
        Cell broken = r.getCells().get(4);
        assertEquals(RunStatus.FAILED, broken.getStatus());
        assertTrue(broken.getMessage().contains("engine exploded at create"), broken.getMessage());
        assertTrue(broken.getMetrics().isEmpty());
        assertEquals(List.of("duo/broken: failed: seed 11: IllegalStateException: engine exploded at create"),
                Comparisons.problems(r));
        for (Cell c : r.getCells().subList(0, 4)) {
            assertEquals(RunStatus.OK, c.getStatus());
            assertEquals(2, c.getMetrics().get(0).getSamples());
        }
    }

    @Test
    void engineThrowingMidRunFailsOnlyItsCell() {
        List<CellSpec> cells = List.of(
                new CellSpec("t", "duo", "rr", Map.of(), Fixtures.config(2, new RoundRobinEngine(), Fixtures.rr(10))),
                new CellSpec("t", "duo", "flaky", Map.of(), Fixtures.config(2, Fixtures.failingAtTick(3),
                        Fixtures.rr(10))));
        ExperimentResult r = Fixtures.runner().run(Fixtures.plan(cells, 1, List.of()), 2, RunMonitor.NONE);
        assertEquals(RunStatus.OK, r.getCells().get(0).getStatus());
        Cell flaky = r.getCells().get(1);
        assertEquals(RunStatus.FAILED, flaky.getStatus());
        assertTrue(flaky.getMessage().contains("engine exploded at tick 3"), flaky.getMessage());
        assertEquals(RunStatus.FAILED, flaky.getRuns().get(0).getStatus());
    }

    @Test
    void anExceptionPastTheRunsOwnCatchStillReachesTheCallerAsAFailedCell() {
        List<CellSpec> cells = List.of(
                new CellSpec("t", "duo", "rr", Map.of(), Fixtures.config(2, new RoundRobinEngine(), Fixtures.rr(10))),
                new CellSpec("t", "duo", "oom", Map.of(), Fixtures.config(2, Fixtures.runningOutOfMemoryAtTick(3),
                        Fixtures.rr(10))));
        ExperimentResult r = Fixtures.runner().run(Fixtures.plan(cells, 2, List.of()), 2, RunMonitor.NONE);
        assertEquals(RunStatus.FAILED, r.getStatus());
        assertEquals(RunStatus.OK, r.getCells().get(0).getStatus());
        Cell oom = r.getCells().get(1);
        assertEquals(RunStatus.FAILED, oom.getStatus());
        assertTrue(oom.getMessage().contains("OutOfMemoryError: engine ran out of heap at tick 3"), oom.getMessage());
        assertEquals(2, oom.getRuns().size());
        oom.getRuns().forEach(run -> assertEquals(RunStatus.FAILED, run.getStatus()));
        assertTrue(Comparisons.problems(r).get(0).startsWith("duo/oom: failed: seed "), Comparisons.problems(r).toString());
    }

    @Test
    void unknownMetricFailsTheCellWithTheMetricsName() {
        ExperimentPlan plan = new ExperimentPlan("t", Fixtures.matrix().subList(0, 1), null, 1,
                List.of("switches", "bogus"), List.of(), null, null);
        ExperimentResult r = Fixtures.runner().run(plan, 1, RunMonitor.NONE);
        assertEquals(RunStatus.FAILED, r.getCells().get(0).getStatus());
        assertTrue(r.getCells().get(0).getMessage().contains("unknown metric 'bogus'"), r.getCells().get(0).getMessage());
    }

    @Test
    void progressRisesToOneWithMessages() {
        List<Double> seen = new ArrayList<>();
        List<String> messages = new ArrayList<>();
        RunMonitor m = new RunMonitor() {
            @Override
            public synchronized void progress(double fraction, String message) {
                seen.add(fraction);
                messages.add(message);
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
        Fixtures.runner().run(Fixtures.plan(Fixtures.matrix(), 2, List.of()), 2, m);
        assertFalse(seen.isEmpty());
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i) >= seen.get(i - 1), "progress went back at " + i + ": " + seen);
        }
        assertEquals(1.0, seen.get(seen.size() - 1), 1e-12);
        assertTrue(messages.stream().anyMatch(s -> s.startsWith("duo/rr-short seed ")), messages.toString());
    }

    @Test
    void cancellingStopsTheRunAndMarksTheResult() {
        AtomicBoolean cancel = new AtomicBoolean();
        RunMonitor m = new RunMonitor() {
            @Override
            public void progress(double fraction, String message) {
                if (fraction > 0.05) {
                    cancel.set(true);
                }
            }

            @Override
            public boolean isCancelled() {
                return cancel.get();
            }
        };
        ExperimentResult r = Fixtures.runner().run(Fixtures.plan(Fixtures.matrix(), 4, List.of()), 1, m);
        assertEquals(RunStatus.CANCELLED, r.getStatus());
        long cancelled = r.getCells().stream().flatMap(c -> c.getRuns().stream())
                .filter(run -> run.getStatus() == RunStatus.CANCELLED).count();
        assertTrue(cancelled >= 14, "most of the 16 runs never ran: " + cancelled);
    }
}
