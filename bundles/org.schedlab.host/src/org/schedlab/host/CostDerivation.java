/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import static org.schedlab.host.ProbeWorkloads.cyclictest;
import static org.schedlab.host.ProbeWorkloads.pingPong;
import static org.schedlab.host.ProbeWorkloads.yields;

import java.util.List;
import java.util.Locale;

import org.schedlab.host.ProbeRuns.Measured;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;

/**
 * The cost keys profile-host measures, in the order each needs the ones before it. Paths without the scheduler
 * (a system call, a pipe or socket operation, a cache-line transfer, a memory load) are plain arithmetic on a
 * microbenchmark; paths through it (a switch, a wakeup, a halted CPU's wakeup, a timer's delivery) are found by
 * {@link SimInversion}: the same microbenchmark simulated with the key at 0, the key being the rest. The keys it
 * subtracts without measuring keep the piii-700 defaults (what a machine block starts from), named in each
 * provenance.
 */
final class CostDerivation {

    /** The hostprobe wake gaps (us) scanned for the idle time after which a halted CPU wakes slowly. */
    static final int[] WAKE_GAPS_US = { 10, 25, 50, 100, 150, 200, 300, 500, 1000 };

    private final ProbeRuns runs;
    private final SimInversion sim;
    private final List<HostProfile.Setting> settings;
    private final List<String> notes;
    private final double mhz;
    private final boolean pcid;

    CostDerivation(ProbeRuns runs, SimInversion sim, List<HostProfile.Setting> settings, List<String> notes,
            double mhz, boolean pcid) {
        this.runs = runs;
        this.sim = sim;
        this.settings = settings;
        this.notes = notes;
        this.mhz = mhz;
        this.pcid = pcid;
    }

    /** Measures every key it can; {@code otherCpu} is the highest online CPU (0: a uniprocessor). */
    void measure(int otherCpu) {
        double syscallNs = syscall(1);
        long channelOp = channel(CostKey.CHANNEL_OP, "selfpipe", "selfpipe_ns", "a pipe", syscallNs, 1);
        if (channelOp >= 0) {
            pipeUnlocked(channelOp);
        }
        channel(CostKey.SOCKET_OP, "selfsock", "selfsock_ns", "a 100-byte AF_UNIX stream socket", syscallNs, 1);
        double lineNs = otherCpu == 0 ? Double.NaN : cacheline(otherCpu, 1);
        Measured mem = runs.probe("memory_latency", "memory_ns", "memlat", "256");
        if (mem != null) {
            cost(CostKey.MEMORY_LATENCY, Math.round(mem.median()), mem, "median ns per load of a dependent pointer"
                    + " chase over 256 MB in random line order (TLB misses included)");
        }
        switches(1, true);
        PipePacket.derive(runs, settings, mhz, 1);
        List<Measured> spawn = runs.probe("thread_start and clone", List.of("thread_start_ns", "clone_ns"), "spawn",
                "2000");
        if (spawn != null) {
            cost(CostKey.THREAD_START, cycles(spawn.get(0).median()), spawn.get(0), "median ns of a new thread's own"
                    + " CPU time when its function starts (CLOCK_THREAD_CPUTIME_ID), each on a fresh 8 MB stack, x clock");
            cost(CostKey.CLONE, Math.max(0, cycles(spawn.get(1).median()) - cyclesOf(CostKey.SYSCALL)), spawn.get(1),
                    "median ns of the creating thread's CPU time in pthread_create (clone(CLONE_VM) and glibc's part), x"
                            + " clock, less syscall (charged beside it)");
        }
        new ProcessCosts(runs, sim, settings, notes, mhz).derive(1);
        boolean stepped = new TlbStep(runs, sim, settings, notes, mhz).derive();
        if (!stepped && pcid) {
            inverted(CostKey.MM_SWITCH_FLUSH, runs.probe("mm_switch_flush", "yield_ns", "yield", "16", "40000",
                    "processes"), yields(16, false), 1, "ns per yield of 16 processes pinned to CPU 0: more address"
                            + " spaces than the 6 TLB tags of a CPU (PCID), so every switch flushes");
        } else if (!stepped) {
            settings.add(new HostProfile.Setting("cost mm_switch_flush = 0 cycles", "/proc/cpuinfo has no pcid"
                    + " flag and the yield of 2 to " + TlbStep.MAX_RING + " processes shows no step: every"
                    + " address-space switch flushes the TLB, which mm_switch holds already"));
        }
        HostNoise noise = new HostNoise(runs, settings);
        noise.background();
        if (otherCpu > 0) {
            noise.cpuSpeed();
        }
        if (otherCpu == 0) {
            notes.add("wakeup, ipi_send, ipi_latency, halt_wake_latency and the timer keys: one CPU, no other CPU"
                    + " to wake");
            return;
        }
        inverted(CostKey.WAKEUP, runs.probe("wakeup", "pipe_rtt_ns", "pipe", "0", "0", "100000"), pingPong(0, 0), 2,
                "ns per round trip of a pipe ping-pong between two threads both pinned to CPU 0, two wakeups each");
        double ipiSendNs = ipiSend(lineNs);
        ipiLatency(syscallNs, ipiSendNs, lineNs);
        String cpu = Integer.toString(otherCpu);
        List<String> cyclic = List.of("cyclictest", "-q", "-m", "-p", "80", "-i", "1000", "-l", "2000", "-t", "1",
                "-a", cpu);
        if (runs.has("timer_delivery_latency, timer_delivery_spread, halt_wake_latency and long_halt_wake_latency",
                "cyclictest")) {
            timers(otherCpu, cyclic);
        }
        new HaltedIpi(runs, sim, settings, notes).derive(otherCpu);
        if (settings.stream().anyMatch(s -> s.text().startsWith("cost long_halt_after")
                && !s.text().equals("cost long_halt_after = 0 ns"))) {
            Measured idle = runs.tool("long_halt_wake_latency", cyclic,
                    o -> ToolOutputs.cyclictest(o).get(0).avg() * 1000.0);
            inverted(CostKey.LONG_HALT_WAKE_LATENCY, idle, cyclictest(otherCpu, false, 1000), 1, "mean ns of a"
                    + " SCHED_FIFO timer wakeup every 1 ms on the idle CPU " + cpu + " (halted longer than"
                    + " long_halt_after)");
        }
        new RemoteSocket(runs, sim, settings, notes, mhz).derive(1);
    }

    /**
     * The keys the host's state moves within minutes (docs/validation.md: a switch of 1,705 and of 2,656 cycles in
     * two profiles taken 12 minutes apart), measured again as {@link #measure(int)} measures them with
     * 1/{@code scale} of its iterations, over a whole profile's settings, each replacing the profile's value:
     * syscall, channel_op (and pipe_unlocked, kept at its share of channel_op), socket_op, cacheline_transfer and
     * poll_notice_latency, context_switch and mm_switch, and socket_remote, halted_ipi_latency, pipe_packet_write,
     * pipe_packet_read, fork, exit and cow_fault where the profile has them.
     */
    void drifting(int otherCpu, int scale) {
        long oldChannel = cyclesOf(CostKey.CHANNEL_OP);
        long oldUnlocked = cyclesOf(CostKey.PIPE_UNLOCKED);
        boolean split = has(CostKey.PIPE_UNLOCKED);
        double syscallNs = syscall(scale);
        long channelOp = channel(CostKey.CHANNEL_OP, "selfpipe", "selfpipe_ns", "a pipe", syscallNs, scale);
        if (split && channelOp >= 0 && oldChannel > 0) {
            replace(new HostProfile.Setting("cost pipe_unlocked = " + Math.round((double) oldUnlocked * channelOp
                    / oldChannel) + " cycles", "the profile's share of channel_op outside pipe->mutex ("
                    + oldUnlocked + " of " + oldChannel + " cycles) of the channel_op measured now"));
        }
        channel(CostKey.SOCKET_OP, "selfsock", "selfsock_ns", "a 100-byte AF_UNIX stream socket", syscallNs, scale);
        if (has(CostKey.PIPE_PACKET_WRITE)) {
            PipePacket.derive(runs, settings, mhz, scale);
        }
        if (otherCpu > 0) {
            cacheline(otherCpu, scale);
        }
        switches(scale, false);
        if (cyclesOf(CostKey.MM_SWITCH_FLUSH) > 0) {
            new TlbStep(runs, sim, settings, notes, mhz).again(scale);
        }
        if (otherCpu > 0 && has(CostKey.SOCKET_REMOTE)) {
            new RemoteSocket(runs, sim, settings, notes, mhz).derive(scale);
        }
        if (otherCpu > 0 && has(CostKey.HALTED_IPI_LATENCY)) {
            new HaltedIpi(runs, sim, settings, notes).derive(otherCpu, scale);
        }
        if (has(CostKey.COW_FAULT)) {
            new ProcessCosts(runs, sim, settings, notes, mhz).derive(scale);
        }
    }

    /** @return syscall's ns (measured, or the default's when perf cannot run), its key set when measured */
    private double syscall(int scale) {
        Measured sys = runs.tool("syscall", List.of("perf", "bench", "syscall", "basic", "-l", iterations(1000000,
                scale)), ToolOutputs::perfUsecsPerOp);
        if (sys == null) {
            return ns(CostSettings.dflt(CostKey.SYSCALL));
        }
        cost(CostKey.SYSCALL, cycles(sys.median() * 1000), sys, "median usecs/op x " + fmt(mhz) + " MHz");
        return sys.median() * 1000;
    }

    /** context_switch and mm_switch by their yield rings (with the refill curve between them when {@code refill}). */
    private void switches(int scale, boolean refill) {
        String n = iterations(200000, scale);
        inverted(CostKey.CONTEXT_SWITCH, runs.probe("context_switch", "yield_ns", "yield", "2", n, "threads"),
                yields(2, true), 1, "ns per yield of two threads pinned to CPU 0, one switch each");
        if (refill) {
            new RefillRing(runs, sim, settings, notes, mhz).derive();
        }
        inverted(CostKey.MM_SWITCH, runs.probe("mm_switch", "yield_ns", "yield", "2", n, "processes"),
                yields(2, false), 1, "ns per yield of two processes pinned to CPU 0, one address-space switch each");
    }

    private static String iterations(int n, int scale) {
        return Integer.toString(n / scale);
    }

    /**
     * timer_delivery_latency and timer_delivery_spread (a busy CPU), halt_wake_latency (short halts) and long_halt_after,
     * by cyclictest.
     */
    private void timers(int otherCpu, List<String> cyclic) {
        String cpu = Integer.toString(otherCpu);
        List<String> beside;
        try {
            beside = busyBeside(otherCpu, cyclic);
        } catch (HostException e) {
            notes.add("timer_delivery_latency: " + e.getMessage());
            return;
        }
        Measured busy = runs.tool("timer_delivery_latency", beside, o -> ToolOutputs.cyclictest(o).get(0).avg() * 1000.0);
        inverted(CostKey.TIMER_DELIVERY_LATENCY, busy, cyclictest(otherCpu, true, 1000), 1, "mean ns of a"
                + " SCHED_FIFO timer wakeup on CPU " + cpu + " while a hog pinned there runs (cyclictest's latency)");
        List<String> histogram = new java.util.ArrayList<>(beside);
        histogram.addAll(List.of("-h", "10000"));
        Measured p99 = runs.tool("timer_delivery_spread", histogram,
                o -> ToolOutputs.cyclictestHistogram(o).p99Us() * 1000.0);
        inverted(CostKey.TIMER_DELIVERY_SPREAD, p99, cyclictest(otherCpu, true, 1000), 1, "99th percentile ns of"
                + " the same wakeups (cyclictest's histogram, 1 us buckets)");
        longHaltAfter(otherCpu);
        Measured idle = runs.tool("halt_wake_latency", List.of("cyclictest", "-q", "-m", "-p", "80", "-i", "100", "-l",
                "20000", "-t", "1", "-a", cpu), o -> ToolOutputs.cyclictest(o).get(0).avg() * 1000.0);
        inverted(CostKey.HALT_WAKE_LATENCY, idle, cyclictest(otherCpu, false, 100), 1, "mean ns of a SCHED_FIFO"
                + " timer wakeup every 100 us on the idle CPU " + cpu + " (halted shorter than long_halt_after)");
    }

    /** hostprobe busy CPU -- COMMAND: the command with a hog pinned to {@code cpu} beside it. */
    private List<String> busyBeside(int cpu, List<String> command) {
        List<String> c = new java.util.ArrayList<>(List.of(runs.hostprobe(), "busy", Integer.toString(cpu), "--"));
        c.addAll(command);
        return c;
    }

    /** @return the cycles written for {@code key}, or -1 when it could not be measured */
    private long channel(CostKey key, String mode, String line, String what, double syscallNs, int scale) {
        Measured m = runs.probe(key.name().toLowerCase(Locale.ROOT), line, mode, iterations(400000, scale));
        if (m == null) {
            return -1;
        }
        long c = Math.max(0, cycles(m.median() / 2 - syscallNs));
        cost(key, c, m, "median ns per write and read of " + what + " by one thread (nothing woken): half of it,"
                + " minus one syscall");
        return c;
    }

    /**
     * pipe_unlocked: the share of a pipe write and read the kernel spends outside pipe->mutex, from where a profile
     * of selfpipe finds the CPU ({@link PipeLockShare}), times channel_op.
     */
    private void pipeUnlocked(long channelOp) {
        Measured m = PipeLockShare.measure(runs);
        if (m != null) {
            cost(CostKey.PIPE_UNLOCKED, Math.round(m.median() * channelOp), m, "median share of the samples in the"
                    + " pipe's kernel path outside pipe->mutex (vfs_read/vfs_write and the wakeups, not"
                    + " anon_pipe_read/write, the copies or the buffer's release), times channel_op " + channelOp
                    + " cycles");
        }
    }

    private double cacheline(int otherCpu, int scale) {
        Measured m = runs.probe("cacheline_transfer", "cacheline_ns", "cacheline", iterations(2000000, scale));
        if (m == null) {
            return Double.NaN;
        }
        cost(CostKey.CACHELINE_TRANSFER, cycles(m.median()), m, "median ns per one-way transfer of a line written"
                + " alternately by two threads pinned to CPUs 0 and " + otherCpu);
        replace(new HostProfile.Setting("cost poll_notice_latency = " + Math.round(m.median()) + " ns", "a polling"
                + " idle CPU notices the flag write after one cache-line transfer (as measured for"
                + " cacheline_transfer)"));
        return m.median();
    }

    /** ipi_send: what a write that wakes a reader halted on another CPU takes beyond one that wakes nobody. */
    private double ipiSend(double lineNs) {
        Measured m = runs.probe("ipi_send", "wakewrite_ns", "wakewrite", "4000");
        Measured plain = m == null ? null : runs.probe("ipi_send", "plainwrite_ns", "wakewrite", "4000");
        if (plain == null) {
            return ns(CostSettings.dflt(CostKey.IPI_SEND));
        }
        // the reader's CPU is idle, so the wakeup goes on its wake list (TTWU_QUEUE): the writer only writes the
        // list's head (one line transfer) and sends the IPI; the wakeup and the enqueue run on the reader's CPU
        double rest = nanOr(lineNs, 0);
        double send = Math.max(ns(100), m.median() - plain.median() - rest);
        cost(CostKey.IPI_SEND, cycles(send), m, "median ns of a write() that wakes a reader blocked on the other"
                + " CPU, minus " + fmt(plain.median()) + " ns of one that wakes nobody, minus one cache-line transfer"
                + " (the wake list's head, " + fmt(rest) + " ns; the reader's idle CPU does the wakeup and the enqueue)");
        return send;
    }

    /** ipi_latency: membarrier's IPI round trip to a busy CPU, less what the two ends spend. */
    private void ipiLatency(double syscallNs, double sendNs, double lineNs) {
        Measured m = runs.probe("ipi_latency", "membarrier_ns", "membarrier", "40000");
        if (m == null) {
            return;
        }
        double rest = syscallNs + sendNs + ns(cyclesOf(CostKey.IPI_RECEIVE)) + nanOr(lineNs, 0);
        long lat = Math.max(100, Math.round(m.median() - rest));
        cost(CostKey.IPI_LATENCY, lat, m, "median ns of membarrier(PRIVATE_EXPEDITED) with a thread spinning on the"
                + " other CPU (one IPI and the wait for its handler), minus syscall, ipi_send, ipi_receive and the"
                + " handler's cache-line reply (" + fmt(rest) + " ns)");
    }

    /**
     * long_halt_after from hostprobe's wake gaps: the shortest idle after which a wakeup takes more than halfway
     * from the short to the long latency.
     */
    private void longHaltAfter(int otherCpu) {
        double[] med = new double[WAKE_GAPS_US.length];
        StringBuilder scan = new StringBuilder();
        for (int i = 0; i < WAKE_GAPS_US.length; i++) {
            Measured m = runs.probe("long_halt_after", "wake_median_ns", "wake", Integer.toString(WAKE_GAPS_US[i]),
                    "400");
            if (m == null) {
                return;
            }
            med[i] = m.median();
            scan.append(i == 0 ? "" : ", ").append(WAKE_GAPS_US[i]).append(" us: ").append(fmt(m.median()));
        }
        double shortNs = med[0];
        double longNs = med[med.length - 1];
        int knee = -1;
        if (longNs > 1.5 * shortNs && longNs - shortNs > 2000) {
            for (int i = 0; i < med.length && knee < 0; i++) {
                if (med[i] > (shortNs + longNs) / 2) {
                    knee = i;
                }
            }
        }
        if (knee < 0) {
            settings.add(new HostProfile.Setting("cost long_halt_after = 0 ns", "hostprobe wake GAP_US 400 (median ns"
                    + " from a write to the reader on CPU " + otherCpu + " running, after GAP_US of idle: " + scan
                    + "): no idle time makes the wakeup markedly slower, so one halt depth"));
            return;
        }
        settings.add(new HostProfile.Setting("cost long_halt_after = " + WAKE_GAPS_US[knee] * 1000L + " ns",
                "hostprobe wake GAP_US 400 (helpers/hostprobe.c; median ns from a write to the reader on CPU " + otherCpu
                        + " running, after GAP_US of idle, each the median of " + ProbeRuns.REPEATS + " runs: " + scan
                        + "): the shortest idle after which the wakeup takes more than halfway from the first to the"
                        + " last"));
    }

    /**
     * Sets {@code key} so that the simulated microbenchmark takes what the real one did: {@code perOp} times the
     * key per operation on top of what the model charges with the key at 0.
     */
    private void inverted(CostKey key, Measured m, String workload, int perOp, String what) {
        if (m == null) {
            return;
        }
        String metric = workload.contains("timer ") ? "timer_latency" : "ops";
        double zero;
        try {
            zero = sim.simulate(settings, key, workload, metric);
        } catch (HostException e) {
            notes.add(key.name().toLowerCase(Locale.ROOT) + ": " + e.getMessage());
            return;
        }
        double perPath = Math.max(key.pathFloor(), (m.median() - zero) / perOp);
        long v = key.unit() == CostKey.Unit.CYCLES ? cycles(perPath) : Math.round(perPath);
        cost(key, v, m, "median " + what + "; simulated with " + key.name().toLowerCase(Locale.ROOT) + " = "
                + key.pathFloor() + ": "
                + fmt(zero) + (metric.equals("ops") ? " ns" : " ns of timer latency") + ", so "
                + (perOp == 1 ? "the difference" : "1/" + perOp + " of the difference"));
    }

    /** @return whether the settings give {@code key} */
    private boolean has(CostKey key) {
        String k = "cost " + key.name().toLowerCase(Locale.ROOT) + " ";
        return settings.stream().anyMatch(x -> x.text().startsWith(k));
    }

    private long cyclesOf(CostKey key) {
        return CostSettings.cyclesOf(settings, key);
    }

    private void cost(CostKey key, long value, Measured m, String how) {
        replace(CostSettings.setting(key, value, m, how));
    }

    private void replace(HostProfile.Setting s) {
        CostSettings.put(settings, s);
    }

    private long cycles(double ns) {
        return CostSettings.cycles(ns, mhz);
    }

    private double ns(long cycles) {
        return cycles * 1000.0 / mhz;
    }

    private static double nanOr(double v, double dflt) {
        return Double.isNaN(v) ? dflt : v;
    }

    private static String fmt(double v) {
        return ProbeRuns.fmt(v);
    }
}
