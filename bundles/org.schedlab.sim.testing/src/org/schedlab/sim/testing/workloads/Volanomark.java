package org.schedlab.sim.testing.workloads;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.BarrierPoint;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.UserLock;
import org.schedlab.sim.workload.Workload;

/**
 * VolanoMark loopback (kernel-models.md section 5; seeds 000 and 004): a chat
 * server JVM and a client JVM on one machine. R rooms of U users; one
 * connection per user with four threads: client sender, server receiver,
 * server sender, client receiver. A client sends a message; the server
 * receiver works on it holding the room's monitor, releases it and puts the
 * message on the output queues of the room's other U-1 connections; each
 * server sender takes the monitor to dequeue it and writes it to its client,
 * whose receiver counts it. Score: {@value #MESSAGES} per second. (The fan-out
 * happens outside the monitor: the queues are bounded here, and a receiver
 * blocking on a full queue while holding the monitor would deadlock.)
 *
 * <p>The JVM monitor is a {@link UserLock} per room taken with the JVM's
 * spin-then-yield-then-block protocol ({@link Params#monitorSpins()},
 * {@link Params#monitorYields()}). Each JVM is one process whose threads are
 * created by clone(CLONE_VM) from its main thread, as LinuxThreads does; every
 * thread waits at a start barrier until all connections exist (VolanoMark
 * connects every user before the first message). Every thread ends after its
 * share of the messages (a sender its M, a receiver the M x (U-1) of the others
 * in its room) and each main thread joins its threads, so a run given enough
 * time ends with the last delivery and the rate is VolanoMark's score over the
 * whole test, its uneven end included; a shorter run measures the steady state.
 *
 * <p>The user work per step is not published [U]: the defaults put about
 * 48,000 cycles of user work per delivered message, which with the kernel
 * paths is about the 63,500 cycles per message that seed 000's 11,022
 * messages/s on one PIII 700 leave.
 */
public final class Volanomark {
    /** Messages delivered to clients. */
    public static final String MESSAGES = "messages";

    /**
     * @param rooms              R (10/100 means 10 rooms)
     * @param usersPerRoom       U (20)
     * @param messages           M messages each client sends (100)
     * @param monitorSpins       spin iterations on a held monitor before yielding [U]
     * @param monitorYields      sched_yield calls before blocking [U]
     * @param clientSendCycles   client work per message sent [U]
     * @param serverReceiveCycles server receiver work per message, under the room monitor [U]
     * @param dequeueCycles      server sender work under the room monitor [U]
     * @param serverSendCycles   server sender work per message outside the monitor [U]
     * @param clientReceiveCycles client receiver work per message [U]
     * @param socketCapacity     messages a server-to-client socket buffers before the writer blocks
     * @param queueCapacity      messages a connection's in-JVM output queue holds before the room's
     *                           receiver waits for it to drain [U]
     * @param clientWindow       messages a client may have in flight to the server before its sender blocks [U]:
     *                           VolanoMark clients are paced by the server, not free-running
     */
    public record Params(int rooms, int usersPerRoom, int messages, int monitorSpins, int monitorYields,
                         long clientSendCycles, long serverReceiveCycles, long dequeueCycles,
                         long serverSendCycles, long clientReceiveCycles, int socketCapacity,
                         int queueCapacity, int clientWindow) {
        /** VolanoMark 10/100 with the defaults. */
        public static Params standard() {
            return new Params(10, 20, 100, 50, 20, 20_000, 10_000, 2_000, 20_000, 25_000, 64, 4, 1);
        }

        /** VolanoMark R/M with U users per room and the given JVM monitor protocol; other fields default. */
        public static Params of(int rooms, int usersPerRoom, int messages, int monitorSpins, int monitorYields) {
            Params d = standard();
            return new Params(rooms, usersPerRoom, messages, monitorSpins, monitorYields, d.clientSendCycles(),
                    d.serverReceiveCycles(), d.dequeueCycles(), d.serverSendCycles(), d.clientReceiveCycles(),
                    d.socketCapacity(), d.queueCapacity(), d.clientWindow());
        }

        /** This configuration with another room count. */
        public Params withRooms(int r) {
            return new Params(r, usersPerRoom, messages, monitorSpins, monitorYields, clientSendCycles,
                    serverReceiveCycles, dequeueCycles, serverSendCycles, clientReceiveCycles, socketCapacity,
                    queueCapacity, clientWindow);
        }

        /** This configuration with another monitor protocol. */
        public Params withMonitor(int spins, int yields) {
            return new Params(rooms, usersPerRoom, messages, spins, yields, clientSendCycles,
                    serverReceiveCycles, dequeueCycles, serverSendCycles, clientReceiveCycles, socketCapacity,
                    queueCapacity, clientWindow);
        }
    }

    private Volanomark() {
    }

    /** VolanoMark 10/100. */
    public static Workload workload() {
        return workload(Params.standard());
    }

    /** VolanoMark with {@code p}: two processes (server and client JVM) of 2 x R x U threads each. */
    public static Workload workload(Params p) {
        List<Action> server = new ArrayList<>();
        List<Action> client = new ArrayList<>();
        Action start = new Action.Barrier(new BarrierPoint("connected", 4 * p.rooms() * p.usersPerRoom()));
        for (int r = 0; r < p.rooms(); r++) {
            UserLock monitor = new UserLock("room" + r);
            List<Channel> toSenders = new ArrayList<>();
            for (int u = 0; u < p.usersPerRoom(); u++) toSenders.add(new Channel("r" + r + "u" + u + ".queue", p.queueCapacity(), false));
            for (int u = 0; u < p.usersPerRoom(); u++) {
                Channel up = new Channel("r" + r + "u" + u + ".c2s", p.clientWindow(), false);
                Channel down = socket("r" + r + "u" + u + ".s2c", p);
                List<Channel> others = new ArrayList<>(toSenders);
                others.remove(u);
                int othersMessages = p.messages() * (p.usersPerRoom() - 1);
                server.add(thread(Program.of("srv-recv", start, new Action.Loop(p.messages(), List.of(
                        new Action.Recv(up),
                        new Action.SpinLock(monitor, p.monitorSpins(), p.monitorYields()),
                        Action.Compute.cycles(p.serverReceiveCycles()),
                        new Action.SpinUnlock(monitor),
                        new Action.Broadcast(others))))));
                server.add(thread(Program.of("srv-send", start, new Action.Loop(othersMessages, List.of(
                        new Action.Recv(toSenders.get(u)),
                        new Action.SpinLock(monitor, p.monitorSpins(), p.monitorYields()),
                        Action.Compute.cycles(p.dequeueCycles()),
                        new Action.SpinUnlock(monitor),
                        Action.Compute.cycles(p.serverSendCycles()),
                        new Action.Send(down))))));
                client.add(thread(Program.of("cli-send", start, new Action.Loop(p.messages(), List.of(
                        Action.Compute.cycles(p.clientSendCycles()),
                        new Action.Send(up))))));
                client.add(thread(Program.of("cli-recv", start, new Action.Loop(othersMessages, List.of(
                        new Action.Recv(down),
                        Action.Compute.cycles(p.clientReceiveCycles()),
                        new Action.Count(MESSAGES, 1))))));
            }
        }
        join(server);
        join(client);
        return Workload.of("VolanoMark " + p.rooms() + "/" + p.messages(),
                ThreadGroup.processes("server-jvm", 1, new Program("server-jvm", server)),
                ThreadGroup.processes("client-jvm", 1, new Program("client-jvm", client)));
    }

    private static Channel socket(String name, Params p) {
        return new Channel(name, p.socketCapacity(), false); // TCP loopback: plain wake_up_interruptible
    }

    private static Action thread(Program body) {
        return new Action.Fork(body, true);
    }

    /** The JVM's main thread joins every thread it started (one wait each), then exits. */
    private static void join(List<Action> jvm) {
        for (int i = jvm.size(); i > 0; i--) {
            jvm.add(new Action.Wait());
        }
    }
}
