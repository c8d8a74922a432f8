package org.schedlab.engine.o1.tests;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.sim.workload.Action.Broadcast;
import org.schedlab.sim.workload.Action.Compute;
import org.schedlab.sim.workload.Action.Count;
import org.schedlab.sim.workload.Action.Loop;
import org.schedlab.sim.workload.Action.Recv;
import org.schedlab.sim.workload.Action.Send;
import org.schedlab.sim.workload.Action.SpinLock;
import org.schedlab.sim.workload.Action.SpinUnlock;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.UserLock;
import org.schedlab.sim.workload.Workload;

/**
 * A second, private VolanoMark model for seed 004, beside the shared
 * org.schedlab.sim.testing.workloads.Volanomark: clients take turns, so the
 * room count sets how much idle time there is, which is what the suppressed
 * IPIs of seed 004 feed on (Seed004ReproductionTest uses it to show that);
 * shape per kernel-models.md section 5. Every amount is a workload
 * parameter, not a cost constant, and is chosen once here (marked [U]).
 *
 * <p>TCP over loopback in 2.6.15 wakes the reader with a plain (not sync)
 * wake_up_interruptible from sock_def_readable [I], so the channels here are
 * not sync. Departure: the
 * workload API gives each thread group its own mm, so the VolanoMark threads of
 * one JVM do not share an address space here (MM_SWITCH is charged between them).
 */
final class Seed004Workloads {
    /** Counter incremented per VolanoMark message delivered to a client. */
    static final String MESSAGES = "messages";

    /** VolanoMark per-message work of a thread (parse, format, socket copy) [U]. */
    static final long VOLANO_WORK_CYCLES = 6_000;
    /** Java monitor: spin iterations before yielding, yields before blocking [U]. */
    static final int MONITOR_SPINS = 50;
    static final int MONITOR_YIELDS = 20;

    private Seed004Workloads() {
    }

    /**
     * VolanoMark loopback: {@code rooms} rooms of {@code users} users, four
     * threads per connection (client sender, client receiver, server receiver,
     * server sender). Clients take turns (VolanoMark's own description [U]): user
     * u's client sender sends when it has the turn; user u's server receiver
     * takes the room's monitor (spin, yield, block), hands the message to the
     * room's other server senders, each of which writes it to its client's
     * receiver, and passes the turn to user u+1. Score: messages delivered per
     * second.
     */
    static Workload volanomark(int rooms, int users) {
        List<ThreadGroup> groups = new ArrayList<>();
        for (int r = 0; r < rooms; r++) {
            UserLock monitor = new UserLock("room-" + r);
            List<Channel> toSenders = new ArrayList<>();
            List<Channel> turns = new ArrayList<>();
            for (int u = 0; u < users; u++) {
                toSenders.add(new Channel("r" + r + "-fanout-" + u, 64, false));
                turns.add(new Channel("r" + r + "-turn-" + u, 1, false));
            }
            for (int u = 0; u < users; u++) {
                String id = "r" + r + "u" + u;
                Channel up = new Channel(id + "-c2s", 4, false);
                Channel down = new Channel(id + "-s2c", 64, false);
                Loop sendLoop = Loop.forever(new Recv(turns.get(u)), Compute.cycles(VOLANO_WORK_CYCLES), new Send(up));
                Program clientSender = u == 0
                        ? Program.of("client-sender", Compute.cycles(VOLANO_WORK_CYCLES), new Send(up), sendLoop)
                        : Program.of("client-sender", sendLoop);
                groups.add(ThreadGroup.threads("client-sender-" + id, 1, clientSender));
                groups.add(ThreadGroup.threads("client-receiver-" + id, 1, Program.of("client-receiver",
                        Loop.forever(new Recv(down), Compute.cycles(VOLANO_WORK_CYCLES), new Count(MESSAGES, 1)))));
                List<Channel> others = new ArrayList<>(toSenders);
                others.remove(u);
                groups.add(ThreadGroup.threads("server-receiver-" + id, 1, Program.of("server-receiver",
                        Loop.forever(new Recv(up), Compute.cycles(VOLANO_WORK_CYCLES),
                                new SpinLock(monitor, MONITOR_SPINS, MONITOR_YIELDS),
                                new Broadcast(others), new SpinUnlock(monitor),
                                new Send(turns.get((u + 1) % users))))));
                groups.add(ThreadGroup.threads("server-sender-" + id, 1, Program.of("server-sender",
                        Loop.forever(new Recv(toSenders.get(u)), Compute.cycles(VOLANO_WORK_CYCLES),
                                new Send(down)))));
            }
        }
        return new Workload("volanomark-" + rooms + "x" + users, groups);
    }
}
