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
 * {@code engine N yield|cpu simulated-seconds [off] [cpus=C] [version=V]} on C (default 4) CPUs of the PIII-700,
 * the engine's version V (default: its first), seed 1, every cost charged.
 */
public final class SpeedRun {
    private SpeedRun() {
    }

    /**
     * {@code SpeedRun ROUNDS engine N yield|cpu simulated-seconds [off] [cpus=C] [version=V]}: the row ROUNDS times
     * in this JVM; prints each round and the median per thread-CPU second of the rounds after the first two (JIT
     * warm-up). tools/speed-run.sh compiles a commit and runs this in a JVM of its own.
     */
    public static void main(String[] a) {
        int rounds = Integer.parseInt(a[0]);
        String[] row = java.util.Arrays.copyOfRange(a, 1, a.length);
        java.util.List<Double> cpu = new java.util.ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            double[] x = once(row);
            System.out.printf(java.util.Locale.ROOT, "round %d: %,.0f per wall-s, %,.0f per thread-CPU-s%n", r, x[0],
                    x[1]);
            if (r >= 2 || rounds <= 2) {
                cpu.add(x[1]);
            }
        }
        java.util.Collections.sort(cpu);
        System.out.printf(java.util.Locale.ROOT, "median %,.0f context switches per thread-CPU-s (%d rounds)%n",
                cpu.get(cpu.size() / 2), cpu.size());
    }

    /** @return context switches per wall-clock second and per second of the thread's CPU time */
    public static double[] once(String[] a) {
        String id = a[0];
        int n = Integer.parseInt(a[1]);
        boolean cpuBound = a[2].equals("cpu");
        long ns = Time.s(Long.parseLong(a[3]));
        boolean memory = true;
        int cpus = 4;
        String version = null;
        for (int i = 4; i < a.length; i++) {
            if (a[i].equals("off")) {
                memory = false;
            } else if (a[i].startsWith("cpus=")) {
                cpus = Integer.parseInt(a[i].substring(5));
            } else if (a[i].startsWith("version=")) {
                version = a[i].substring(8);
            } else {
                throw new IllegalArgumentException("unknown argument " + a[i] + " (off, cpus=C, version=V)");
            }
        }
        SchedulerEngine e = id.equals("rr") ? new RoundRobinEngine()
                : Engines.byId(id).orElseThrow(() -> new IllegalArgumentException("no engine " + id));
        Program p = cpuBound
                ? Program.of("compute", Action.Loop.forever(Action.Compute.ns(Time.S), new Action.Count("work", 1)))
                : Program.of("compute-yield", Action.Loop.forever(Action.Compute.ns(Time.MS),
                        new Action.Count("work", 1), new Action.Yield()));
        Workload w = Workload.of("w", org.schedlab.sim.workload.ThreadGroup.processes("t", n, p));
        MachineProfile m = MachineProfile.piii700().withCpus(cpus);
        m = m.withMemory(m.memory().withEnabled(memory));
        SimConfig.Builder b = SimConfig.builder().machine(m);
        b = version == null ? b.engine(e) : b.engine(e, org.schedlab.sim.spi.SchedulerConfig.of(version));
        SimConfig c = b.workload(w).duration(ns).seed(1)
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
