package org.schedlab.sim.testing.workloads;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * netperf TCP_STREAM (kernel-models.md section 5): the sender writes continuously into a socket whose
 * buffer holds {@code bufferMessages} writes; the receiver is woken on data and the sender, when the
 * buffer was full, on freed space. Each received write adds one to {@value #MESSAGES}.
 *
 * @param streams        sender/receiver pairs
 * @param bufferMessages socket buffer in writes (e.g. a 16 KB buffer of 4 KB writes = 4) [U]
 * @param senderNs       user and protocol time per write on the sender, ns
 * @param receiverNs     user and protocol time per read on the receiver, ns
 */
public record NetperfStream(int streams, int bufferMessages, long senderNs, long receiverNs) {

    /** Counter of writes received. */
    public static final String MESSAGES = "messages";

    /** One stream, 16 KB socket buffer of 4 KB writes, 2 us per write and 3 us per read [U]. */
    public static final NetperfStream DEFAULT = new NetperfStream(1, 4, 2_000, 3_000);

    public NetperfStream {
        if (streams < 1 || bufferMessages < 1 || senderNs < 0 || receiverNs < 0) {
            throw new IllegalArgumentException("need streams >= 1, buffer >= 1, non-negative work");
        }
    }

    /** @return the workload: groups "stream-send" and "stream-recv" per stream */
    public Workload workload() {
        List<ThreadGroup> groups = new ArrayList<>();
        for (int i = 0; i < streams; i++) {
            Channel socket = new Channel("stream-" + i, bufferMessages, true);
            groups.add(ThreadGroup.processes("stream-send-" + i, 1, Program.of("netperf", Action.Loop.forever(
                    Action.Compute.ns(senderNs),
                    new Action.Send(socket)))));
            groups.add(ThreadGroup.processes("stream-recv-" + i, 1, Program.of("netserver", Action.Loop.forever(
                    new Action.Recv(socket),
                    Action.Compute.ns(receiverNs),
                    new Action.Count(MESSAGES, 1)))));
        }
        return new Workload("netperf TCP_STREAM x" + streams, groups);
    }
}
