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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.CellStore;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.SweepRunner;
import org.schedlab.sim.engine.rr.RoundRobinEngine;

/** Sweeps cell by cell on several workers: results independent of the thread count, resumable after a stop. */
class SweepRunnerTest {

    /** 12 cells: uni and duo x slices of 1 to 6 ticks, 2 repeats each. */
    private static ExperimentPlan plan(List<Long> seeds) {
        List<CellSpec> cells = new ArrayList<>();
        for (String m : List.of("uni", "duo")) {
            for (int slice = 1; slice <= 6; slice++) {
                cells.add(new CellSpec("t", m, "rr", Map.of("slice", Integer.toString(slice)),
                        Fixtures.config(m.equals("uni") ? 1 : 2, new RoundRobinEngine(), Fixtures.rr(slice))));
            }
        }
        return new ExperimentPlan("t", cells, "rr", seeds.size(), List.of("switches", "work"), List.of(), null,
                "0123", seeds);
    }

    /** The cells of {@link #plan} built when they run, counting the builds in {@code built}. */
    private static ExperimentPlan lazyPlan(List<Long> seeds, AtomicInteger built) {
        List<CellSpec> cells = new ArrayList<>();
        for (CellSpec c : plan(seeds).cells()) {
            String m = c.machineName();
            int slice = Integer.parseInt(c.params().get("slice"));
            cells.add(CellSpec.lazy("t", m, "rr", c.params(), c.seed(0), () -> {
                built.incrementAndGet();
                return Fixtures.config(m.equals("uni") ? 1 : 2, new RoundRobinEngine(), Fixtures.rr(slice));
            }));
        }
        return new ExperimentPlan("t", cells, "rr", seeds.size(), List.of("switches", "work"), List.of(), null,
                "0123", seeds);
    }

    private static SweepRunner runner() {
        return new SweepRunner("test", Fixtures.CLOCK);
    }

    /** @return every run's seed and metric values, per cell label, in order */
    private static List<String> values(ExperimentResult r) {
        List<String> out = new ArrayList<>();
        for (Cell c : r.getCells()) {
            for (Run run : c.getRuns()) {
                StringBuilder s = new StringBuilder(Comparisons.cellLabel(c) + " seed " + run.getSeed());
                for (Metric m : run.getMetrics()) {
                    s.append(' ').append(m.getName()).append('=').append(m.getValue());
                }
                out.add(s.toString());
            }
        }
        return out;
    }

    @Test
    void oneThreadAndTwoThreadsGiveIdenticalResults() throws Exception {
        ExperimentPlan p = plan(List.of(3L, 4L));
        SweepRunner.Swept one = runner().run(p, 1, RunMonitor.NONE, null);
        SweepRunner.Swept two = runner().run(p, 2, RunMonitor.NONE, null);
        assertEquals(RunStatus.OK, one.result().getStatus());
        assertEquals(24, values(one.result()).size());
        assertEquals(values(one.result()), values(two.result()));
        assertEquals(values(one.result()), values(Fixtures.runner().run(p, 2, RunMonitor.NONE)),
                "the same as the experiment runner's");
    }

    @Test
    void aStoppedSweepResumesWithTheFinishedCellsAndEndsAsAnUninterruptedOne(@TempDir Path dir) throws Exception {
        ExperimentPlan p = plan(List.of(3L, 4L));
        CellStore store = new CellStore(dir.resolve("t.cells"));
        AtomicInteger finished = new AtomicInteger();
        RunMonitor stopAfterFour = new RunMonitor() {
            @Override
            public void progress(double fraction, String message) {
                finished.incrementAndGet();
            }

            @Override
            public boolean isCancelled() {
                return finished.get() >= 4;
            }
        };
        SweepRunner.Swept stopped = runner().run(p, 2, stopAfterFour, store);
        assertEquals(RunStatus.CANCELLED, stopped.result().getStatus());
        long kept = store.count();
        assertTrue(kept >= 4 && kept < 12, "finished cells kept: " + kept);
        java.nio.file.Path halfWritten = dir.resolve("t.cells").resolve(".uni_rr-0.schedresult.1234.tmp");
        java.nio.file.Files.writeString(halfWritten, "<?xml"); // what kill -9 in the middle of a write leaves
        SweepRunner.Swept resumed = runner().run(p, 2, RunMonitor.NONE, store);
        assertTrue(!java.nio.file.Files.exists(halfWritten), "a half-written cell is removed, not read");
        assertEquals(kept, resumed.reused());
        assertEquals(12 - kept, resumed.ran(), "only the missing cells ran");
        assertEquals(RunStatus.OK, resumed.result().getStatus());
        assertEquals(values(runner().run(p, 1, RunMonitor.NONE, null).result()), values(resumed.result()));
        assertEquals(12, store.count());
    }

    @Test
    void cellsBuiltWhenTheyRunGiveTheResultsAndStoredCellsOfCellsBuiltUpFront(@TempDir Path dir)
            throws Exception {
        AtomicInteger built = new AtomicInteger();
        ExperimentPlan lazy = lazyPlan(List.of(3L, 4L), built);
        assertEquals(0, built.get(), "a plan holds no configuration before its cells run");
        assertEquals(3L, lazy.seed(lazy.cells().get(0), 0));
        assertEquals(0, built.get(), "a seed needs no configuration");
        CellStore store = new CellStore(dir);
        runner().run(plan(List.of(3L, 4L)), 2, RunMonitor.NONE, store);
        SweepRunner.Swept resumed = runner().run(lazy, 2, RunMonitor.NONE, store);
        assertEquals(12, resumed.reused(), "the cells stored by an eager plan are found under the same digests");
        SweepRunner.Swept fresh = runner().run(lazy, 2, RunMonitor.NONE, null);
        assertEquals(12, fresh.ran());
        assertEquals(values(runner().run(plan(List.of(3L, 4L)), 1, RunMonitor.NONE, null).result()),
                values(fresh.result()));
        assertTrue(built.get() >= 12, "each cell built its configuration when it ran: " + built.get());
    }

    @Test
    void storedCellsOfOtherSeedsAreNotReused(@TempDir Path dir) throws Exception {
        CellStore store = new CellStore(dir);
        runner().run(plan(List.of(3L, 4L)), 2, RunMonitor.NONE, store);
        SweepRunner.Swept other = runner().run(plan(List.of(5L, 6L)), 2, RunMonitor.NONE, store);
        assertEquals(0, other.reused());
        assertEquals(12, other.ran());
        SweepRunner.Swept same = runner().run(plan(List.of(5L, 6L)), 2, RunMonitor.NONE, store);
        assertEquals(12, same.reused());
    }
}
