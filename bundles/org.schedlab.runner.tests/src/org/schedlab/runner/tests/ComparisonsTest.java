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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.plan.Published;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Parameter;
import org.schedlab.model.results.ResultsFactory;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.DeltaTable;
import org.schedlab.runner.PublishedRow;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.Stats;

class ComparisonsTest {
    private static final ResultsFactory F = ResultsFactory.eINSTANCE;

    @Test
    void deltasAgainstTheBaselinePerMachine() {
        ExperimentResult r = result("base");
        add(r, "up", "base", 100);
        add(r, "up", "patched", 120);
        add(r, "smp", "base", 200);
        add(r, "smp", "patched", 150);
        DeltaTable t = Comparisons.deltaTable(r, "ops");
        assertEquals(List.of("up", "smp"), t.columns());
        assertEquals(List.of("base", "patched"), t.rows().stream().map(DeltaTable.Row::variant).toList());
        assertEquals(List.of(100.0, 200.0), t.rows().get(0).values());
        assertEquals(1, t.deltas().size(), "no delta row for the baseline itself");
        assertEquals(20.0, t.delta("patched", "up"), 1e-9);
        assertEquals(-25.0, t.delta("patched", "smp"), 1e-9);
        assertEquals("ops/s", t.unit());
        String text = t.render();
        assertTrue(text.startsWith("ops (ops/s), deltas against base\n"), text);
        assertTrue(text.contains("+20.0%") && text.contains("-25.0%"), text);
    }

    @Test
    void baselineNeedNotComeFirst() {
        ExperimentResult r = result("patched");
        add(r, "up", "base", 100);
        add(r, "up", "patched", 80);
        DeltaTable t = Comparisons.deltaTable(r, "ops");
        assertEquals("base", t.deltas().get(0).variant());
        assertEquals(25.0, t.delta("base", "up"), 1e-9);
    }

    @Test
    void missingOrFailedCellsAndZeroBaselinesGiveNoDelta() {
        ExperimentResult r = result("base");
        add(r, "up", "base", 0);
        add(r, "up", "patched", 10);
        add(r, "smp", "base", 50);
        Cell failed = add(r, "smp", "patched", 60);
        failed.setStatus(RunStatus.FAILED);
        DeltaTable t = Comparisons.deltaTable(r, "ops");
        assertTrue(Double.isNaN(t.delta("patched", "up")), "baseline 0");
        assertTrue(Double.isNaN(t.value("patched", "smp")), "failed cell");
        assertTrue(Double.isNaN(t.delta("patched", "smp")));
        assertTrue(t.render().contains(" -"), t.render());
    }

    @Test
    void sweepPointsAreSeparateColumns() {
        ExperimentResult r = result("base");
        Cell a = add(r, "up", "base", 1);
        a.getParameters().add(param("n", "2"));
        Cell b = add(r, "up", "base", 2);
        b.getParameters().add(param("n", "4"));
        assertEquals(List.of("up[n=2]", "up[n=4]"), Comparisons.deltaTable(r, "ops").columns());
        assertEquals("up/base[n=4]", Comparisons.cellLabel(b));
    }

    @Test
    void percentDeltaArithmetic() {
        assertEquals(50.0, Comparisons.percentDelta(150, 100), 1e-12);
        assertEquals(-100.0, Comparisons.percentDelta(0, 100), 1e-12);
        assertEquals(100.0, Comparisons.percentDelta(0, -100), 1e-12, "a negative baseline keeps the sign meaningful");
        assertTrue(Double.isNaN(Comparisons.percentDelta(1, 0)));
    }

    @Test
    void statisticsOverRepeats() {
        Stats s = Stats.of(List.of(2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0));
        assertEquals(5.0, s.mean(), 1e-12);
        assertEquals(Math.sqrt(32.0 / 7), s.stddev(), 1e-12);
        double half = 2.364624252 * Math.sqrt(32.0 / 7) / Math.sqrt(8); // t(0.975, 7)
        assertEquals(5 - half, s.ci95Low(), 1e-8);
        assertEquals(5 + half, s.ci95High(), 1e-8);
        assertEquals(2.0, s.min());
        assertEquals(9.0, s.max());
        Stats one = Stats.of(List.of(3.0));
        assertEquals(0.0, one.stddev());
        assertEquals(3.0, one.ci95Low());
        assertEquals(1.983971519, Stats.t975(100), 1e-8);
        assertThrows(IllegalArgumentException.class, () -> Stats.of(List.of()));
    }

    @Test
    void publishedBandsIncludeTheirBounds() {
        Published p = Published.relative("x", "m", "v", Map.of(), "ops", 200, "ops/s", 0.1);
        assertEquals(180.0, p.bandLow(), 1e-12);
        assertEquals(220.0, p.bandHigh(), 1e-12);
        assertTrue(p.accepts(180) && p.accepts(220));
        assertFalse(p.accepts(179.999) || p.accepts(220.001) || p.accepts(Double.NaN));
        assertThrows(IllegalArgumentException.class,
                () -> new Published("y", "m", "v", Map.of(), "ops", 1, "", 2, 1));
    }

    @Test
    void publishedAgainstSimulatedAfterARun() {
        // the simulated switch rate of duo/rr, then one band around it and one far from it
        ExperimentResult probe = Fixtures.runner().run(Fixtures.plan(Fixtures.matrix(), 1, List.of()), 2,
                RunMonitor.NONE);
        double switches = Comparisons.metric(probe.getCells().get(2), "switches").getMean();
        List<Published> published = List.of(
                Published.relative("F-1", "duo", "rr", Map.of(), "switches", switches * 1.05, "1/s", 0.1),
                Published.relative("F-2", "duo", "rr", Map.of(), "switches", switches * 2, "1/s", 0.1),
                Published.relative("F-3", "octo", "rr", Map.of(), "switches", 1, "1/s", 0.1));
        ExperimentResult r = Fixtures.runner().run(Fixtures.plan(Fixtures.matrix(), 1, published), 2,
                RunMonitor.NONE);
        List<PublishedRow> rows = Comparisons.published(r);
        assertEquals(List.of("ok", "OUTSIDE", "OUTSIDE"), rows.stream().map(PublishedRow::verdict).toList());
        assertEquals(switches, rows.get(0).simulated(), 1e-9);
        assertEquals("duo/rr", rows.get(0).cell());
        assertTrue(Double.isNaN(rows.get(2).simulated()), "no such cell");
        assertFalse(Comparisons.allWithinBands(r));
        assertTrue(rows.get(1).render().endsWith("OUTSIDE"), rows.get(1).render());
    }

    private static ExperimentResult result(String baseline) {
        ExperimentResult r = F.createExperimentResult();
        r.setName("cmp");
        r.setBaselineVariant(baseline);
        r.getMetricNames().add("ops");
        return r;
    }

    private static Cell add(ExperimentResult r, String machine, String variant, double ops) {
        Cell c = F.createCell();
        c.setMachine(machine);
        c.setVariant(variant);
        c.setStatus(RunStatus.OK);
        Metric m = F.createMetric();
        m.setName("ops");
        m.setUnit("ops/s");
        m.setMean(ops);
        m.setValue(ops);
        c.getMetrics().add(m);
        r.getCells().add(c);
        return c;
    }

    private static Parameter param(String k, String v) {
        Parameter p = F.createParameter();
        p.setKey(k);
        p.setValue(v);
        return p;
    }
}
