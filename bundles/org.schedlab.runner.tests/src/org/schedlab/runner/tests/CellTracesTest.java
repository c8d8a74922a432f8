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

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Run;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.dsl.CellTraces;
import org.schedlab.runner.dsl.CellTraces.CellTrace;
import org.schedlab.runner.dsl.DslPlans;

/** The runner gives a view the trace of a result's cell: the same run as the result's, with its schedule. */
class CellTracesTest {
    private static final String FILE = """
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
            	machines duo
            	variants rr
            	duration 20 ms
            	seeds 7
            	metrics switches, work
            }
            """;

    @TempDir
    Path dir;

    private ExperimentResult result() throws Exception {
        Path f = dir.resolve("t.sched");
        Files.writeString(f, FILE);
        return Fixtures.runner().run(DslPlans.load(f).get(0), 1, RunMonitor.NONE);
    }

    @Test
    void traceIsTheRunOfTheResultWithItsSchedule() throws Exception {
        ExperimentResult r = result();
        CellTrace t = CellTraces.trace(r, "rr", 10_000);
        assertTrue(t.traced(), t.label());
        assertEquals("CPU timeline of duo/rr, seed 7", t.label());
        assertFalse(t.run().trace().isEmpty(), "tracing is on");
        assertTrue(t.run().trace().size() <= 10_000);
        Run run = r.getCells().get(0).getRuns().get(0);
        double switches = run.getMetrics().stream().filter(m -> m.getName().equals("switches")).findFirst()
                .orElseThrow().getValue();
        assertEquals(switches, t.run().metrics().contextSwitchRate(), 1e-9, "the same run as the result's");
    }

    @Test
    void missingCellOrSourceIsAReasonNotAnException() throws Exception {
        ExperimentResult r = result();
        CellTrace none = CellTraces.trace(r, "nosuch", 100);
        assertFalse(none.traced());
        assertEquals("t: no cell to trace", none.label());

        Files.delete(dir.resolve("t.sched"));
        CellTrace gone = CellTraces.trace(r, null, 100);
        assertFalse(gone.traced());
        assertTrue(gone.label().startsWith("t: the source .sched is not found ("), gone.label());

        Files.writeString(dir.resolve("t.sched"), FILE.replace("variants rr", "variants nosuch"));
        CellTrace invalid = CellTraces.trace(r, null, 100);
        assertFalse(invalid.traced());
        assertTrue(invalid.label().startsWith("Cannot trace t: "), invalid.label());
    }
}
