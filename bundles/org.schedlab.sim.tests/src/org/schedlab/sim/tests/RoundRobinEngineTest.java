/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.spi.Engines;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

class RoundRobinEngineTest {
    private static Workload hogs(int n) {
        return Workload.of("hogs", ThreadGroup.processes("hog", n, Program.of("hog",
                Action.Loop.forever(Action.Compute.ns(Time.S)))));
    }

    private static SimResult run(int cpus, int n, String slice) {
        return Simulation.run(SimConfig.builder().machine(MachineProfile.piii700().withCpus(cpus))
                .engine(new RoundRobinEngine(), new SchedulerConfig("1.0", Set.of(),
                        Map.of(RoundRobinEngine.TIMESLICE, slice)))
                .workload(hogs(n)).duration(Time.s(2)).build());
    }

    @Test
    void sharesCpusEqually() {
        SimResult r = run(2, 8, "10");
        double mean = r.metrics().tasks().stream().mapToLong(TaskResult::cpuNs).average().orElseThrow();
        for (TaskResult t : r.metrics().tasks()) {
            assertEquals(mean, t.cpuNs(), mean * 0.1, t.name());
        }
    }

    @Test
    void theTimesliceSetsTheSwitchRate() {
        assertEquals(10, run(1, 4, "10").metrics().contextSwitchRate(), 1.0, "100 ticks/s, 10 per slice");
        assertEquals(100, run(1, 4, "1").metrics().contextSwitchRate(), 2.0);
        assertEquals(0.5, run(1, 1, "1").metrics().contextSwitchRate(), 0.5, "alone: switched in once");
    }

    @Test
    void respectsAffinity() {
        Workload w = Workload.of("pinned", ThreadGroup.processes("p", 3, Program.of("p",
                Action.Loop.forever(Action.Compute.ns(Time.ms(1)), new Action.Yield()))).withCpus(Set.of(2)));
        SimResult r = Sims.rr(MachineProfile.piii700().withCpus(4), w, Time.ms(200));
        assertTrue(r.metrics().cpus().get(2).idleNs() < Time.ms(5));
        for (int c : new int[] {0, 1, 3}) {
            assertEquals(r.metrics().elapsedNs(), r.metrics().cpus().get(c).idleNs(), Time.us(50), "cpu" + c);
        }
    }

    @Test
    void isFoundByServiceLoader() {
        assertTrue(Engines.byId(RoundRobinEngine.ID).isPresent());
    }
}
