/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.schedlab.host.HostException;
import org.schedlab.host.Shell;
import org.schedlab.host.ToolOutputs;

/** The programs the suite runs on the real kernel, one method per case kind; each returns one repetition. */
final class RealRuns {

    private RealRuns() {
    }

    static Shell.Output run(RealContext c, List<String> cmd, int seconds) {
        Shell.Output o = c.shell().run(cmd, Duration.ofSeconds(seconds + 120L));
        if (o.exit() != 0) {
            String why = o.stderr().strip().lines().reduce((a, b) -> b).orElse("");
            String tool = why.contains("Permission") || why.contains("not permitted") ? cmd.get(0) : null;
            throw new HostException("`" + o.command() + "` failed (exit " + o.exit() + "): " + why, tool);
        }
        return o;
    }

    /** threads.c with {@code threads} threads for {@code seconds}: work/s, zero-work threads, deviation. */
    static Map<String, Double> threadsC(RealContext c, int threads, int seconds) {
        Path bin = c.helpers().threadsC(threads, seconds);
        ToolOutputs.ThreadsC t = ToolOutputs.threadsC(run(c, List.of(bin.toString()), seconds));
        return Map.of("work/s", t.workPerS(), "zero-work threads", (double) t.zero(), "deviation", t.deviation());
    }

    /** perf bench sched pipe [-T] -l LOOPS, both tasks pinned to CPU 0 ({@code pinned}) or free: usecs per round trip. */
    static Map<String, Double> perfPipe(RealContext c, boolean threads, int loops, boolean pinned) {
        List<String> cmd = new ArrayList<>(pinned ? List.of("taskset", "-c", "0") : List.of());
        cmd.addAll(List.of("perf", "bench", "sched", "pipe", "-l", Integer.toString(loops)));
        if (threads) {
            cmd.add("-T");
        }
        return Map.of("usecs/op", ToolOutputs.perfUsecsPerOp(run(c, cmd, 60)));
    }

    /**
     * How a periodic case's real run is changed: the hogs' policy, a wrapper that sets the periodic task's policy,
     * nice and slice before it starts (hostprobe attr), and rt-app's own policy and priority for it.
     *
     * @param hogPolicy other, batch or idle (hostprobe hogs)
     * @param wrapper   hostprobe attr's arguments (policy, nice, slice ns), or null for none
     * @param policy    rt-app's policy for the periodic task (SCHED_OTHER, SCHED_FIFO, SCHED_RR)
     * @param priority  rt-app's priority (nice for SCHED_OTHER, the real-time priority otherwise)
     */
    record Periodic(String hogPolicy, List<String> wrapper, String policy, int priority) {
        static final Periodic PLAIN = new Periodic("other", null, "SCHED_OTHER", 0);
    }

    /**
     * rt-app: one periodic thread (run {@code runUs} every {@code periodUs}, rt-app's timer) beside {@code hogs}
     * processes that never sleep (hostprobe hogs), for {@code seconds}: the periodic thread's mean and 99th-percentile
     * wakeup latency (us) and the share of activations whose slack was negative (missed deadlines, %). The first
     * activation is left out (thread start). rt-app 1.0 writes its logs into its working folder (run there with
     * env -C); its busy loop is calibrated once per validation ({@link #rtAppPLoad}).
     */
    static Map<String, Double> rtApp(RealContext c, int hogs, int runUs, int periodUs, int seconds, Periodic how) {
        Path dir = c.work().resolve("rtapp-" + hogs + "-" + System.nanoTime());
        String json = """
				{
					"tasks" : {
						"periodic" : { "loop" : -1, "runtime" : %d, "timer" : { "ref" : "tick", "period" : %d },
							"policy" : "%s", "priority" : %d }
					},
					"global" : { "duration" : %d, "default_policy" : "SCHED_OTHER", "calibration" : %d,
						"log_basedir" : "%s", "logstats" : true, "lock_pages" : false }
				}
				""".formatted(runUs, periodUs, how.policy(), how.priority(), seconds, rtAppPLoad(c), dir);
        try {
            Files.createDirectories(dir);
            Path file = dir.resolve("periodic.json");
            Files.writeString(file, json, StandardCharsets.UTF_8);
            List<String> cmd = new ArrayList<>(List.of(c.helpers().hostprobe().toString(), "hogs",
                    Integer.toString(hogs), how.hogPolicy(), "--"));
            if (how.wrapper() != null) {
                cmd.addAll(List.of(c.helpers().hostprobe().toString(), "attr"));
                cmd.addAll(how.wrapper());
                cmd.add("--");
            }
            // rt-app 1.0 writes its logs into the working folder whatever log_basedir says
            cmd.addAll(List.of("env", "-C", dir.toString(), "rt-app", file.toString()));
            run(c, cmd, seconds + 30);
            Path log = dir.resolve("rt-app-periodic-0.log");
            if (!Files.isRegularFile(log)) {
                throw new HostException("rt-app wrote no " + log);
            }
            List<ToolOutputs.RtAppRow> rows = ToolOutputs.rtAppLog(Files.readString(log), log.toString());
            return rtAppFigures(rows);
        } catch (IOException e) {
            throw new HostException("rt-app case: " + e.getMessage());
        }
    }

    /**
     * rt-app's busy-loop calibration (ns per loop), measured once per validation with "calibration" : "CPU0" (it
     * takes rt-app about 15 s) and given to every later run, whose events then start at once.
     */
    static long rtAppPLoad(RealContext c) {
        return (Long) c.cache().computeIfAbsent("rt-app pLoad", k -> {
            if (!c.shell().has("rt-app")) {
                throw new HostException("rt-app is not installed (apt-get install rt-app)", "rt-app");
            }
            Path dir = c.work().resolve("rtapp-calibration");
            try {
                Files.createDirectories(dir);
                Path file = dir.resolve("calibrate.json");
                Files.writeString(file, """
						{ "tasks" : { "t" : { "loop" : 1, "runtime" : 1000 } },
						  "global" : { "duration" : 1, "calibration" : "CPU0", "log_basedir" : "%s" } }
						""".formatted(dir), StandardCharsets.UTF_8);
                return ToolOutputs.rtAppPLoad(run(c, List.of("env", "-C", dir.toString(), "rt-app", file.toString()),
                        60));
            } catch (IOException e) {
                throw new HostException("rt-app calibration: " + e.getMessage());
            }
        });
    }

    /**
     * cyclictest's SCHED_OTHER thread (--policy=other, every {@code intervalUs}) beside {@code hogs} processes of
     * {@code hogPolicy}, {@code loops} wakeups: its latency mean, p99 and max (us), from its histogram. With
     * {@code fifo} set it runs as SCHED_FIFO priority 80 instead.
     */
    static Map<String, Double> cyclictestHogs(RealContext c, int hogs, String hogPolicy, int intervalUs, int loops,
            boolean fifo) {
        List<String> cmd = new ArrayList<>(List.of(c.helpers().hostprobe().toString(), "hogs",
                Integer.toString(hogs), hogPolicy, "--", "cyclictest", "-q", "-m", "-i", Integer.toString(intervalUs),
                "-l", Integer.toString(loops), "-t", "1", "-h", "100000"));
        // cyclictest 2.x: -p 0 makes the thread SCHED_FIFO at priority 2; --policy=other alone keeps it SCHED_OTHER
        cmd.addAll(fifo ? List.of("--policy=fifo", "-p", "80") : List.of("--policy=other"));
        ToolOutputs.CyclicHistogram h = ToolOutputs.cyclictestHistogram(run(c, cmd, loops * intervalUs / 1_000_000
                + 30));
        return Map.of("latency mean", h.meanUs(), "latency p99", h.p99Us(), "latency max", h.maxUs());
    }

    /** hackbench -g GROUPS -l LOOPS, sockets or pipes (-p), processes or threads (-T): seconds. */
    static Map<String, Double> hackbench(RealContext c, int groups, int loops, boolean threads, boolean pipes) {
        List<String> cmd = new ArrayList<>(List.of("hackbench"));
        if (threads) {
            cmd.add("-T");
        }
        if (pipes) {
            cmd.add("-p");
        }
        cmd.addAll(List.of("-g", Integer.toString(groups), "-l", Integer.toString(loops)));
        return Map.of("time", ToolOutputs.hackbenchSeconds(run(c, cmd, 60)));
    }

    /** perf bench sched messaging -g GROUPS -l LOOPS (hackbench's processes over sockets): seconds. */
    static Map<String, Double> perfMessaging(RealContext c, int groups, int loops) {
        return Map.of("time", ToolOutputs.perfTotalSeconds(run(c, List.of("perf", "bench", "sched", "messaging", "-g",
                Integer.toString(groups), "-l", Integer.toString(loops)), 60)));
    }

    /** stress-ng --pipe INSTANCES for {@code seconds}: bogo ops (writes) per wall second. */
    static Map<String, Double> stressPipe(RealContext c, int instances, int seconds) {
        Shell.Output o = run(c, List.of("stress-ng", "--pipe", Integer.toString(instances), "-t", seconds + "s",
                "--metrics-brief"), seconds);
        return Map.of("bogo ops/s", ToolOutputs.stressNg(o, "pipe").opsPerSecond());
    }

    /**
     * Two SCHED_RR hogs (priority 1, stress-ng --cpu 2 under chrt) pinned to CPU 0 for {@code seconds}: their context
     * switches per second (stress-ng's perf counters of its two stressors; the stress-ng parent, which starts them,
     * waits and reaps them, is no hog and is left out).
     */
    static Map<String, Double> rrHogs(RealContext c, int seconds) {
        Shell.Output o = run(c, List.of("chrt", "-r", "1", "taskset", "-c", "0", "stress-ng", "--cpu", "2",
                "--cpu-method", "int64", "-t", seconds + "s", "--perf"), seconds);
        double rate = hogSwitches(o, seconds);
        return Map.of("hog switches", rate, Validator.SWITCHES.name(), rate);
    }

    /**
     * @return the context switches per second of the stressors of a {@code stress-ng --cpu ... --perf} run of
     *         {@code seconds}: the hogs' own (their parent, which the simulated workloads do not have, left out)
     */
    static double hogSwitches(Shell.Output o, int seconds) {
        long n = ToolOutputs.stressNgSwitches(o);
        if (n < 0) {
            throw new HostException("`" + o.command() + "` printed no perf counts (stress-ng --perf needs perf events:"
                    + " /proc/sys/kernel/perf_event_paranoid)", "stress-ng");
        }
        return n / (double) seconds;
    }

    /** @return mean and p99 wakeup latency (us) and missed deadlines (%) of an rt-app log, first row left out */
    static Map<String, Double> rtAppFigures(List<ToolOutputs.RtAppRow> rows) {
        List<ToolOutputs.RtAppRow> r = rows.size() > 1 ? rows.subList(1, rows.size()) : rows;
        if (r.isEmpty()) {
            throw new HostException("the rt-app log has no activations");
        }
        long[] lat = r.stream().mapToLong(ToolOutputs.RtAppRow::wakeupLatency).sorted().toArray();
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("wakeup latency mean", Arrays.stream(lat).average().orElse(0));
        out.put("wakeup latency p99", (double) lat[(int) Math.min(lat.length - 1, Math.ceil(0.99 * lat.length) - 1)]);
        out.put("missed deadlines", 100.0 * r.stream().filter(x -> x.slack() < 0).count() / r.size());
        return out;
    }

    /**
     * One spinning process per nice level, all pinned to CPU 0 and released together (hostprobe nicehogs): each
     * one's share (%) of the CPU time they used over {@code seconds} in which all of them ran, in the order given,
     * and their own context switches per second. Until 6 December 2026 (third session) one stress-ng --cpu 1 per
     * level, started one after the other: each ran alone for a moment at its start or end, which raised the nice 10
     * hog's share beside nice 0 and 5 from the weights' 7.4 % to 10.7 to 13.2 %.
     */
    static Shares niceShares(RealContext c, int[] nices, int seconds) {
        List<String> cmd = new ArrayList<>(List.of(c.helpers().hostprobe().toString(), "nicehogs",
                Integer.toString(seconds)));
        for (int n : nices) {
            cmd.add(Integer.toString(n));
        }
        Shell.Output o = run(c, cmd, seconds);
        double[] out = new double[nices.length];
        for (int i = 0; i < nices.length; i++) {
            out[i] = ToolOutputs.probe(o, "share_" + i);
        }
        return new Shares(out, ToolOutputs.probe(o, "hog_switches"));
    }

    /** Shares (%) of hogs run side by side, in the order given, and their own context switches per second. */
    record Shares(double[] shares, double hogSwitches) {
    }

    static Shell.Output join(CompletableFuture<Shell.Output> f) {
        try {
            return f.join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof HostException h ? h : new HostException(String.valueOf(e.getCause()));
        }
    }

    /** stress-ng --yield INSTANCES for {@code seconds}: bogo ops per wall second. */
    static Map<String, Double> yieldStorm(RealContext c, int instances, int seconds) {
        Shell.Output o = run(c, List.of("stress-ng", "--yield", Integer.toString(instances), "-t", seconds + "s",
                "--metrics-brief"), seconds);
        return Map.of("bogo ops/s", ToolOutputs.stressNg(o, "yield").opsPerSecond());
    }

    /**
     * The yielder processes stress-ng 0.15 starts for {@code instances} instances (stress-ng-yield.c: two per CPU
     * in all, at least one per instance).
     */
    static int yielders(int instances, int cpus) {
        return instances * Math.max(1, 2 * cpus / instances);
    }
}
