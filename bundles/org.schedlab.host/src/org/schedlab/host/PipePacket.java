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
 * pipe_packet_write and pipe_packet_read: what a write and a read cost more on a packet-mode pipe (pipe2 with
 * O_DIRECT, as stress-ng --pipe makes) than on a plain one. {@code hostprobe packet 16 ITER} writes batches of 16
 * 512-byte messages on CPU 0 and reads them back, over each kind of pipe in turn, and prints the medians of the
 * differences per write and per read: in packet mode each message takes a page of its own (alloc_page and the memory
 * cgroup's charge in pipe_write, put_page and the uncharge in pipe_read) where a plain pipe's messages share one.
 * The pipe keeps the pages of the batch's first two reads (pipe->tmp_page, two since Linux 6.15), and the next
 * batch's first two writes take them: so 14 writes of a batch allocate and 14 reads free, and each key is the
 * median difference times 16 / 14, the cost of a write that allocates and of a read that frees, which is what the
 * simulation charges (a write that finds a kept page and a read whose page is kept pay nothing more). Otherwise
 * plain arithmetic: the simulation charges a pipe's operation the same whatever its size, so nothing of the
 * difference is in the model already.
 */
final class PipePacket {
    /** Messages a batch: what a 64 KB packet-mode pipe holds. */
    private static final int BATCH = 16;
    /** Pages the pipe keeps for reuse, as the simulation does (ChannelOps.PIPE_SPARE_PAGES; fs/pipe.c since 6.15). */
    private static final int SPARE = 2;

    private PipePacket() {
    }

    /** Measures both keys with 1/{@code scale} of the probe's 20,000 batches, into {@code settings}. */
    static void derive(ProbeRuns runs, List<HostProfile.Setting> settings, double mhz, int scale) {
        List<Measured> m = runs.probe("pipe_packet_write and pipe_packet_read", List.of("packet_write_ns",
                "packet_read_ns"), "packet", Integer.toString(BATCH), Integer.toString(20000 / scale));
        if (m == null) {
            return;
        }
        double perPage = BATCH / (double) (BATCH - SPARE);
        String how = " more on a pipe made with pipe2(O_DIRECT) than on a plain one, one thread on CPU 0, batches of "
                + BATCH + " 512-byte messages (a page each), times " + BATCH + " / " + (BATCH - SPARE)
                + " (the pipe keeps " + SPARE + " pages for reuse), x clock";
        CostSettings.put(settings, CostSettings.setting(CostKey.PIPE_PACKET_WRITE,
                CostSettings.cycles(m.get(0).median() * perPage, mhz), m.get(0), "median ns a write takes" + how));
        CostSettings.put(settings, CostSettings.setting(CostKey.PIPE_PACKET_READ,
                CostSettings.cycles(m.get(1).median() * perPage, mhz), m.get(1), "median ns a read takes" + how));
    }
}
