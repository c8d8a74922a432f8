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

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** rt-app's timer modes: one long delay misses every grid point it covered (absolute) or one (relative). */
class TimerModeTest {

    /** Three periods of 1 ms, then 5.5 ms of work, then 20 more periods. */
    private static long missed(boolean relative) {
        Action.Timer timer = new Action.Timer(Time.ms(1), relative);
        Program p = Program.of("periodic", new Action.Loop(3, List.of(timer)), Action.Compute.ns(Time.us(5500)),
                new Action.Loop(20, List.of(timer)));
        SimResult r = Simulation.run(SimConfig.builder().machine(MachineProfile.piii700().withCpus(1))
                .engine(new RoundRobinEngine()).workload(Workload.of("timer", ThreadGroup.processes("periodic", 1, p)))
                .duration(Time.ms(40)).seed(1).checkInvariants(true).build());
        assertEquals(23, r.metrics().counters().get("timer_activations"), "every timer call counts");
        return r.metrics().counters().getOrDefault("timer_missed", 0L);
    }

    @Test
    void anAbsoluteGridMissesEveryPointTheDelayCovered() {
        // the grid's points after the delay's start at 4, 5, 6, 7, 8 ms (and the work ends near 8.5 ms): five over
        assertEquals(5, missed(false));
    }

    @Test
    void aRelativeGridMissesOnePointAndStartsAgain() {
        assertEquals(1, missed(true));
    }
}
