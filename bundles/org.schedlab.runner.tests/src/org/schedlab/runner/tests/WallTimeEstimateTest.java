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

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.runner.WallTimeEstimate;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;

/** The wall time told before a run: simulated CPU-seconds over the bench rate and the workers. */
class WallTimeEstimateTest {

    static CellSpec cell(String machine, int cpus, long durationNs) {
        SimConfig c = SimConfig.builder().machine(Fixtures.machine(cpus)).engine(new RoundRobinEngine(), Fixtures.rr(10))
                .workload(Fixtures.workload(4)).duration(durationNs).seed(11).build();
        return new CellSpec("t", machine, "rr", Map.of(), c);
    }

    @Test
    void aHundredMillionSimulatedSecondsIsDaysAndSaysSo() {
        WallTimeEstimate e = WallTimeEstimate.of(Fixtures.plan(List.of(cell("duo", 2, 100_000_000L * Time.S)), 1, List.of()), 4);
        assertEquals(2e8, e.simulatedCpuSeconds(), 1e-6);
        assertEquals(1, e.workers(), "one run: one worker, however many jobs");
        assertEquals(2e8 / WallTimeEstimate.CPU_SECONDS_PER_WALL_SECOND, e.wallSeconds(), 1e-6);
        assertTrue(e.isLong());
        assertEquals("about 2.3 days of wall time (200,000,000 simulated CPU-seconds on 1 worker(s) at about 1,000"
                + " per wall-second)", e.toString());
    }

    @Test
    void repeatsAndCellsShareTheWorkers() {
        WallTimeEstimate e = WallTimeEstimate.of(Fixtures.plan(List.of(cell("uni", 1, 60 * Time.S), cell("duo", 2, 60 * Time.S)), 5,
                List.of()), 3);
        assertEquals((60 + 120) * 5, e.simulatedCpuSeconds(), 1e-6);
        assertEquals(3, e.workers());
        assertEquals(900.0 / 1000 / 3, e.wallSeconds(), 1e-9);
        assertFalse(e.isLong(), "an ordinary experiment is not warned about");
        assertEquals("0 s", e.wallTime());
    }
}
