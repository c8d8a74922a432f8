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

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.translate.BuiltinMetrics;
import org.schedlab.runner.MetricCatalog;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.spi.SchedFn;

class MetricCatalogTest {
    private static SimResult run;

    @BeforeAll
    static void simulate() {
        run = Simulation.run(Fixtures.matrix().get(3).config());
    }

    @Test
    void everyMetricTheLanguageAcceptsHasAValueAndAUnit() {
        for (String name : BuiltinMetrics.ALL.keySet()) {
            MetricCatalog.Value v = MetricCatalog.find(name, run).orElseThrow(() -> new AssertionError(name));
            assertFalse(v.unit().isEmpty(), name);
            assertTrue(Double.isFinite(v.value()), name);
        }
    }

    @Test
    void valuesComeFromTheRightFigures() {
        var m = run.metrics();
        assertEquals(m.contextSwitchRate(), MetricCatalog.value("switches", run).value(), 1e-9);
        assertEquals(m.cycles(SchedFn.ENQUEUE) + m.cycles(SchedFn.DEQUEUE),
                MetricCatalog.value("enqueue_dequeue_cycles", run).value());
        assertEquals(m.cycles(SchedFn.LOCK_SPIN), MetricCatalog.value("cycles_lock_spin", run).value());
        assertEquals(Fixtures.DURATION / 1e9, MetricCatalog.value("elapsed", run).value(), 1e-3);
        assertEquals("s", MetricCatalog.value("elapsed", run).unit());
        assertEquals(m.rate("work"), MetricCatalog.value("work", run).value(), 1e-9);
        assertEquals("work/s", MetricCatalog.value("work", run).unit());
        assertEquals(m.counters().get("work").doubleValue(), MetricCatalog.value("work_total", run).value());
        assertTrue(m.rate("work") > 0);
    }

    @Test
    void everyWorkerYieldsOncePerUnitOfWork() {
        assertEquals(MetricCatalog.value("work", run).value(), MetricCatalog.value("yield_calls", run).value(), 1e-9);
        assertEquals("1/s", MetricCatalog.value("yield_calls", run).unit());
    }

    @Test
    void threadsCColumnsOfACounterOverTheTasksThatCountIt() {
        assertEquals(4, MetricCatalog.value("work_tasks", run).value());
        assertEquals(MetricCatalog.value("work", run).value() / 4, MetricCatalog.value("work_per_task", run).value(),
                1e-9);
        assertEquals(0, MetricCatalog.value("work_zero_tasks", run).value(), "round robin: every worker ran");
        double dev = MetricCatalog.value("work_deviation", run).value();
        assertTrue(dev >= 0 && dev < 0.05, "four equal workers: " + dev);
        assertEquals("1", MetricCatalog.value("work_deviation", run).unit());
        assertTrue(MetricCatalog.find("nosuch_tasks", run).isEmpty());
    }

    @Test
    void anEnginesOwnCountersAreMetricsToo() {
        SimResult counted = Simulation.run(Fixtures.config(2, Fixtures.countingPicks(), Fixtures.rr(10)));
        long picks = counted.metrics().engineCounters().get("picks");
        assertTrue(picks > 0);
        assertEquals(picks, MetricCatalog.value("picks_total", counted).value());
        assertEquals(picks / (Fixtures.DURATION / 1e9), MetricCatalog.value("picks", counted).value(), 1e-6);
        assertEquals("picks/s", MetricCatalog.value("picks", counted).unit());
    }

    @Test
    void unknownNamesAreAnErrorNamingTheMetric() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MetricCatalog.value("bogus", run));
        assertTrue(e.getMessage().contains("'bogus'"));
        assertTrue(MetricCatalog.find("cycles_nosuchfn", run).isEmpty());
    }
}
