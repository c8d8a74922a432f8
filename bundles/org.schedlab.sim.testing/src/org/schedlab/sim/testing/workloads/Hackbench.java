package org.schedlab.sim.testing.workloads;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * hackbench (kernel-models.md section 5): {@code groups} groups of {@code fanout} senders and
 * {@code fanout} receivers; every receiver owns one socket; each sender writes {@code loops} times one
 * 100-byte message to each receiver of its group, then exits; each receiver reads
 * {@code fanout * loops} messages, then exits. The score is the elapsed time until every task has
 * exited; each message read adds one to {@value #MESSAGES}.
 *
 * @param groups         groups (10 by default)
 * @param fanout         senders and receivers per group (20)
 * @param loops          messages per sender per receiver (100)
 * @param socketMessages messages a receiver's socket buffers before senders block [U]
 * @param messageNs      user time to build or consume one message, ns [U]
 * @param threads        threads of one process (hackbench -T) instead of processes
 */
public record Hackbench(int groups, int fanout, int loops, int socketMessages, long messageNs, boolean threads) {

    /** Counter of messages read. */
    public static final String MESSAGES = "messages";

    /** hackbench 10 (process mode, sockets): 10 groups of 20 + 20, 100 loops. */
    public static final Hackbench DEFAULT = new Hackbench(10, 20, 100, 1024, 500, false);

    public Hackbench {
        if (groups < 1 || fanout < 1 || loops < 1 || socketMessages < 1 || messageNs < 0) {
            throw new IllegalArgumentException("hackbench parameters must be positive");
        }
    }

    /** @return the total messages a full run delivers */
    public long totalMessages() {
        return (long) groups * fanout * fanout * loops;
    }

    /** @return the workload: per group, "hb-gN-recv-R" receivers and one "hb-gN-send" group of senders */
    public Workload workload() {
        List<ThreadGroup> out = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            List<Action> writeRound = new ArrayList<>();
            for (int r = 0; r < fanout; r++) {
                Channel socket = new Channel("hb-g" + g + "-r" + r, socketMessages, true);
                writeRound.add(Action.Compute.ns(messageNs));
                writeRound.add(new Action.Send(socket));
                Program receiver = Program.of("hackbench-recv", new Action.Loop(fanout * loops, List.of(
                        new Action.Recv(socket),
                        Action.Compute.ns(messageNs),
                        new Action.Count(MESSAGES, 1))));
                out.add(group("hb-g" + g + "-recv-" + r, 1, receiver));
            }
            Program sender = Program.of("hackbench-send", new Action.Loop(loops, writeRound));
            out.add(group("hb-g" + g + "-send", fanout, sender));
        }
        return new Workload("hackbench " + groups + (threads ? " threads" : " processes"), out);
    }

    private ThreadGroup group(String name, int count, Program p) {
        return threads ? ThreadGroup.threads(name, count, p) : ThreadGroup.processes(name, count, p);
    }
}
