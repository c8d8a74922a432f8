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
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * A pipe's operation holds pipe->mutex for its CHANNEL_OP less PIPE_UNLOCKED: two processes on two CPUs writing to
 * and reading from one pipe take turns at the mutex only for that part.
 */
class PipeMutexTest {
    private static final MachineProfile SMP2 = MachineProfile.piii700().withCpus(2);

    /** Two processes that each write a message and read one back, for ever, on one pipe. */
    private static SimResult pingSelf(MachineProfile m) {
        Channel pipe = new Channel("fifo", 64, false, Channel.Kind.PIPE);
        Program p = Program.of("rw", Action.Loop.forever(new Action.Send(pipe), new Action.Recv(pipe),
                new Action.Count("ops", 1)));
        return Sims.rr(m, Workload.of("rw", ThreadGroup.processes("rw", 2, p)), Time.ms(200));
    }

    @Test
    void theUnlockedPartOverlapsAndOnlyTheRestIsTakenInTurns() {
        long op = SMP2.costs().cycles(CostKey.CHANNEL_OP);
        SimResult whole = pingSelf(SMP2);
        SimResult part = pingSelf(SMP2.withCost(CostKey.PIPE_UNLOCKED, op * 3 / 4, "test: a quarter under the lock"));
        long spinWhole = whole.metrics().cycles(SchedFn.LOCK_SPIN);
        long spinPart = part.metrics().cycles(SchedFn.LOCK_SPIN);
        assertTrue(spinWhole > 0, "two CPUs contend for the pipe's mutex");
        assertTrue(spinPart < spinWhole / 2, "a quarter of the operation under the mutex spins less: " + spinPart
                + " against " + spinWhole + " cycles");
        assertTrue(part.rate("ops") > whole.rate("ops"), "less serialised, more operations: " + part.rate("ops")
                + " against " + whole.rate("ops"));
    }

    @Test
    void noUnlockedPartIsTheWholeOperationUnderTheMutex() {
        long op = SMP2.costs().cycles(CostKey.CHANNEL_OP);
        assertEquals(0, SMP2.costs().cycles(CostKey.PIPE_UNLOCKED), "the built-in profiles keep the whole operation"
                + " under the mutex");
        SimResult more = pingSelf(SMP2.withCost(CostKey.PIPE_UNLOCKED, 10 * op, "test: more than the operation"));
        SimResult all = pingSelf(SMP2.withCost(CostKey.PIPE_UNLOCKED, op, "test: all of it"));
        assertEquals(all.rate("ops"), more.rate("ops"), "PIPE_UNLOCKED beyond CHANNEL_OP is CHANNEL_OP");
    }
}
