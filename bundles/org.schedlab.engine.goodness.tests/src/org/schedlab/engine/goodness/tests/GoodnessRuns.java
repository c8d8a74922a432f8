package org.schedlab.engine.goodness.tests;

import java.util.Set;

import org.schedlab.engine.goodness.GoodnessEngine;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.testing.workloads.LatProc;
import org.schedlab.sim.testing.workloads.SpinlockContention;
import org.schedlab.sim.testing.workloads.ThreadsC;
import org.schedlab.sim.testing.workloads.Volanomark;
import org.schedlab.sim.workload.Workload;

/**
 * The seed experiments of the goodness engine, one method per cell, all on the
 * built-in PIII-700 profile with its default cost table. VolanoMark and
 * threads.c run as their programs do (the whole VolanoMark test; threads.c's
 * 60 s after its start-up); other simulated durations are the shortest that
 * give stable ratios (checked by running twice as long);
 * the spinlock cells need 8 s because on UP one period (every contender
 * burning its 20-tick counter before a recalculation) lasts about 4 s at 20.
 */
final class SeedRuns {
    /** Cap on the simulated time per VolanoMark cell: the run ends with the last delivery (the whole test). */
    static final long VOLANO_NS = Long.getLong("seed.volano.ms", 120_000) * Time.MS;
    /** VolanoMark's clones of 800 threads, run before the measurement. */
    static final long VOLANO_STARTUP_NS = 100 * Time.MS;
    /** Simulated time per lat_proc cell. */
    static final long LATPROC_NS = Long.getLong("seed.latproc.ms", 200) * Time.MS;
    /** Simulated time per spinlock cell. */
    static final long SPIN_NS = Long.getLong("seed.spin.ms", 8000) * Time.MS;
    /** Simulated time per threads.c cell: threads.c's MEASURE_TIME, 60 s (its counters drain over the run). */
    static final long THREADS_NS = Long.getLong("seed.threads.ms", 60_000) * Time.MS;
    /** threads.c's start-up (cloning 450 threads, releasing them), run before its measurement. */
    static final long THREADS_STARTUP_NS = 200 * Time.MS;

    private SeedRuns() {
    }

    static SimResult run(int cpus, String version, Workload w, long ns, String... patches) {
        return run(cpus, version, w, 0, ns, patches);
    }

    static SimResult run(int cpus, String version, Workload w, long warmupNs, long ns, String... patches) {
        return runOn(MachineProfile.piii700().withCpus(cpus), version, w, warmupNs, ns, patches);
    }

    static SimResult runOn(MachineProfile m, String version, Workload w, long warmupNs, long ns, String... patches) {
        SimConfig c = SimConfig.builder()
                .machine(m)
                .engine(new GoodnessEngine(), new SchedulerConfig(version, Set.of(patches), java.util.Map.of()))
                .workload(w)
                .warmup(warmupNs)
                .duration(ns)
                .seed(1)
                .checkInvariants(true)
                .build();
        return Simulation.run(c);
    }

    /** Seed 000: VolanoMark 10/100 messages per second. */
    static double volano(int cpus, boolean hartner) {
        SimResult r = hartner
                ? run(cpus, "2.4.18-pre4", Volanomark.workload(), VOLANO_STARTUP_NS, VOLANO_NS, "hartner-yield-2002")
                : run(cpus, "2.4.18-pre4", Volanomark.workload(), VOLANO_STARTUP_NS, VOLANO_NS);
        return r.rate(Volanomark.MESSAGES);
    }

    /** Seed 000: lat_proc latency in microseconds. */
    static double latProcUs(int cpus, LatProc.Mode mode, boolean hartner) {
        Workload w = LatProc.workload(mode);
        SimResult r = hartner ? run(cpus, "2.4.18-pre4", w, LATPROC_NS, "hartner-yield-2002")
                : run(cpus, "2.4.18-pre4", w, LATPROC_NS);
        return 1e6 / r.rate(LatProc.ITERATIONS);
    }

    /** Seed 001: critical sections per second with {@code n} contenders. */
    static double spin(int cpus, int n, String... patches) {
        return run(cpus, "2.2.16", SpinlockContention.workload(n), SPIN_NS, patches).rate(SpinlockContention.OPS);
    }

    /** Seed 003: threads.c's columns, as the program runs (clone, release, 60 s of measurement). */
    static ThreadsC.Report threads(boolean slotizer) {
        Workload w = ThreadsC.asRun(ThreadsC.DEFAULT_THREADS, ThreadsC.DEFAULT_USER_CYCLES);
        SimResult r = slotizer ? run(1, "2.3.5", w, THREADS_STARTUP_NS, THREADS_NS, "libenzi-slotizer-1999")
                : run(1, "2.3.5", w, THREADS_STARTUP_NS, THREADS_NS);
        return ThreadsC.report(r);
    }

    static double change(double before, double after) {
        return (after - before) / before * 100.0;
    }
}
