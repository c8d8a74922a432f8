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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** {@code recv ch within T}: a wait for a message that gives up after T, and one that a message ends first. */
class TimedRecvTest {
    private static final MachineProfile SMP2 = MachineProfile.piii700().withCpus(2);

    /** A reader that waits at most {@code withinNs} for each message of a writer sending every {@code everyNs}. */
    private static SimResult run(Channel ch, long everyNs, long withinNs) {
        Workload w = Workload.of("timed",
                ThreadGroup.processes("writer", 1, Program.of("w", Action.Loop.forever(Action.Compute.ns(Time.us(5)),
                        new Action.Send(ch), new Action.Count("sent", 1), new Action.Sleep(
                                org.schedlab.sim.workload.Distribution.constant(everyNs))))),
                ThreadGroup.processes("reader", 1, Program.of("r", Action.Loop.forever(new Action.Recv(ch, withinNs),
                        new Action.Count("looks", 1)))));
        return Sims.rr(SMP2, w, Time.ms(100));
    }

    @Test
    void aWaitThatRunsOutGoesOnWithoutAMessage() {
        SimResult r = run(new Channel("c", 100, false), Time.ms(10), Time.ms(1));
        long sent = r.metrics().counters().get("sent");
        long looks = r.metrics().counters().get("looks");
        // a message every 10 ms, a look at least every 1 ms (plus the timer's slack and delivery)
        assertTrue(sent >= 9 && sent <= 11, "sent " + sent);
        assertTrue(looks > 5 * sent && looks < 11 * sent, looks + " looks for " + sent + " messages");
    }

    @Test
    void aMessageEndsTheWaitAndTakesTheTimerBack() {
        SimResult timed = run(new Channel("c", 100, false), Time.us(100), Time.ms(50));
        SimResult plain = run(new Channel("c", 100, false), Time.us(100), 0);
        long sent = timed.metrics().counters().get("sent");
        assertTrue(sent > 500, "sent " + sent);
        assertEquals(plain.metrics().counters().get("looks"), timed.metrics().counters().get("looks"),
                "every look got a message, as without a limit: no timer fired");
    }

    @Test
    void aLimitMustNotBeNegative() {
        assertThrows(IllegalArgumentException.class, () -> new Action.Recv(new Channel("c", 1, false), -1));
    }
}
