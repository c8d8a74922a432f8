/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Parameter;
import org.schedlab.model.results.ResultsFactory;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.SweptMetric;

/** A metric against a swept parameter: a series per variant and machine, points per cell, units, log axis. */
class SweptMetricTest {
    private static final ResultsFactory F = ResultsFactory.eINSTANCE;

    private static Cell cell(String machine, String variant, Map<String, String> params, double mean, int samples) {
        Cell c = F.createCell();
        c.setMachine(machine);
        c.setVariant(variant);
        c.setStatus(RunStatus.OK);
        params.forEach((k, v) -> {
            Parameter p = F.createParameter();
            p.setKey(k);
            p.setValue(v);
            c.getParameters().add(p);
        });
        Metric m = F.createMetric();
        m.setName("work");
        m.setUnit("ops/s");
        m.setMean(mean);
        m.setSamples(samples);
        m.setCi95Low(samples > 1 ? mean - 1 : mean);
        m.setCi95High(samples > 1 ? mean + 1 : mean);
        c.getMetrics().add(m);
        return c;
    }

    private static ExperimentResult result(int repeats, Cell... cells) {
        ExperimentResult r = F.createExperimentResult();
        r.setName("e");
        r.setRepeats(repeats);
        r.getCells().addAll(List.of(cells));
        return r;
    }

    @Test
    void aSeriesPerMachineAndVariantWithAPointPerCellInAscendingOrderAndTheIntervals() {
        ExperimentResult r = result(3,
                cell("duo", "rr", Map.of("work", "2000000 ns"), 20, 3), cell("duo", "rr", Map.of("work", "1000000 ns"), 10, 3),
                cell("quad", "rr", Map.of("work", "1000000 ns"), 30, 3), cell("quad", "rr", Map.of("work", "2000000 ns"), 40, 3),
                cell("duo", "cfs", Map.of("work", "1000000 ns"), 50, 3), cell("duo", "cfs", Map.of("work", "2000000 ns"), 60, 3));
        assertEquals(List.of("work"), SweptMetric.parameters(r));
        SweptMetric.Chart c = SweptMetric.of(r, "work", "work");
        assertEquals(List.of("duo/rr", "quad/rr", "duo/cfs"), c.series().stream().map(SweptMetric.Series::name).toList());
        assertEquals(6, c.points(), "a point per cell");
        SweptMetric.Series duoRr = c.series().get(0);
        assertArrayEquals(new double[] {1, 2}, duoRr.x(), "nanoseconds shown in ms, ascending");
        assertArrayEquals(new double[] {10, 20}, duoRr.y());
        assertArrayEquals(new double[] {9, 19}, duoRr.low());
        assertArrayEquals(new double[] {11, 21}, duoRr.high());
        assertEquals("work (ms)", c.xTitle());
        assertEquals("work (ops/s)", c.yTitle());
        assertTrue(c.title().contains("mean over 3 seeds with its 95 % interval"), c.title());
        assertFalse(c.logX(), "1 .. 2 ms is neither log-spaced nor two decades");
        assertFalse(c.pointsOnly());
    }

    @Test
    void theOtherSweptValuesSplitTheSeriesAndOneSeedHasNoInterval() {
        ExperimentResult r = result(1,
                cell("duo", "rr", Map.of("n", "16", "m", "1"), 1, 1), cell("duo", "rr", Map.of("n", "64", "m", "1"), 2, 1),
                cell("duo", "rr", Map.of("n", "256", "m", "1"), 3, 1), cell("duo", "rr", Map.of("n", "16", "m", "2"), 4, 1),
                cell("duo", "rr", Map.of("n", "64", "m", "2"), 5, 1), cell("duo", "rr", Map.of("n", "256", "m", "2"), 6, 1));
        SweptMetric.Chart c = SweptMetric.of(r, "n", "work");
        assertEquals(List.of("rr [m=1]", "rr [m=2]"), c.series().stream().map(SweptMetric.Series::name).toList());
        assertTrue(c.logX(), "16, 64, 256: a factor of 4 each");
        assertEquals("n, log scale", c.xTitle());
        assertTrue(Double.isNaN(c.series().get(0).low()[0]), "one seed: no interval");
        assertFalse(SweptMetric.of(r, "m", "work").logX(), "two values within a decade");
    }

    @Test
    void aSampleIsDrawnAsPointsPerVariantAndTwoDecadesGiveALogAxis() {
        ExperimentResult r = result(1,
                cell("duo", "rr", Map.of("work", "1000 ns", "sample", "1", "x", "3"), 1, 1),
                cell("duo", "rr", Map.of("work", "500000 ns", "sample", "2", "x", "1"), 2, 1),
                cell("duo", "cfs", Map.of("work", "1000 ns", "sample", "1", "x", "3"), 3, 1),
                cell("duo", "cfs", Map.of("work", "500000 ns", "sample", "2", "x", "1"), 4, 1));
        SweptMetric.Chart c = SweptMetric.of(r, "work", "work");
        assertTrue(c.pointsOnly());
        assertEquals(List.of("rr", "cfs"), c.series().stream().map(SweptMetric.Series::name).toList());
        assertTrue(c.logX(), "1 us .. 500 us: more than two decades");
        assertEquals("work (us), log scale", c.xTitle());
    }
}
