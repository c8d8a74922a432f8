/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.List;

import org.schedlab.host.ProbeRuns.Measured;
import org.schedlab.sim.machine.CostKey;

/**
 * socket_remote: what an AF_UNIX stream message costs more when it is read, and its skb freed, on another CPU than
 * the one that wrote it. {@code hostprobe xsock 16 ITER} writes batches of 16 100-byte messages on CPU 0 that a
 * thread on CPU 1 reads (spinning between batches: no sleep, no wakeup), then writes and reads the same on CPU 0
 * alone, and prints the difference per message. The memory model already charges the cross-CPU message its line
 * transfers (the skb's, the socket's queue and sk_wmem_alloc); that part is taken out as the model charges it: the
 * same batches simulated with socket_remote at 0, the reader on CPU 1 handed each batch by a wakeup flag, less the
 * same handoff without messages, less the batches written and read on one CPU. The rest is the key (the slab's
 * remote free, the memory cgroup's uncharge on the reader's stock and the allocator's slow path the writer is left
 * with: no line of the model stands for them).
 */
final class RemoteSocket {
    /** Messages a batch: what a socket holds before its writer would block is far more (sk_sndbuf). */
    private static final int BATCH = 16;

    private final ProbeRuns runs;
    private final SimInversion sim;
    private final List<HostProfile.Setting> settings;
    private final List<String> notes;
    private final double mhz;

    RemoteSocket(ProbeRuns runs, SimInversion sim, List<HostProfile.Setting> settings, List<String> notes,
            double mhz) {
        this.runs = runs;
        this.sim = sim;
        this.settings = settings;
        this.notes = notes;
        this.mhz = mhz;
    }

    /** Measures the key with 1/{@code scale} of the probe's 20,000 batches. */
    void derive(int scale) {
        Measured m = runs.probe("socket_remote", "xsock_extra_ns", "xsock", Integer.toString(BATCH),
                Integer.toString(20000 / scale));
        if (m == null) {
            return;
        }
        double cross;
        double handoff;
        double same;
        List<CostKey> zero = List.of(CostKey.SOCKET_REMOTE);
        try {
            cross = sim.simulate(settings, zero, workload(BATCH, true), "ops");
            handoff = sim.simulate(settings, zero, workload(0, true), "ops");
            same = sim.simulate(settings, zero, workload(BATCH, false), "ops");
        } catch (HostException e) {
            notes.add("socket_remote: " + e.getMessage());
            return;
        }
        double model = cross - handoff / BATCH - same;
        long v = CostSettings.cycles(m.median() - model, mhz);
        CostSettings.put(settings, CostSettings.setting(CostKey.SOCKET_REMOTE, v, m, "median ns a message costs"
                + " more written on CPU 0 and read on CPU 1 than written and read on CPU 0, less the memory model's"
                + " own difference (the batches simulated with socket_remote = 0: " + ProbeRuns.fmt(cross) + " ns a"
                + " message across, the handoff alone " + ProbeRuns.fmt(handoff) + " ns a batch, "
                + ProbeRuns.fmt(same) + " ns on one CPU: " + ProbeRuns.fmt(model) + " ns), x clock"));
    }

    /**
     * @param k      messages a batch (0: the handoff alone, one op a batch)
     * @param across the reader on CPU 1, handed each batch by a flag; else one thread writes and reads them
     */
    static String workload(int k, boolean across) {
        String sock = "\tchannel msgs unix socket capacity 277 message 100 B\n";
        String count = "\t\t\tcount ops" + (k > 1 ? " by " + k : "") + "\n";
        if (!across) {
            return "workload probe_workload {\n" + sock + "\tthreads w cpus 0 in xsock {\n\t\tloop forever {\n"
                    + "\t\t\tloop " + k + " {\n\t\t\t\tsend msgs\n\t\t\t}\n\t\t\tloop " + k
                    + " {\n\t\t\t\trecv msgs\n\t\t\t}\n" + count + "\t\t}\n\t}\n}";
        }
        String send = k == 0 ? "" : "\t\t\tloop " + k + " {\n\t\t\t\tsend msgs\n\t\t\t}\n";
        String recv = k == 0 ? "" : "\t\t\tloop " + k + " {\n\t\t\t\trecv msgs\n\t\t\t}\n";
        return "workload probe_workload {\n" + sock + "\tchannel a flag\n\tchannel b flag\n"
                + "\tthreads w cpus 0 in xsock {\n\t\tloop forever {\n" + send + "\t\t\tsend a\n\t\t\trecv b\n"
                + "\t\t}\n\t}\n\tthreads r cpus 1 in xsock {\n\t\tloop forever {\n\t\t\trecv a\n" + recv + count
                + "\t\t\tsend b\n\t\t}\n\t}\n}";
    }
}
