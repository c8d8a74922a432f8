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

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * A pipe whose message size is known: its ring's line, the pipe_buffer slot's and the message's lines in the
 * buffer's page follow the memory model (fs/pipe.c: pipe_write merges a write into the last page when it fits,
 * a packet-mode pipe gives each its own slot).
 */
class PipeLinesTest {
    private static final MachineProfile SMP2 = MachineProfile.piii700().withCpus(2);

    /** A producer pinned to CPU {@code p} and a consumer to {@code c}, 10 us of work around each message. */
    private static Workload pinned(Channel ch, int p, int c) {
        return Workload.of("pc",
                ThreadGroup.processes("producer", 1, Program.of("p", Action.Loop.forever(
                        Action.Compute.ns(Time.us(10)), new Action.Send(ch)))).withCpus(Set.of(p)),
                ThreadGroup.processes("consumer", 1, Program.of("c", Action.Loop.forever(
                        new Action.Recv(ch), Action.Compute.ns(Time.us(10)), new Action.Count("received", 1))))
                        .withCpus(Set.of(c)));
    }

    private static double transfersPerMessage(SimResult r) {
        return (double) r.metrics().engineCounters().get("cache_transfers") / r.metrics().counters().get("received");
    }

    private static long received(SimResult r) {
        return r.metrics().counters().get("received");
    }

    /** The producer and consumer of {@link #pinned} on CPUs 0 and 1 for a second, over pipe {@code ch}. */
    private static SimResult crossCpu(Channel ch) {
        return Sims.rr(SMP2, pinned(ch, 0, 1), Time.s(1));
    }

    @Test
    void aMessageWrittenOnOneCpuIsTransferredToTheReadersCache() {
        SimResult unsized = crossCpu(Channel.pipe("p", 16, true, false, 0));
        SimResult sized = crossCpu(Channel.pipe("p", 16, true, false, 100));
        // per message: the slot's line both ways and the message's lines to the reader
        assertTrue(transfersPerMessage(sized) > transfersPerMessage(unsized) + 2, transfersPerMessage(sized)
                + " line transfers a message against " + transfersPerMessage(unsized) + " without the size");
        assertTrue(received(sized) < received(unsized), "the transfers cost time");
        // the ring's head and tail line: written by the writer at each new buffer, by the reader at each release
        SimResult packet = crossCpu(Channel.pipe("p", 16, true, true, 100));
        assertTrue(transfersPerMessage(packet) > transfersPerMessage(sized) + 1, transfersPerMessage(packet)
                + " line transfers a message in packet mode (a page each) against " + transfersPerMessage(sized)
                + " merged (40 a page)");
    }

    @Test
    void aMessageReadOnTheCpuThatWroteItFindsItsLinesInCache() {
        long unsized = received(Sims.rr(SMP2, pinned(Channel.pipe("p", 16, true, false, 0), 0, 0), Time.s(1)));
        long sized = received(Sims.rr(SMP2, pinned(Channel.pipe("p", 16, true, false, 100), 0, 0), Time.s(1)));
        assertEquals(unsized, sized, unsized / 500.0, "only the pages' first writes miss");
    }

    @Test
    void aCapacityBeyondTheRingIsMergedIntoItsLastPage() {
        // 1,000 messages of 1 KB: 16 pages hold 64; a reader 10 times slower lets the writer fill the rest
        Channel ch = Channel.pipe("p", 1000, true, false, 1024);
        Workload w = Workload.of("pc",
                ThreadGroup.processes("producer", 1, Program.of("p", Action.Loop.forever(new Action.Send(ch))))
                        .withCpus(Set.of(0)),
                ThreadGroup.processes("consumer", 1, Program.of("c", Action.Loop.forever(new Action.Recv(ch),
                        Action.Compute.ns(Time.us(100)), new Action.Count("received", 1)))).withCpus(Set.of(1)));
        assertTrue(received(Sims.rr(SMP2, w, Time.ms(200))) > 1_000);
        assertThrows(IllegalArgumentException.class, () -> Channel.pipe("p", 4, true, false, -1));
    }
}
