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

import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** A thread made by clone(CLONE_VM) pays THREAD_START on its first run, before its program's first action. */
class ThreadStartTest {
    private static final MachineProfile UP = MachineProfile.piii700().withCpus(1);
    private static final long START = 20_000; // cycles: 28.6 us at 700 MHz

    /** A process that creates a child (a thread or a process) and waits for it, for ever: rounds done. */
    private static double rounds(MachineProfile m, boolean thread) {
        Program child = Program.of("child", new Action.Count("started", 1), new Action.Exit());
        Program parent = Program.of("parent", Action.Loop.forever(new Action.Fork(child, thread), new Action.Wait()));
        SimResult r = Sims.rr(m, Workload.of("spawn", ThreadGroup.processes("parent", 1, parent)), Time.ms(200));
        return r.metrics().counters().get("started");
    }

    @Test
    void eachNewThreadTakesItsStartOnItsCpu() {
        double plain = rounds(UP, true);
        double started = rounds(UP.withCost(CostKey.THREAD_START, START, "test"), true);
        double extraNs = Time.ms(200) / started - Time.ms(200) / plain;
        assertEquals(START * 1000.0 / 700, extraNs, 0.05 * START * 1000.0 / 700, "a round takes the start longer: "
                + plain + " rounds against " + started);
    }

    @Test
    void aCloneCostsCloneWhereTheMachineGivesItAndForkOtherwise() {
        long clone = 30_000; // cycles: 42.9 us at 700 MHz, against FORK's 55,000
        double asFork = rounds(UP, true);
        double cloned = rounds(UP.withCost(CostKey.CLONE, clone, "test"), true);
        double savedNs = Time.ms(200) / asFork - Time.ms(200) / cloned;
        long fork = UP.costs().cycles(CostKey.FORK);
        assertEquals((fork - clone) * 1000.0 / 700, savedNs, 0.05 * (fork - clone) * 1000.0 / 700, asFork
                + " rounds with FORK for the clone against " + cloned + " with CLONE");
        assertEquals(rounds(UP, false), rounds(UP.withCost(CostKey.CLONE, clone, "test"), false), "a process's fork"
                + " does not take CLONE");
    }

    @Test
    void aForkedProcessDoesNotPayAThreadsStart() {
        assertEquals(rounds(UP, false), rounds(UP.withCost(CostKey.THREAD_START, START, "test"), false));
    }
}
