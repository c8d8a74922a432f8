/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.testing;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * A machine and a workload on which the contract test runs an engine version with and without each patch: a patch
 * must change the behaviour of at least one probe. Behaviour is the schedule (the trace) and what the kernel
 * measures (switches, yields, workload counters, cycles per scheduler function, IPIs, per-CPU, per-task and per-lock
 * figures); the engine's own counters do not
 * count, so a patch that only counts its own path is still inert.
 *
 * @param name     for messages
 * @param machine  the machine
 * @param workload the workload
 */
public record PatchProbe(String name, MachineProfile machine, Workload workload) {

    /** Simulated time of one probe run. */
    public static final long RUN_NS = Time.ms(200);

    /** Schedule records compared per run. */
    public static final int TRACE_LIMIT = 100_000;

    /**
     * @return yield storms, ping-pong pairs, CPU hogs and directed yields on 1, 2 and 4 Pentium III CPUs, a
     *         ping-pong pair on two cores of each built-in machine, then random machines and workloads of
     *         {@link RandomWorkloads}
     */
    public static List<PatchProbe> defaults() {
        List<PatchProbe> probes = new ArrayList<>();
        for (int cpus : new int[] {1, 2, 4}) {
            MachineProfile m = MachineProfile.piii700().withCpus(cpus);
            probes.add(new PatchProbe("yield storm on " + cpus + " CPUs", m,
                    SmallWorkloads.yieldStorm(2 + 2 * cpus, 200_000)));
            probes.add(new PatchProbe("ping-pong on " + cpus + " CPUs", m,
                    SmallWorkloads.pingPong(cpus, Time.us(50), false)));
            probes.add(new PatchProbe("hogs on " + cpus + " CPUs", m, hogs(2 * cpus)));
            probes.add(new PatchProbe("directed yields on " + cpus + " CPUs", m,
                    SmallWorkloads.handoff(cpus, Time.us(100))));
        }
        for (MachineProfile builtIn : MachineProfile.builtIns()) { // idle loops and HT of each built-in machine
            MachineProfile m = builtIn.withCpus(2 * builtIn.threadsPerCore());
            probes.add(new PatchProbe("ping-pong on " + m.id() + " x" + m.nrCpus(), m,
                    SmallWorkloads.pingPong(1, Time.us(50), false)));
        }
        for (long seed = 1; seed <= 12; seed++) {
            RandomWorkloads gen = new RandomWorkloads(seed);
            MachineProfile m = gen.machine(8);
            probes.add(new PatchProbe("random workload " + seed + " on " + m.id() + " x" + m.nrCpus(), m,
                    gen.workload(m.nrCpus())));
        }
        return probes;
    }

    /** @return one run of {@code engine} in configuration {@code sc} on this probe, traced */
    public SimResult run(SchedulerEngine engine, SchedulerConfig sc) {
        return Simulation.run(SimConfig.builder().machine(machine).engine(engine, sc).workload(workload)
                .duration(RUN_NS).seed(17).trace(TRACE_LIMIT).build());
    }

    /** @return what two runs must share to behave the same: the schedule and the kernel's figures */
    public static Object behaviour(SimResult r) {
        return List.of(r.trace(), r.metrics().contextSwitches(), r.metrics().yieldCalls(), r.metrics().counters(),
                r.metrics().fnCycles(), r.metrics().ipisSent(), r.metrics().ipisSuppressed(), r.metrics().cpus(),
                r.metrics().tasks(), r.metrics().locks());
    }

    private static Workload hogs(int n) {
        return Workload.of("hogs", ThreadGroup.processes("hog", n, Program.of("hog",
                Action.Loop.forever(Action.Compute.ns(Time.MS), new Action.Count("work", 1)))));
    }
}
