/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;

/**
 * {@code schedlab profile-host}: measures the machine it runs on and writes a {@code machine} block. Facts come from
 * sysfs and procfs ({@link HostFacts}); costs from Debian-packaged programs (perf bench syscall and sched pipe from
 * linux-perf, cyclictest from rt-tests) and from {@code helpers/hostprobe.c} where no packaged program measures
 * the figure (a pipe ping-pong with each side pinned to a given CPU, a cache-line ping-pong between two pinned
 * threads, a pointer chase). Each figure is the median of {@link #REPEATS} runs. The arithmetic from a measured
 * time to a cost key is written beside the value; the keys it subtracts but does not measure keep the defaults of
 * the piii-700 table (what a machine block without a profile starts from).
 */
public final class HostProfiler {

    static final int REPEATS = 3;
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private final Shell shell;
    private final HostFacts facts;
    private final CHelpers helpers;
    private final Consumer<String> progress;
    private final List<HostProfile.Setting> settings = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private double mhz;

    /**
     * @param root     where /sys and /proc are read ({@code /} on the machine)
     * @param work     a temporary folder for the C helper
     * @param progress one line per measurement, for the user
     */
    public HostProfiler(Shell shell, Path root, Path work, Consumer<String> progress) {
        this.shell = shell;
        this.facts = new HostFacts(root, shell);
        this.helpers = new CHelpers(shell, work);
        this.progress = progress;
    }

    /** @return the measured profile of this machine, named {@code name} */
    public HostProfile measure(String name) {
        String kernel = facts.kernel().value();
        String model = facts.model().value();
        HostFacts.Fact cpus = facts.cpus();
        HostFacts.Fact smt = facts.threadsPerCore();
        settings.add(new HostProfile.Setting("cpus " + cpus.value() + " threads per core " + smt.value(),
                cpus.source() + "; " + smt.source()));
        HostFacts.Fact clock = facts.clockMhz();
        mhz = Double.parseDouble(clock.value());
        settings.add(new HostProfile.Setting("clock " + clock.value() + " MHz", clock.source()));
        fact("hz", facts.hz(kernel));
        HostFacts.Fact l2 = facts.l2CacheKb();
        long kb = Long.parseLong(l2.value());
        settings.add(new HostProfile.Setting("l2 cache " + (kb % 1024 == 0 ? kb / 1024 + " MB" : kb + " KB"),
                l2.source()));
        fact("arch", facts.arch());
        fact("idle", facts.idle());
        costs(facts.onlineCpus().last());
        settings.add(new HostProfile.Setting("memory model on", "the caches and coherence of the simulation kernel"
                + " on, with the latencies above"));
        String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        return new HostProfile(name, date, kernel, model, settings, notes);
    }

    private void fact(String key, HostFacts.Fact f) {
        settings.add(new HostProfile.Setting(key + " " + f.value(), f.source()));
    }

    private static long dflt(CostKey k) {
        return MachineProfile.piii700().costs().cycles(k);
    }

    private void costs(int lastCpu) {
        double syscallUs = attempt("syscall", "perf", List.of("perf", "bench", "syscall", "basic", "-l", "1000000"),
                ToolOutputs::perfUsecsPerOp);
        long syscall = Double.isNaN(syscallUs) ? dflt(CostKey.SYSCALL) : cycles(syscallUs * 1000);
        if (!Double.isNaN(syscallUs)) {
            cost(CostKey.SYSCALL, syscall, "cycles", "median " + us(syscallUs) + " usecs/op x " + fmt(mhz) + " MHz");
        }
        List<String> pinnedThreads = List.of("taskset", "-c", "0", "perf", "bench", "sched", "pipe", "-T", "-l",
                "100000");
        double thrUs = attempt("context_switch", "perf", pinnedThreads, ToolOutputs::perfUsecsPerOp);
        long fixed = 2 * syscall + 2 * dflt(CostKey.CHANNEL_OP) + dflt(CostKey.SCHEDULE) + dflt(CostKey.WAKEUP);
        long cs = dflt(CostKey.CONTEXT_SWITCH);
        if (!Double.isNaN(thrUs)) {
            cs = Math.max(100, cycles(thrUs * 500) - fixed);
            cost(CostKey.CONTEXT_SWITCH, cs, "cycles", "median " + us(thrUs) + " usecs/op: one round trip is two "
                    + "switches; per switch " + cycles(thrUs * 500) + " cycles - 2 x syscall - 2 x channel_op, "
                    + "schedule, wakeup (" + fixed + " cycles; channel_op, schedule, wakeup at their defaults)");
            List<String> pinnedProcs = List.of("taskset", "-c", "0", "perf", "bench", "sched", "pipe", "-l",
                    "100000");
            double procUs = attempt("mm_switch", "perf", pinnedProcs, ToolOutputs::perfUsecsPerOp);
            if (!Double.isNaN(procUs)) {
                cost(CostKey.MM_SWITCH, Math.max(0, cycles((procUs - thrUs) * 500)), "cycles", "median " + us(procUs)
                        + " usecs/op with processes, minus " + us(thrUs) + " with threads (`" + Shell.line(pinnedThreads)
                        + "`), over two switches");
            }
        }
        double wakeUs = attempt("halt_wake_latency", "cyclictest", List.of("cyclictest", "-q", "-m", "-p", "80",
                "-i", "1000", "-l", "3000", "-t", "1", "-a", Integer.toString(lastCpu)),
                o -> ToolOutputs.cyclictest(o).get(0).avg());
        long kernelPath = dflt(CostKey.TIMER_INTERRUPT) + dflt(CostKey.WAKEUP) + dflt(CostKey.SCHEDULE) + cs;
        double haltNs = 0;
        if (!Double.isNaN(wakeUs)) {
            haltNs = Math.max(0, wakeUs * 1000 - kernelPath * 1000 / mhz);
            cost(CostKey.HALT_WAKE_LATENCY, Math.round(haltNs), "ns", "median of the mean latency " + fmt(wakeUs)
                    + " us of a SCHED_FIFO timer wakeup on an idle CPU, minus timer_interrupt, wakeup, schedule and"
                    + " context_switch (" + kernelPath + " cycles)");
        }
        if (lastCpu == 0) {
            notes.add("ipi_latency and cacheline_transfer: one CPU, no other CPU to wake or to share a line with");
        } else {
            crossCpu(lastCpu, haltNs);
        }
        double memNs = attempt("memory_latency", "gcc", null, o -> ToolOutputs.probe(o, "memory_ns"));
        if (!Double.isNaN(memNs)) {
            cost(CostKey.MEMORY_LATENCY, Math.round(memNs), "ns", "median ns per load of a dependent pointer chase"
                    + " over 256 MB in random line order (TLB misses included)");
        }
    }

    private void crossCpu(int other, double haltNs) {
        double cross = attempt("ipi_latency", "gcc", List.of("pipe", "0", Integer.toString(other), "20000"),
                o -> ToolOutputs.probe(o, "pipe_rtt_ns"));
        double same = Double.isNaN(cross) ? Double.NaN
                : attempt("ipi_latency", "gcc", List.of("pipe", "0", "0", "20000"),
                        o -> ToolOutputs.probe(o, "pipe_rtt_ns"));
        if (!Double.isNaN(same)) {
            long ipi = Math.max(200, Math.round((cross - same) / 2 - haltNs));
            cost(CostKey.IPI_LATENCY, ipi, "ns", "median round trip " + fmt(cross) + " ns with the two threads on "
                    + "CPUs 0 and " + other + " (hostprobe pipe 0 " + other + " 20000), " + fmt(same) + " ns both on CPU 0: half the difference is one "
                    + "cross-CPU wakeup, minus halt_wake_latency " + Math.round(haltNs) + " ns");
        }
        double line = attempt("cacheline_transfer", "gcc", List.of("cacheline", "2000000"),
                o -> ToolOutputs.probe(o, "cacheline_ns"));
        if (!Double.isNaN(line)) {
            cost(CostKey.CACHELINE_TRANSFER, cycles(line), "cycles", "median " + fmt(line) + " ns per one-way "
                    + "transfer of a line written alternately by two threads pinned to CPUs 0 and " + other);
            cost(CostKey.POLL_NOTICE_LATENCY, Math.round(line), "ns", "a polling idle CPU notices the flag write "
                    + "after one cache-line transfer: " + fmt(line) + " ns (as measured for cacheline_transfer)");
        }
    }

    /**
     * Runs a measurement {@link #REPEATS} times and returns the median, or NaN (with a note) when its tool is
     * missing. {@code command} null or not starting with a program name: hostprobe with these arguments (null:
     * memlat 256).
     */
    private double attempt(String key, String tool, List<String> command, ToDoubleFunction<Shell.Output> read) {
        List<String> cmd = command;
        try {
            if (tool.equals("gcc")) {
                List<String> args = command == null ? List.of("memlat", "256") : command;
                cmd = new ArrayList<>(List.of(helpers.hostprobe().toString()));
                cmd.addAll(args);
            }
            progress.accept("measuring " + key + ": " + Shell.line(cmd));
            double[] v = new double[REPEATS];
            for (int i = 0; i < REPEATS; i++) {
                Shell.Output o = shell.run(cmd, TIMEOUT);
                if (o.exit() != 0) {
                    throw new HostException("`" + o.command() + "` failed (exit " + o.exit() + "): "
                            + o.stderr().strip().lines().findFirst().orElse(""));
                }
                v[i] = read.applyAsDouble(o);
            }
            Arrays.sort(v);
            lastCommand = tool.equals("gcc") ? "hostprobe " + Shell.line(cmd.subList(1, cmd.size()))
                    + "` (helpers/hostprobe.c, gcc -O2 -pthread; " : Shell.line(cmd) + "` (";
            return v[REPEATS / 2];
        } catch (HostException e) {
            notes.add(key + ": " + e.getMessage() + (e.missingTool() == null ? "" : hint(e.missingTool())));
            progress.accept("  skipped: " + e.getMessage());
            return Double.NaN;
        }
    }

    private String lastCommand = "";

    private static String hint(String tool) {
        return switch (tool) {
            case "perf" -> " (apt-get install linux-perf)";
            case "cyclictest" -> " (apt-get install rt-tests)";
            case "gcc" -> " (apt-get install gcc)";
            default -> "";
        };
    }

    private void cost(CostKey key, long value, String unit, String how) {
        settings.add(new HostProfile.Setting("cost " + key.name().toLowerCase(Locale.ROOT) + " = " + value + " "
                + unit, "`" + lastCommand + REPEATS + " runs): " + how));
    }

    private long cycles(double ns) {
        return Math.round(ns * mhz / 1000);
    }

    private static String us(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
