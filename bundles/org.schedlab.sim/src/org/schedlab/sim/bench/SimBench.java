/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.bench;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import org.schedlab.sim.Cancellation;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.EventQueue;
import org.schedlab.sim.event.SimEvent;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.Engines;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * The simulation kernel's benchmark (run with {@code schedlab bench} or {@code tools/bench.sh}). Workload: N tasks that each compute
 * 1 ms then sched_yield(), on 4 CPUs of the PIII-700 profile, every cost charged, the memory model on and
 * invariant checking off (one row shows the model off, one the invariants on). Prints context switches per wall-clock second for N = 8, 64, 512, a CPU-bound
 * variant, heap per task with 100,000 tasks on 256 CPUs, the event queue against
 * {@link PriorityQueue}, and last the line {@code context switches per second: N} for N = 512.
 *
 * <p>Arguments: {@code [engine-id]} (default {@code rr}) and {@code --quick} (shorter runs).
 */
public final class SimBench {
    private final PrintStream out;
    private final List<Row> rows = new ArrayList<>();
    private final List<Queue> queues = new ArrayList<>();
    private long heapPerTask;

    /**
     * One row of the benchmark: a workload run three times.
     *
     * @param label             what ran ({@code yield N=512}, {@code cpu-bound N=512}, ...)
     * @param switches          context switches of one run
     * @param simulatedS        simulated seconds of one run
     * @param perWallS          context switches per wall-clock second, median of the three runs
     * @param perWallSMin       the slowest of the three
     * @param perWallSMax       the fastest of the three
     * @param perThreadCpuS     context switches per second of the thread's CPU time, median
     * @param eventsPerWallS    discrete events per wall-clock second (last run)
     * @param simulatedPerWallS simulated seconds per wall-clock second (last run)
     */
    public record Row(String label, long switches, double simulatedS, double perWallS, double perWallSMin,
                      double perWallSMax, double perThreadCpuS, double eventsPerWallS, double simulatedPerWallS) {
    }

    /** The event queue against {@link PriorityQueue} with {@code events} queued: ns per poll+schedule+cancel. */
    public record Queue(int events, double ns, double priorityQueueNs) {
    }

    /**
     * Every figure of one benchmark run, for machine-readable output ({@code schedlab bench --json}).
     *
     * @param engine                   the engine's id
     * @param quick                    shorter simulated durations
     * @param java                     the JVM's version
     * @param cores                    available processors
     * @param loadAverage              the system load average when the benchmark started
     * @param rows                     every row, in the order printed
     * @param memoryModelRatio         speed with the memory model over speed without it at N=512
     * @param heapBytesPerTask         heap per task with 100,000 tasks on 256 CPUs
     * @param queues                   the event-queue rows
     * @param contextSwitchesPerSecond the headline: median context switches per wall-s at N=512 yielding
     */
    public record Figures(String engine, boolean quick, String java, int cores, double loadAverage, List<Row> rows,
                          double memoryModelRatio, long heapBytesPerTask, List<Queue> queues,
                          long contextSwitchesPerSecond) {
    }

    /** @param out where the rows go */
    public SimBench(PrintStream out) {
        this.out = out;
    }

    /** Runs outside OSGi: {@code [engine-id] [--quick]}; engines are found through ServiceLoader. */
    public static void main(String[] args) {
        boolean quick = Arrays.asList(args).contains("--quick");
        String engineId = Arrays.stream(args).filter(a -> !a.startsWith("--")).findFirst().orElse("rr");
        SchedulerEngine engine = engineId.equals("rr") ? new RoundRobinEngine()
                : Engines.byId(engineId).orElseThrow(() -> new IllegalArgumentException("no engine " + engineId));
        new SimBench(System.out).run(engine, quick);
    }

    /**
     * Runs every row of the benchmark with {@code engine} and prints it; the last line printed is
     * {@code context switches per second: N}.
     *
     * @return the median context switches per wall-clock second for N = 512 yielding tasks
     */
    public long run(SchedulerEngine engine, boolean quick) {
        return measure(engine, quick).contextSwitchesPerSecond();
    }

    /**
     * Runs and prints every row of the benchmark with {@code engine}, as {@link #run}, and returns the figures.
     */
    public Figures measure(SchedulerEngine engine, boolean quick) {
        rows.clear();
        queues.clear();
        String engineId = engine.info().id();
        long sim = quick ? Time.s(500) : Time.s(2500);
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        out("SimBench: engine %s, PIII-700 profile with 4 CPUs, HZ 100, every cost charged; JVM %s, %d cores,"
                + " load average %.2f", engineId, System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), load);
        run(engine, yielding(512), sim / 5, false, true);
        double last = 0;
        for (int n : new int[] {8, 64, 512}) {
            last = report("yield N=" + n, engine, yielding(n), sim, false, true);
        }
        double off = report("yield N=512, memory model off", engine, yielding(512), sim, false, false);
        out("memory model on/off at N=512: %.0f %% of the speed without it", 100 * last / off);
        report("yield N=512, invariants on", engine, yielding(512), sim / 5, true, true);
        report("cpu-bound N=512", engine, cpuBound(512), sim * 40, false, true);
        memory(engine, quick);
        eventQueues();
        out("context switches per second: %d", Math.round(last));
        return new Figures(engineId, quick, System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), load, List.copyOf(rows), last / off, heapPerTask,
                List.copyOf(queues), Math.round(last));
    }

    static Workload yielding(int n) {
        return Workload.of("yield-" + n, ThreadGroup.processes("t", n, Program.of("compute-yield",
                Action.Loop.forever(Action.Compute.ns(Time.MS), new Action.Count("work", 1), new Action.Yield()))));
    }

    static Workload cpuBound(int n) {
        return Workload.of("cpu-" + n, ThreadGroup.processes("t", n, Program.of("compute",
                Action.Loop.forever(Action.Compute.ns(Time.S), new Action.Count("work", 1)))));
    }

    private static SimConfig config(SchedulerEngine engine, Workload w, int cpus, long ns, boolean inv,
                                    boolean memoryModel) {
        MachineProfile m = MachineProfile.piii700().withCpus(cpus);
        m = m.withMemory(m.memory().withEnabled(memoryModel));
        return SimConfig.builder().machine(m).engine(engine).workload(w).duration(ns).seed(1).checkInvariants(inv)
                .build();
    }

    private long[] run(SchedulerEngine engine, Workload w, long ns, boolean inv, boolean memoryModel) {
        long c0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        SimResult r = Simulation.run(config(engine, w, 4, ns, inv, memoryModel));
        long wall = System.nanoTime() - t0;
        long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - c0;
        return new long[] {r.metrics().contextSwitches(), wall, r.eventsProcessed(), cpu};
    }

    /** Three runs; reports the median rate. */
    private double report(String label, SchedulerEngine engine, Workload w, long ns, boolean inv,
                          boolean memoryModel) {
        double[] rates = new double[3];
        double[] cpuRates = new double[3];
        long[] last = null;
        for (int i = 0; i < 3; i++) {
            last = run(engine, w, ns, inv, memoryModel);
            rates[i] = last[0] * 1e9 / last[1];
            cpuRates[i] = last[0] * 1e9 / last[3];
        }
        Arrays.sort(rates);
        Arrays.sort(cpuRates);
        double simPerWall = ns / (last[1] / 1e9) / 1e9;
        out("%-28s %,11d switches in %,.0f simulated s: %,.0f per wall-s (median of 3; %,.0f..%,.0f), %,.0f per"
                + " thread-CPU-s; %,.0f events/wall-s, %,.0f simulated s per wall-s", label, last[0], ns / 1e9,
                rates[1], rates[0], rates[2], cpuRates[1], last[2] * 1e9 / last[1], simPerWall);
        rows.add(new Row(label, last[0], ns / 1e9, rates[1], rates[0], rates[2], cpuRates[1],
                last[2] * 1e9 / last[1], simPerWall));
        return rates[1];
    }

    private void memory(SchedulerEngine engine, boolean quick) {
        int tasks = 100_000;
        int cpus = 256;
        System.gc();
        long before = usedHeap();
        long[] peak = {0};
        Cancellation cancel = new Cancellation();
        long t0 = System.nanoTime();
        MachineProfile flat = MachineProfile.piii700().withCpus(cpus);
        SimConfig c = SimConfig.builder().machine(flat.withMemory(flat.memory().withEnabled(false))).engine(engine)
                .workload(yielding(tasks)).duration(quick ? Time.ms(200) : Time.s(1)).seed(1)
                .checkInvariants(false).build();
        SimResult r = new Simulation(c).run((done, total) -> {
            if (peak[0] == 0) {
                System.gc();
                peak[0] = usedHeap();
            }
        }, cancel);
        long wall = System.nanoTime() - t0;
        long perTask = (peak[0] - before) / tasks;
        heapPerTask = perTask;
        out("memory: %,d tasks on %d CPUs: %,d bytes of heap per task (%,d MB live), max heap %,d MB;"
                + " %,d switches in %.1f simulated s took %.1f wall-s", tasks, cpus, perTask,
                (peak[0] - before) >> 20, Runtime.getRuntime().maxMemory() >> 20, r.metrics().contextSwitches(),
                r.metrics().elapsedNs() / 1e9, wall / 1e9);
    }

    private static long usedHeap() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** The event queue against java.util.PriorityQueue on the kernel's pattern: ~13 events, poll + reschedule + cancel. */
    private void eventQueues() {
        for (int n : new int[] {13, 1_000}) {
            int ops = n < 100 ? 20_000_000 : 2_000_000;
            double ours = Double.MAX_VALUE;
            double jdk = Double.MAX_VALUE;
            for (int round = 0; round < 3; round++) {
                ours = Math.min(ours, ourQueue(n, ops));
                jdk = Math.min(jdk, jdkQueue(n, ops));
            }
            out("event queue with %,d events: %.1f ns per poll+schedule+cancel (indexed binary heap) vs %.1f ns"
                    + " (PriorityQueue with remove(Object))", n, ours, jdk);
            queues.add(new Queue(n, ours, jdk));
        }
    }

    private static final class Ev extends SimEvent {
        long t;

        @Override
        public void fire(long now) {
        }
    }

    private static double ourQueue(int n, int ops) {
        EventQueue q = new EventQueue();
        Ev[] evs = new Ev[n];
        for (int i = 0; i < n; i++) {
            evs[i] = new Ev();
            q.schedule(evs[i], i * 1000L);
        }
        long t0 = System.nanoTime();
        long x = 0;
        for (int i = 0; i < ops; i++) {
            SimEvent e = q.poll();
            q.schedule(e, q.now() + 1000 + (i * 7919L) % 5000);
            Ev other = evs[i % n];
            if (other != e && other.isScheduled()) {
                long t = other.time();
                q.cancel(other);
                q.schedule(other, t + 1);
            }
            x += e.time();
        }
        return (System.nanoTime() - t0) / (double) ops + (x == 42 ? 1 : 0);
    }

    private static double jdkQueue(int n, int ops) {
        PriorityQueue<Ev> q = new PriorityQueue<>((a, b) -> Long.compare(a.t, b.t));
        Ev[] evs = new Ev[n];
        for (int i = 0; i < n; i++) {
            evs[i] = new Ev();
            evs[i].t = i * 1000L;
            q.add(evs[i]);
        }
        long t0 = System.nanoTime();
        long x = 0;
        for (int i = 0; i < ops; i++) {
            Ev e = q.poll();
            long now = e.t;
            e.t = now + 1000 + (i * 7919L) % 5000;
            q.add(e);
            Ev other = evs[i % n];
            if (other != e && q.remove(other)) {
                other.t = other.t + 1;
                q.add(other);
            }
            x += e.t;
        }
        return (System.nanoTime() - t0) / (double) ops + (x == 42 ? 1 : 0);
    }

    private void out(String fmt, Object... args) {
        out.println(String.format(Locale.ROOT, fmt, args));
        out.flush();
    }
}
