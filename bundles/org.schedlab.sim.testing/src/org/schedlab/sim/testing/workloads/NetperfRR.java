package org.schedlab.sim.testing.workloads;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * netperf TCP_RR (kernel-models.md section 5): each client sends a one-byte request and blocks in
 * recv until its server's response arrives; each server blocks in recv, computes, and answers. One
 * wakeup per side per transaction, cross-CPU when the two sit on different CPUs. Every completed
 * transaction adds one to the counter {@value #TRANSACTIONS}.
 * <p>
 * Parameters are the fixture's, not the cost model's: {@code clientNs} and {@code serverNs} stand for
 * the user time and the TCP/IP loopback path outside the modelled system calls, and are the knob that
 * sets the transaction (and context switch) rate. Sockets are channels of capacity 1 request in flight
 * with sync wakeups ({@code sock_def_readable} wakes with the sync hint in 2.6).
 *
 * @param pairs    client/server pairs (netperf instances)
 * @param clientNs user and protocol time of the client per transaction, ns
 * @param serverNs user and protocol time of the server per transaction, ns
 * @param sync     wake the receiver with the sync hint
 */
public record NetperfRR(int pairs, long clientNs, long serverNs, boolean sync) {

    /** Counter of completed request/response transactions. */
    public static final String TRANSACTIONS = "transactions";

    /**
     * The seed 002 setting on {@code p4-3000-ht}: one pair with 19.5 us of client and 19.5 us of server
     * work per transaction, chosen (fixture tuning, not cost tuning) so that the simulated run does about
     * 85,000 context switches per second as in Mike Galbraith's test (measured with the CFS engine,
     * 2.6.24: 85,100 per second, 4 switches per transaction with the pair on the two HT siblings).
     */
    public static final NetperfRR SEED_002 = new NetperfRR(1, 19_500, 19_500, true);

    public NetperfRR {
        if (pairs < 1 || clientNs < 0 || serverNs < 0) {
            throw new IllegalArgumentException("need pairs >= 1 and non-negative work");
        }
    }

    /** @return this setting with other per-transaction work */
    public NetperfRR withWork(long newClientNs, long newServerNs) {
        return new NetperfRR(pairs, newClientNs, newServerNs, sync);
    }

    /** @return the workload: groups "netperf" (clients) and "netserver" (servers), one per pair each */
    public Workload workload() {
        List<ThreadGroup> groups = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            Channel request = new Channel("rr-request-" + i, 1, sync);
            Channel response = new Channel("rr-response-" + i, 1, sync);
            Program client = Program.of("netperf", Action.Loop.forever(
                    Action.Compute.ns(clientNs),
                    new Action.Send(request),
                    new Action.Recv(response),
                    new Action.Count(TRANSACTIONS, 1)));
            Program server = Program.of("netserver", Action.Loop.forever(
                    new Action.Recv(request),
                    Action.Compute.ns(serverNs),
                    new Action.Send(response)));
            groups.add(ThreadGroup.processes("netperf" + suffix(i), 1, client));
            groups.add(ThreadGroup.processes("netserver" + suffix(i), 1, server));
        }
        return new Workload("netperf TCP_RR x" + pairs, groups);
    }

    private String suffix(int i) {
        return pairs == 1 ? "" : "-" + i;
    }
}
