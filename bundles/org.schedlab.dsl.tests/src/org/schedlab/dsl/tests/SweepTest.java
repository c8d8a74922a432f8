/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.SweepValues;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.translate.ExperimentTranslator;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.dsl.translate.UncertainValues;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.CostRange;

/** Ranges, steps, log spacing and Latin hypercube samples in experiments, and the ranges of [U] values. */
class SweepTest {

    private static final String HEAD = """
			machine duo extends piii-700 { cpus 2 cost futex_op = 200 cycles range 100 cycles .. 400 cycles }
			kernel toy1 { engine toy version "1.0" }
			variant base = toy1
			workload spin(n = 4, work = 1 ms range 500 us .. 2 ms) {
				threads worker x n { loop forever { compute work count work yield } }
			}
			""";

    private static ExperimentPlan plan(String experiment) {
        return TranslatorTest.plan(HEAD + experiment);
    }

    private static List<String> values(ExperimentPlan p, String key) {
        return p.cells().stream().map(c -> c.params().get(key)).toList();
    }

    @Test
    void logRangeGivesLogSpacedWholePoints() {
        assertEquals(List.of(16.0, 32.0, 64.0, 128.0, 256.0, 512.0, 1024.0), SweepValues.log(16, 1024, 7));
        ExperimentPlan p = plan("experiment e { workload spin machines duo variants base duration 1 s"
                + " sweep n = 16 .. 1024 log 7 }");
        assertEquals(List.of("16", "32", "64", "128", "256", "512", "1024"), values(p, "n"));
        assertEquals(1024, p.cells().get(6).config().workload().groups().get(0).count());
    }

    @Test
    void stepAndPointsRanges() {
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0), SweepValues.step(1, 10, 1));
        assertEquals(List.of(1.0, 3.0, 5.0), SweepValues.step(1, 6, 2));
        assertEquals(List.of(0.0, 0.5, 1.0, 1.5), SweepValues.linear(0, 1.5, 4));
        ExperimentPlan p = plan("experiment e { workload spin machines duo variants base duration 1 s"
                + " sweep work = 1 ms .. 2 ms points 3 }");
        assertEquals(List.of("1000000 ns", "1500000 ns", "2000000 ns"), values(p, "work"));
        ExperimentPlan q = plan("experiment e { workload spin machines duo variants base duration 1 s"
                + " sweep n = 1 .. 10 step 3 }");
        assertEquals(List.of("1", "4", "7", "10"), values(q, "n"));
    }

    @Test
    void badRangesAreErrors() {
        assertThrows(IllegalArgumentException.class, () -> SweepValues.log(0, 10, 3));
        assertThrows(IllegalArgumentException.class, () -> SweepValues.step(1, 10, 0));
        assertThrows(IllegalArgumentException.class, () -> SweepValues.linear(1, 10, 0));
        SchedLoader.Loaded l = Sched.load(HEAD + "experiment e { workload spin machines duo variants base"
                + " duration 1 s sweep n = 0 .. 10 log 3 }");
        assertTrue(l.hasErrors(), "the validator reports it at the line");
        assertTrue(l.diagnostics().toString().contains("a log range needs both ends above zero, not 0 .. 10"),
                l.diagnostics().toString());
    }

    @Test
    void sweepsOverCostsAndTunablesMultiply() {
        ExperimentPlan p = plan("experiment e { workload spin machines duo variants base duration 1 s"
                + " sweep cost ipi_send = 100 cycles, 300 cycles sweep set slice_ns = 1 ms .. 3 ms points 2 }");
        assertEquals(4, p.cells().size());
        CellSpec c = p.cells().get(1);
        assertEquals(Map.of("cost.ipi_send", "100 cycles", "set.slice_ns", "3000000 ns"), c.params());
        assertEquals(100, c.config().machine().costs().cycles(CostKey.IPI_SEND));
        assertEquals("3000000", c.config().scheduler().tunables().get("slice_ns"));
        assertEquals(300, p.cells().get(2).config().machine().costs().cycles(CostKey.IPI_SEND));
    }

    @Test
    void latinSampleCoversEveryStratumOnceAndIsDeterministic() {
        double[][] a = SweepValues.latin(10, 3, 7);
        for (int d = 0; d < 3; d++) {
            Set<Integer> strata = new TreeSet<>();
            for (double[] row : a) {
                assertTrue(row[d] >= 0 && row[d] < 1);
                strata.add((int) (row[d] * 10));
            }
            assertEquals(10, strata.size(), "dimension " + d);
        }
        assertArrayEquals(a[4], SweepValues.latin(10, 3, 7)[4]);
        assertNotEquals(a[4][0], SweepValues.latin(10, 3, 8)[4][0]);
    }

    @Test
    void sampleDrawsFromDeclaredRangesWithTheExperimentsSeed() {
        String e = "experiment e { workload spin machines duo variants base duration 1 s seeds 5"
                + " sample 20 latin over (work, cost futex_op) }";
        ExperimentPlan p = plan(e);
        assertEquals(20, p.cells().size());
        for (CellSpec c : p.cells()) {
            long futex = c.config().machine().costs().cycles(CostKey.FUTEX_OP);
            assertTrue(futex >= 100 && futex <= 400, c.label());
            double work = Double.parseDouble(c.params().get("work").replace(" ns", ""));
            assertTrue(work >= 500_000 && work <= 2_000_000, c.label());
        }
        assertEquals(values(p, "work"), values(plan(e), "work"));
        assertNotEquals(values(p, "work"), values(plan(e.replace("seeds 5", "seeds 6")), "work"));
    }

    @Test
    void aLargeSampleBuildsEachCellsWorkloadWhenTheCellRuns() {
        ExperimentPlan p = plan("experiment e { workload spin machines duo variants base duration 1 s"
                + " sample 1500 latin over (work) }");
        assertEquals(1500, p.cells().size());
        CellSpec c = p.cells().get(700);
        assertNotSame(c.config().workload(), c.config().workload(), "built on each call, kept by no one");
        assertEquals(c.config(), c.config(), "the same configuration every time");
        var lazyGroups = c.config().workload().groups();
        ExperimentPlan one = plan("experiment e { workload spin machines duo variants base duration 1 s"
                + " sweep work = " + c.params().get("work") + " }");
        assertEquals(1, one.cells().size());
        assertEquals(one.cells().get(0).config().workload().groups(), lazyGroups,
                "the workload a small plan holds for the same value");
        IllegalStateException unloaded = assertThrows(IllegalStateException.class, c::config);
        assertTrue(unloaded.getMessage().contains("loaded again"), unloaded.getMessage());
    }

    @Test
    void sampleOverAParameterWithoutRangeIsAnError() {
        SchedLoader.Loaded l = Sched.load(HEAD + "experiment e { workload spin machines duo variants base"
                + " duration 1 s sample 5 latin over (n) }");
        assertTrue(l.hasErrors());
        assertTrue(l.diagnostics().toString().contains("n has no declared range"), l.diagnostics().toString());
    }

    @Test
    void costRangeInAMachineIsKeptAndMustContainTheValue() {
        ExperimentPlan p = plan("experiment e { workload spin machines duo variants base duration 1 s }");
        assertEquals(new CostRange(100, 400, "declared in the .sched file"),
                p.cells().get(0).config().machine().costs().range(CostKey.FUTEX_OP).orElseThrow());
        SchedLoader.Loaded l = Sched.load(HEAD.replace("range 100 cycles", "range 300 cycles")
                + "experiment e { workload spin machines duo variants base duration 1 s }");
        TranslationException e = assertThrows(TranslationException.class, () -> Sched.loader().translate(l));
        assertTrue(e.getMessage().contains("does not contain the value 200 cycles"), e.getMessage());
    }

    @Test
    void uncertainValuesAreTheRangedCostsAndFreeParameters() throws TranslationException {
        SchedLoader.Loaded l = Sched.load(HEAD + "experiment e { workload spin machines duo variants base"
                + " duration 1 s }");
        assertFalse(l.hasErrors(), () -> l.diagnostics().toString());
        Experiment x = (Experiment) l.model().getElements().stream().filter(Experiment.class::isInstance)
                .findFirst().orElseThrow();
        ExperimentPlan p = new ExperimentTranslator(Sched.ENGINES).translate(x);
        List<UncertainValues.Uncertain> u = UncertainValues.of(x, p);
        List<String> names = u.stream().map(UncertainValues.Uncertain::name).toList();
        assertTrue(names.contains("cost cacheline_transfer"), names.toString());
        assertTrue(names.contains("cost futex_op"), names.toString());
        assertFalse(names.contains("cost syscall"), "a sourced cost has no range");
        assertEquals("work", names.get(names.size() - 1));
        UncertainValues.Uncertain work = u.get(u.size() - 1);
        assertEquals(List.of("1000000 ns", "500000 ns", "2000000 ns"), List.of(work.nominal(), work.low(),
                work.high()));
        CellSpec cell = p.cells().get(0);
        var at = work.shift().at(cell, UncertainValues.End.HIGH);
        assertNotEquals(cell.config().workload(), at.workload());
        var cost = u.stream().filter(v -> v.name().equals("cost cacheline_transfer")).findFirst().orElseThrow();
        assertEquals(300, cost.shift().at(cell, UncertainValues.End.HIGH).machine().costs()
                .cycles(CostKey.CACHELINE_TRANSFER));
        assertEquals(150, cell.config().machine().costs().cycles(CostKey.CACHELINE_TRANSFER), "defaults untouched");
        // a parameter the experiment sets is not uncertain there
        SchedLoader.Loaded set = Sched.load(HEAD + "experiment e { workload spin(work = 1 ms) machines duo"
                + " variants base duration 1 s }");
        Experiment y = (Experiment) set.model().getElements().stream().filter(Experiment.class::isInstance)
                .findFirst().orElseThrow();
        assertFalse(UncertainValues.of(y, new ExperimentTranslator(Sched.ENGINES).translate(y)).stream()
                .anyMatch(v -> v.name().equals("work")));
    }
}
