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
 * profile-host's {@code halted_ipi_latency}: the pipe ping-pong between threads pinned to CPU 0 and another CPU,
 * each wakeup an IPI to a CPU halted a few us. The key is found by bisection on the simulated ping-pong
 * ({@link SimInversion#solve}), not as half the difference to a simulation at its floor: the round trip does not
 * grow by twice the latency (on 6 December 2026's profile, 11.5 us at 1 ns, 21.4 us at 2 us, 32.1 us at 7 us),
 * because the sender's own way to its halt and the target's exit overlap the flight of the IPI, and an answer that
 * reaches a CPU before it halts is taken at its halt (CpuDriver.haltWithIpiOnItsWay).
 */
final class HaltedIpi {

    private final ProbeRuns runs;
    private final SimInversion sim;
    private final List<HostProfile.Setting> settings;
    private final List<String> notes;

    HaltedIpi(ProbeRuns runs, SimInversion sim, List<HostProfile.Setting> settings, List<String> notes) {
        this.runs = runs;
        this.sim = sim;
        this.settings = settings;
        this.notes = notes;
    }

    /** Measures and derives the key against CPU {@code otherCpu}. */
    void derive(int otherCpu) {
        derive(otherCpu, 1);
    }

    /**
     * Measures and derives the key against CPU {@code otherCpu} with 1/{@code scale} of the round trips (a case's
     * state, {@link CostDerivation#drifting}: the cross-vCPU wakeup has a fast and a slow mode minutes apart).
     */
    void derive(int otherCpu, int scale) {
        Measured m = runs.probe("halted_ipi_latency", "pipe_rtt_ns", "pipe", "0", Integer.toString(otherCpu),
                Integer.toString(100_000 / scale));
        if (m == null) {
            return;
        }
        String workload = ProbeWorkloads.pingPong(0, otherCpu);
        long v;
        try {
            v = sim.solve(settings, CostKey.HALTED_IPI_LATENCY, m.median(), Math.round(m.median() / 2), workload,
                    "ops");
        } catch (HostException e) {
            notes.add("halted_ipi_latency: " + e.getMessage());
            return;
        }
        CostSettings.put(settings, CostSettings.setting(CostKey.HALTED_IPI_LATENCY, v, m, "median ns per round"
                + " trip of a pipe ping-pong between threads pinned to CPUs 0 and " + otherCpu + ": each wakeup sends"
                + " an IPI to the other CPU, halted a few us; the key is the latency at which the simulated ping-pong"
                + " takes as long (bisection between 1 ns and half the round trip)"));
    }
}
