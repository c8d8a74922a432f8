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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.CalibrationRow;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.PublishedRow;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.dsl.DslPlans;
import org.schedlab.sim.engine.rr.RoundRobinEngine;

class DslPlansTest {
    private static final String FILE = """
            machine uni {
            	cpus 1
            	clock 700 MHz
            	hz 100
            }
            machine duo {
            	cpus 2
            	clock 700 MHz
            	hz 100
            }
            kernel reference {
            	engine rr
            	version "1.0"
            }
            variant rr = reference
            workload yielders {
            	threads worker x 4 {
            		loop forever {
            			compute 200 us
            			count work
            			yield
            		}
            	}
            }
            experiment t {
            	workload yielders
            	machines uni, duo
            	variants rr
            	duration 50 ms
            	repeats 2
            	seeds 5, 9
            	metrics switches, work
            	published switches {
            		rr on duo = 100 +- 10 %
            	}
            }
            """;

    @TempDir
    Path dir;

    @Test
    void fileBecomesAPlanTheRunnerRuns() throws Exception {
        Path f = dir.resolve("t.sched");
        Files.writeString(f, FILE);
        List<ExperimentPlan> plans = DslPlans.load(f, EngineCatalog.of(List.of(new RoundRobinEngine())));
        assertEquals(1, plans.size());
        ExperimentPlan plan = plans.get(0);
        assertEquals(List.of("uni/rr", "duo/rr"), plan.cells().stream().map(CellSpec::label).toList());
        assertEquals(2, plan.repeats());
        assertEquals(List.of(5L, 9L), plan.seeds());
        assertEquals(9L, plan.seed(plan.cells().get(0), 1));
        assertEquals(List.of("switches", "work"), plan.metrics());
        assertEquals(f, plan.source());
        assertTrue(plan.sourceHash().matches("[0-9a-f]{64}"), plan.sourceHash());
        assertEquals(2, plan.cells().get(1).config().machine().nrCpus());

        ExperimentResult r = Fixtures.runner().run(plan, 2, RunMonitor.NONE);
        assertEquals(RunStatus.OK, r.getStatus());
        assertEquals(List.of(5L, 9L), r.getCells().get(1).getRuns().stream().map(Run::getSeed).toList());
        assertEquals(plan.sourceHash(), r.getSourceHash());
        PublishedRow row = Comparisons.published(r).get(0);
        assertEquals("duo/rr", row.cell());
        assertEquals("1/s", row.unit(), "the metric's unit when the file gives none");
        assertEquals(90.0, row.bandLow(), 1e-9);
        assertEquals(Comparisons.metric(r.getCells().get(1), "switches").getMean(), row.simulated(), 0);
    }

    @Test
    void aPublishedRatioDividesTheCellAtTwoSweepPoints() throws Exception {
        Path f = dir.resolve("ratio.sched");
        Files.writeString(f, FILE.replace("workload yielders {", "workload yielders(n = 4) {")
                .replace("worker x 4", "worker x n").replace("\tseeds 5, 9\n", "\tseeds 5, 9\n\tsweep n = 2, 8\n")
                .replace("""
                        	published switches {
                        		rr on duo = 100 +- 10 %
                        	}
                        """, """
                        	published ratio work band 20 % {
                        		"r": rr on duo at n = 8 over 2 = 1.0
                        	}
                        """));
        ExperimentPlan plan = DslPlans.load(f, EngineCatalog.of(List.of(new RoundRobinEngine()))).get(0);
        Published p = plan.published().get(0);
        assertTrue(p.isRatio());
        assertEquals("duo/rr[n=8]", p.cellLabel());
        assertEquals("duo/rr[n=2]", p.overLabel());
        assertEquals(0.8, p.bandLow(), 1e-12);
        ExperimentPlan only = plan.onlyFigures(java.util.Set.of("r"));
        assertEquals(List.of("duo/rr[n=2]", "duo/rr[n=8]"), only.cells().stream().map(CellSpec::label).toList());
        ExperimentResult r = Fixtures.runner().run(only, 2, RunMonitor.NONE);
        CalibrationRow row = CalibrationRow.of(only, r).get(0);
        double expected = Comparisons.metric(r.getCells().get(1), "work").getMean()
                / Comparisons.metric(r.getCells().get(0), "work").getMean();
        assertEquals(expected, row.simulated(), 1e-12);
        assertEquals("x", row.unit());
        assertEquals("duo/rr[n=8] / n=2", row.cell());
    }

    @Test
    void fileWithErrorsIsRejectedWithLocatedMessages() throws Exception {
        Path f = dir.resolve("bad.sched");
        Files.writeString(f, FILE.replace("variants rr", "variants nosuch"));
        DslPlans.InvalidSourceException e = assertThrows(DslPlans.InvalidSourceException.class,
                () -> DslPlans.load(f, EngineCatalog.of(List.of(new RoundRobinEngine()))));
        assertTrue(e.getMessage().startsWith(f + ":"), e.getMessage());
        assertTrue(e.getMessage().contains(": error: "), e.getMessage());
    }
}
