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
 * A packet-mode pipe (pipe2 with O_DIRECT): a write that queues a message also pays PIPE_PACKET_WRITE (a new page)
 * unless the pipe kept a page of an earlier read for it, a read that takes one PIPE_PACKET_READ (the page's
 * release) unless the pipe keeps the page (it keeps two, pipe->tmp_page since Linux 6.15); an attempt that finds the
 * pipe full or empty pays neither.
 */
class PacketPipeTest {
    private static final long WRITE = 700;
    private static final long READ = 900;
    private static final MachineProfile UP = MachineProfile.piii700().withCost(CostKey.PIPE_PACKET_WRITE, WRITE,
            "test").withCost(CostKey.PIPE_PACKET_READ, READ, "test");

    /** One process writing a message to its own pipe and reading it back, for ever. */
    private static SimResult selfPipe(Channel pipe) {
        Program p = Program.of("rw", Action.Loop.forever(new Action.Send(pipe), new Action.Recv(pipe),
                new Action.Count("ops", 1)));
        return Sims.rr(UP, Workload.of("rw", ThreadGroup.processes("rw", 1, p)), Time.ms(50));
    }

    private static double ipcPerOp(SimResult r) {
        return (double) r.metrics().cycles(SchedFn.IPC) / r.metrics().counters().get("ops");
    }

    /** One process writing {@code batch} messages to its own pipe and reading them back, for ever. */
    private static SimResult batches(Channel pipe, int batch) {
        Action writes = new Action.Loop(batch, java.util.List.of(new Action.Send(pipe)));
        Action reads = new Action.Loop(batch, java.util.List.of(new Action.Recv(pipe), new Action.Count("ops", 1)));
        Program p = Program.of("rw", Action.Loop.forever(writes, reads));
        return Sims.rr(UP, Workload.of("rw", ThreadGroup.processes("rw", 1, p)), Time.ms(50));
    }

    @Test
    void aBatchOfSixteenAllocatesFourteenPagesAndFreesFourteen() {
        SimResult plain = batches(new Channel("fifo", 16, true, Channel.Kind.PIPE), 16);
        SimResult packet = batches(Channel.packetPipe("fifo", 16, true), 16);
        assertTrue(packet.rate("ops") < plain.rate("ops"), "a page a message is slower");
        assertEquals(14.0 / 16 * (WRITE + READ), ipcPerOp(packet) - ipcPerOp(plain), 2.0, "the first two writes"
                + " of a batch take the pages the first two reads of the one before left; the other 14 allocate, and"
                + " 14 reads free theirs");
        assertEquals(2.0 * UP.costs().cycles(CostKey.CHANNEL_OP), ipcPerOp(plain), 1.0, "a plain pipe: its two"
                + " operations");
    }

    @Test
    void aPipeThatNeverHoldsMoreThanOneMessageReusesItsPage() {
        SimResult plain = selfPipe(new Channel("fifo", 16, true, Channel.Kind.PIPE));
        SimResult packet = selfPipe(Channel.packetPipe("fifo", 16, true));
        assertEquals(0, ipcPerOp(packet) - ipcPerOp(plain), 1.0, "each write takes the page the read before kept");
    }

    @Test
    void aWriteThatFindsThePipeFullTakesNoPage() {
        Channel pipe = Channel.packetPipe("fifo", 2, true);
        Program w = Program.of("w", Action.Loop.forever(new Action.Send(pipe)));
        SimResult r = Sims.rr(UP, Workload.of("w", ThreadGroup.processes("w", 1, w)), Time.ms(10));
        long op = UP.costs().cycles(CostKey.CHANNEL_OP);
        assertEquals(3 * op + 2 * WRITE, r.metrics().cycles(SchedFn.IPC), "two messages queued, the third write"
                + " blocks on the full pipe");
        assertTrue(pipe.packet() && pipe.kind() == Channel.Kind.PIPE && !new Channel("q", 2, true).packet());
    }
}
