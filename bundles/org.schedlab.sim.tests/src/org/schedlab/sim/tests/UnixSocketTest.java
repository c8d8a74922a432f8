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

/** AF_UNIX stream sockets: unix_writable's wakeup of blocked writers and each message's skb in the memory model. */
class UnixSocketTest {
    private static final MachineProfile SMP2 = MachineProfile.piii700().withCpus(2);

    private static Workload pair(Channel ch, long producerNs, long consumerNs) {
        return Workload.of("pc",
                ThreadGroup.processes("producer", 1, Program.of("p", Action.Loop.forever(
                        Action.Compute.ns(producerNs), new Action.Send(ch), new Action.Count("sent", 1)))),
                ThreadGroup.processes("consumer", 1, Program.of("c", Action.Loop.forever(
                        new Action.Recv(ch), Action.Compute.ns(consumerNs), new Action.Count("received", 1)))));
    }

    private static long producerBlocks(SimResult r) {
        return r.metrics().tasks().stream().filter(t -> t.counter("sent") > 0).mapToLong(t -> t.voluntarySwitches())
                .sum();
    }

    @Test
    void aBlockedWriterWakesOnlyWhenTheQueueHasDrainedToAQuarter() {
        MachineProfile off = SMP2.withMemory(SMP2.memory().withEnabled(false));
        SimResult plain = Sims.rr(off, pair(new Channel("s", 8, true, Channel.Kind.SOCKET), Time.us(10),
                Time.us(100)), Time.s(1));
        SimResult unix = Sims.rr(off, pair(Channel.unixSocket("s", 8, true, 100), Time.us(10), Time.us(100)),
                Time.s(1));
        long received = unix.metrics().counters().get("received");
        assertTrue(received > 8_000, "received " + received);
        assertTrue(producerBlocks(plain) > 0.9 * plain.metrics().counters().get("received"),
                "a plain socket wakes its writer at every freed slot: " + producerBlocks(plain));
        // 8 queued, woken at 2: six messages a block
        long blocks = producerBlocks(unix);
        assertTrue(blocks > received / 7 && blocks < received / 5, blocks + " blocks for " + received + " messages");
    }

    @Test
    void aMessageWrittenOnOneCpuIsTransferredToTheReadersCache() {
        SimResult plain = Sims.rr(SMP2, pair(new Channel("s", 8, true, Channel.Kind.SOCKET), Time.us(10),
                Time.us(10)), Time.s(1));
        SimResult unix = Sims.rr(SMP2, pair(Channel.unixSocket("s", 8, true, 100), Time.us(10), Time.us(10)),
                Time.s(1));
        long messages = unix.metrics().counters().get("received");
        long extra = unix.metrics().engineCounters().get("cache_transfers")
                - plain.metrics().engineCounters().get("cache_transfers") * messages
                        / plain.metrics().counters().get("received");
        // per message: the skb's head and data read by the other CPU, the queue's and sk_wmem_alloc's lines both
        // ways, the freed skb taken back by the writer
        assertTrue(extra > 3 * messages, extra + " more line transfers for " + messages + " messages");
        assertTrue(messages < plain.metrics().counters().get("received"), "the transfers cost time");
    }

    /** The producer and consumer of {@link #pair} pinned to CPUs {@code p} and {@code c}. */
    private static Workload pinned(Channel ch, int p, int c) {
        Workload w = pair(ch, Time.us(10), Time.us(10));
        return Workload.of("pc", w.groups().get(0).withCpus(java.util.Set.of(p)), w.groups().get(1).withCpus(
                java.util.Set.of(c)));
    }

    @Test
    void aMessageReadOnAnotherCpuCostsItsReaderSocketRemote() {
        MachineProfile dear = SMP2.withCost(org.schedlab.sim.machine.CostKey.SOCKET_REMOTE, 7_000, "test: 10 us");
        Channel ch = Channel.unixSocket("s", 8, true, 100);
        long cross = Sims.rr(SMP2, pinned(ch, 0, 1), Time.s(1)).metrics().counters().get("received");
        long crossDear = Sims.rr(dear, pinned(ch, 0, 1), Time.s(1)).metrics().counters().get("received");
        long same = Sims.rr(SMP2, pinned(ch, 0, 0), Time.s(1)).metrics().counters().get("received");
        long sameDear = Sims.rr(dear, pinned(ch, 0, 0), Time.s(1)).metrics().counters().get("received");
        assertEquals(same, sameDear, "a message read on the CPU that wrote it pays nothing more");
        // the reader pays 10 us more a message on top of its 10 us of work: about half as many
        assertTrue(crossDear < 0.6 * cross && crossDear > 0.35 * cross, crossDear + " against " + cross);
    }

    @Test
    void aUnixSocketNeedsAPositiveCapacityAndSize() {
        assertThrows(IllegalArgumentException.class, () -> Channel.unixSocket("s", 0, true, 100));
        assertThrows(IllegalArgumentException.class, () -> Channel.unixSocket("s", 4, true, -1));
        Channel c = Channel.unixSocket("s", 4, true, 0);
        assertTrue(c.unix());
        assertEquals(Channel.Kind.SOCKET, c.kind());
    }
}
