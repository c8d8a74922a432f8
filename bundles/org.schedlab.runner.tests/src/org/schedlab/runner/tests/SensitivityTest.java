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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.dsl.translate.UncertainValues;
import org.schedlab.dsl.translate.UncertainValues.End;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.Sensitivity;
import org.schedlab.runner.chart.TornadoChart;
import org.schedlab.runner.dsl.SensitivityRun;
import org.schedlab.runner.dsl.UncertainPlans;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.spi.SchedulerConfig;

/** schedlab sensitivity's runs: each uncertain value at both ends, the same seeds, rows sorted by swing. */
class SensitivityTest {
    private static final Published FIGURE = Published.change("t-duo", "duo", "rr-short", Map.of(), "switches", 50,
            "rr", 0, 100);

    /** A value that changes nothing. */
    private static final UncertainValues.Uncertain INERT = new UncertainValues.Uncertain("inert", "1", "0", "2",
            "a test value the simulation never reads", (cell, end) -> cell.config());

    /** The short slice of rr-short: 1 tick, 1 .. 5 ticks (only the patched variant has it). */
    private static final UncertainValues.Uncertain SLICE = new UncertainValues.Uncertain("slice", "1", "1", "5",
            "a test range", (cell, end) -> {
                SimConfig x = cell.config();
                if (!cell.variantName().equals("rr-short")) {
                    return x;
                }
                SchedulerConfig sc = Fixtures.rr(end == End.LOW ? 1 : 5);
                return new SimConfig(x.machine(), x.engine(), sc, x.workload(), x.durationNs(), x.seed(),
                        x.checkInvariants(), x.traceLimit(), x.warmupNs());
            });

    private static ExperimentPlan plan() {
        return new ExperimentPlan("t", Fixtures.matrix(), "rr", 3, List.of("switches", "work"), List.of(FIGURE),
                null, null, List.of(7L, 8L, 9L));
    }

    @Test
    void planHoldsTheFiguresCellsAtEveryEndWithTheSameSeeds() {
        Sensitivity.Settings s = new Sensitivity.Settings(2, 20 * Time.MS);
        ExperimentPlan p = Sensitivity.plan(plan(), List.of(FIGURE), List.of(INERT, SLICE), s);
        assertEquals(2 * (1 + 2 * 2), p.cells().size(), "two cells at the defaults and at 2 x 2 ends");
        assertEquals(List.of(7L, 8L), p.seeds());
        assertEquals(2, p.repeats());
        assertTrue(p.cells().stream().allMatch(c -> c.config().durationNs() == 20 * Time.MS));
        assertTrue(p.cells().stream().allMatch(c -> c.machineName().equals("duo")), "only the figure's cells");
        CellSpec high = p.cell("duo/rr-short[" + Sensitivity.SHIFTED + "=slice@high]").orElseThrow();
        assertEquals("5", high.config().scheduler().tunables().values().iterator().next());
    }

    @Test
    void rowsAreSortedBySwingAndAnInertValueLeavesTheChangeExactlyAlone() {
        Sensitivity.Settings s = new Sensitivity.Settings(2, 0);
        List<Sensitivity.Row> rows = Sensitivity.run(plan(), List.of(INERT, SLICE), Set.of(), s,
                p -> Fixtures.runner().run(p, 2, RunMonitor.NONE));
        assertEquals(List.of("slice", "inert"), rows.stream().map(Sensitivity.Row::parameter).toList());
        Sensitivity.Row inert = rows.get(1);
        assertEquals(inert.nominal(), inert.atLow(), 0.0, "same seeds, same configuration: the same change");
        assertEquals(0.0, inert.swing(), 0.0);
        Sensitivity.Row slice = rows.get(0);
        assertEquals(slice.nominal(), slice.atLow(), 0.0, "the low end is the default slice");
        assertNotEquals(slice.atLow(), slice.atHigh());
        assertTrue(slice.atHigh() < slice.atLow(), "a longer slice switches less: " + slice);
    }

    @Test
    void resultsDoNotDependOnTheThreadCount() {
        Sensitivity.Settings s = new Sensitivity.Settings(2, 0);
        List<Sensitivity.Row> one = Sensitivity.run(plan(), List.of(SLICE), Set.of(), s,
                p -> Fixtures.runner().run(p, 1, RunMonitor.NONE));
        List<Sensitivity.Row> two = Sensitivity.run(plan(), List.of(SLICE), Set.of(), s,
                p -> Fixtures.runner().run(p, 2, RunMonitor.NONE));
        assertEquals(one, two);
    }

    @Test
    void aJobOverItsBudgetShortensEveryRunAlikeAndSaysSo() {
        List<UncertainPlans.Experiment> x = List.of(new UncertainPlans.Experiment(plan(), List.of(INERT, SLICE)));
        Sensitivity.Settings s = new Sensitivity.Settings(2, 0);
        List<Double> fractions = new ArrayList<>();
        List<String> examples = new ArrayList<>();
        SensitivityRun.Estimate told = new SensitivityRun.Estimate() {
            @Override
            public void estimated(int runs, int first, double firstS, double restS, int workers) {
            }

            @Override
            public void shortened(double fraction, double shortS, String example) {
                fractions.add(fraction);
                examples.add(example);
            }
        };
        SensitivityRun.Outcome whole = SensitivityRun.run(x, Set.of(), s, SensitivityRun.Budget.NONE, 2, RunMonitor.NONE,
                told);
        assertTrue(fractions.isEmpty(), "no budget, no shortening");
        SensitivityRun.Outcome shortRun = SensitivityRun.run(x, Set.of(), s,
                new SensitivityRun.Budget(1e-9, 1_000_000L), 2, RunMonitor.NONE, told);
        assertEquals(List.of(0.01), fractions, "a budget no run can meet: the shortest runs, 1 %");
        assertTrue(examples.get(0).contains("duo/") && examples.get(0).contains(" -> "), examples.get(0));
        assertTrue(shortRun.problems().isEmpty(), shortRun.problems().toString());
        List<Sensitivity.Row> rows = shortRun.figures().get(0).rows();
        assertEquals(2, rows.size());
        Sensitivity.Row inert = rows.stream().filter(r -> r.parameter().equals("inert")).findFirst().orElseThrow();
        assertEquals(0.0, inert.swing(), 0.0,
                "both ends and the defaults equally short: an inert value moves nothing");
        assertNotEquals(whole.figures().get(0).rows(), rows, "the shortened runs measured less");
    }

    @Test
    void tornadoChartDrawsOneBarPerValueAsSvgAndPng(@TempDir Path dir) throws Exception {
        TornadoChart chart = new TornadoChart("t-duo", "change, %", -10, List.of(
                new TornadoChart.Bar("slice (1 .. 5)", -10, -40), new TornadoChart.Bar("inert (0 .. 2)", -10, -10)));
        List<Path> files = chart.write(dir, "tornado", true, () -> false);
        String svg = Files.readString(files.get(0), StandardCharsets.UTF_8);
        assertTrue(svg.contains("slice (1 .. 5)") && svg.contains("inert (0 .. 2)"), svg);
        assertTrue(svg.contains("fill=\"#e69f00\""), "the high end's bar");
        byte[] png = Files.readAllBytes(files.get(1));
        assertEquals((byte) 0x89, png[0]);
        assertEquals('P', png[1]);
    }
}
