/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
import java.lang.management.ManagementFactory;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.Engines;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.Workload;

/**
 * One row of SimBench's workload, run once (tools/speed-pair.sh compiles it against each class set it compares):
 * {@code engine N yield|cpu simulated-seconds [off]} on 4 CPUs of the PIII-700, seed 1, every cost charged.
 */
public final class SpeedRun {
    private SpeedRun() {
    }

    /** @return context switches per wall-clock second and per second of the thread's CPU time */
    public static double[] once(String[] a) {
        String id = a[0];
        int n = Integer.parseInt(a[1]);
        boolean cpuBound = a[2].equals("cpu");
        long ns = Time.s(Long.parseLong(a[3]));
        boolean memory = a.length < 5 || !a[4].equals("off");
        SchedulerEngine e = id.equals("rr") ? new RoundRobinEngine()
                : Engines.byId(id).orElseThrow(() -> new IllegalArgumentException("no engine " + id));
        Program p = cpuBound
                ? Program.of("compute", Action.Loop.forever(Action.Compute.ns(Time.S), new Action.Count("work", 1)))
                : Program.of("compute-yield", Action.Loop.forever(Action.Compute.ns(Time.MS),
                        new Action.Count("work", 1), new Action.Yield()));
        Workload w = Workload.of("w", org.schedlab.sim.workload.ThreadGroup.processes("t", n, p));
        MachineProfile m = MachineProfile.piii700().withCpus(4);
        m = m.withMemory(m.memory().withEnabled(memory));
        SimConfig c = SimConfig.builder().machine(m).engine(e).workload(w).duration(ns).seed(1)
                .checkInvariants(false).build();
        long c0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        SimResult r = Simulation.run(c);
        long wall = System.nanoTime() - t0;
        long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - c0;
        long sw = r.metrics().contextSwitches();
        return new double[] {sw * 1e9 / wall, sw * 1e9 / cpu};
    }
}
