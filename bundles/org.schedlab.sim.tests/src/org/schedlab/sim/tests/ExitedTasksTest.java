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

import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** A result keeps the figures of tasks reaped in the measured window, apart from the live ones. */
class ExitedTasksTest {
    private static final MachineProfile UP = MachineProfile.piii700().withCpus(1);

    private static Workload shortLived(int n) {
        return Workload.of("short", ThreadGroup.processes("p", n, Program.of("p", Action.Compute.ns(Time.ms(1)))));
    }

    @Test
    void tasksThatExitedKeepTheirFigures() {
        SimResult r = Sims.rr(UP, shortLived(3), Time.ms(50));
        assertEquals(0, r.metrics().tasks().size(), "no task is alive at the end");
        assertEquals(3, r.metrics().exitedTasks().size());
        int lastPid = 0;
        for (TaskResult t : r.metrics().exitedTasks()) {
            assertTrue(t.exited(), t.toString());
            assertEquals(TaskResult.EXITED, t.finalState());
            assertTrue(t.pid() > lastPid, "pid order");
            lastPid = t.pid();
            assertTrue(t.name().startsWith("p"), t.name());
            assertTrue(t.cpuNs() >= Time.ms(1) && t.cpuNs() < Time.ms(2), "1 ms of work: " + t.cpuNs());
        }
    }

    @Test
    void liveTasksAreNotMarkedExited() {
        Program hog = Program.of("hog", Action.Loop.forever(Action.Compute.ns(Time.ms(1))));
        Workload w = Workload.of("mix", ThreadGroup.processes("hog", 2, hog),
                ThreadGroup.processes("p", 2, Program.of("p", Action.Compute.ns(Time.ms(1)))));
        SimResult r = Sims.rr(UP, w, Time.s(2));
        assertEquals(2, r.metrics().tasks().size());
        assertTrue(r.metrics().tasks().stream().noneMatch(TaskResult::exited));
        assertEquals(2, r.metrics().exitedTasks().size());
        assertTrue(r.metrics().exitedTasks().stream().allMatch(t -> t.name().startsWith("p")));
    }

    @Test
    void tasksReapedDuringTheWarmupAreNotListed() {
        Program hog = Program.of("hog", Action.Loop.forever(Action.Compute.ns(Time.ms(1))));
        Workload w = Workload.of("mix", ThreadGroup.processes("hog", 1, hog),
                ThreadGroup.processes("p", 2, Program.of("p", Action.Compute.ns(Time.ms(1)))));
        SimResult r = Simulation.run(org.schedlab.sim.SimConfig.builder().engine(new RoundRobinEngine())
                .machine(UP).workload(w).warmup(Time.s(1)).duration(Time.ms(500)).build());
        assertEquals(1, r.metrics().tasks().size());
        assertEquals(0, r.metrics().exitedTasks().size(), "both short tasks ended in the warm-up");
    }
}
