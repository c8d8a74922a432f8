/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.schedlab.host.CGroupGuard;
import org.schedlab.host.HostException;
import org.schedlab.host.Shell;
import org.schedlab.host.ToolOutputs;

/**
 * The real side of the cgroup cases: programs started inside cgroups of the cpu controller that each run makes
 * and removes ({@link CGroupGuard}), under /sys/fs/cgroup (v1's cpu controller or v2's).
 */
final class CGroupRuns {
    /** The bandwidth period every case uses: the kernel's default, 100 ms. */
    static final long PERIOD_US = 100_000;

    private CGroupRuns() {
    }

    private static CGroupGuard create(String what, long shares, long quotaUs) {
        Path controller = CGroupGuard.cpuController(Path.of("/sys/fs/cgroup"));
        if (controller == null) {
            throw new HostException("no cpu controller is mounted under /sys/fs/cgroup", "cgroup");
        }
        return CGroupGuard.create(controller, "schedlab-" + ProcessHandle.current().pid() + "-" + what, shares, quotaUs,
                PERIOD_US);
    }

    private static RealContext inside(RealContext c, CGroupGuard g) {
        return new RealContext(g.shell(c.shell()), c.helpers(), c.work(), c.cpus(), c.proc(), c.cache());
    }

    private static List<String> hogs(int n, int seconds) {
        return List.of("stress-ng", "--cpu", Integer.toString(n), "--cpu-method", "int64", "-t", seconds + "s",
                "--metrics-brief", "--perf");
    }

    /**
     * Two cgroups at {@code sharesA} and {@code sharesB}, {@code hogs} stress-ng --cpu hogs in each, run together:
     * the first group's share (%) of the CPU time both used.
     */
    static Map<String, Double> weights(RealContext c, int hogs, long sharesA, long sharesB, int seconds) {
        try (CGroupGuard a = create("a", sharesA, 0); CGroupGuard b = create("b", sharesB, 0)) {
            return side(inside(c, a), hogs(hogs, seconds), inside(c, b), hogs(hogs, seconds), seconds,
                    "share of the first");
        }
    }

    /**
     * Two stress-ng hog commands run together, each through its own context: the first one's share (%) of the CPU
     * time both used ({@code share}), and the hogs' own context switches per second.
     */
    private static Map<String, Double> side(RealContext ca, List<String> a, RealContext cb, List<String> b,
            int seconds, String share) {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Shell.Output> ra = CompletableFuture.supplyAsync(() -> RealRuns.run(ca, a, seconds), pool);
            CompletableFuture<Shell.Output> rb = CompletableFuture.supplyAsync(() -> RealRuns.run(cb, b, seconds), pool);
            Shell.Output oa = RealRuns.join(ra);
            Shell.Output ob = RealRuns.join(rb);
            double ta = cpuSeconds(oa);
            double tb = cpuSeconds(ob);
            return Map.of(share, 100 * ta / (ta + tb), Validator.SWITCHES.name(),
                    RealRuns.hogSwitches(oa, seconds) + RealRuns.hogSwitches(ob, seconds));
        } finally {
            pool.shutdown();
        }
    }

    /**
     * {@code hogs} stress-ng --cpu hogs in one cgroup with {@code quotaUs} per 100 ms (0: no limit): the CPUs they
     * used and the periods per second the group was throttled in (cpu.stat).
     */
    static Map<String, Double> cappedHogs(RealContext c, int hogs, long quotaUs, int seconds) {
        try (CGroupGuard g = create("hogs", 1024, quotaUs)) {
            Map<String, Long> before = g.stat();
            Shell.Output o = RealRuns.run(inside(c, g), hogs(hogs, seconds), seconds);
            Map<String, Long> after = g.stat();
            Map<String, Double> out = new LinkedHashMap<>();
            out.put("CPUs used", cpuSeconds(o) / seconds);
            out.put("throttled periods/s", (after.getOrDefault("nr_throttled", 0L) - before.getOrDefault(
                    "nr_throttled", 0L)) / (double) seconds);
            out.put(Validator.SWITCHES.name(), RealRuns.hogSwitches(o, seconds));
            return out;
        }
    }

    /** rt-app's periodic task beside {@code hogs} hogs, all in one cgroup with {@code quotaUs} per 100 ms (0: none). */
    static Map<String, Double> cappedPeriodic(RealContext c, int hogs, long quotaUs, int periodUs, int seconds) {
        try (CGroupGuard g = create("periodic", 1024, quotaUs)) {
            return RealRuns.rtApp(inside(c, g), hogs, 1000, periodUs, seconds, RealRuns.Periodic.PLAIN);
        }
    }

    /**
     * {@code hogsA} stress-ng --cpu hogs in one new session ({@code setsid}) and {@code hogsB} in another, all on
     * CPU 0 and in no cgroup, run together: the first session's share (%) of the CPU time both used.
     */
    static Map<String, Double> sessions(RealContext c, int hogsA, int hogsB, int seconds) {
        return side(c, inSession(hogs(hogsA, seconds)), c, inSession(hogs(hogsB, seconds)), seconds,
                "share of the lone hog");
    }

    /** @return {@code cmd} in a session of its own (a new autogroup), pinned to CPU 0 */
    private static List<String> inSession(List<String> cmd) {
        List<String> out = new java.util.ArrayList<>(List.of("setsid", "-w", "taskset", "-c", "0"));
        out.addAll(cmd);
        return out;
    }

    private static double cpuSeconds(Shell.Output o) {
        ToolOutputs.StressNg s = ToolOutputs.stressNg(o, "cpu");
        return s.usrSeconds() + s.sysSeconds();
    }
}
