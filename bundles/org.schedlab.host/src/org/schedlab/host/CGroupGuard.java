/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A cgroup of the cpu controller that validate-host makes for one run: made with its weight and limit, programs
 * started in it through {@link #shell}, its cpu.stat read, and removed when the run ends ({@link #close()}: any task
 * still in it is moved to the parent first), also when the JVM is stopped before that (a shutdown hook), so the
 * machine is left as it was found. Works with cgroup v1's {@code cpu} controller ({@code cpu.shares},
 * {@code cpu.cfs_quota_us}, {@code cpu.cfs_period_us}) and with v2 ({@code cpu.weight}, {@code cpu.max}).
 */
public final class CGroupGuard extends ShutdownGuard {

    private final Path dir;
    private final boolean v2;

    private CGroupGuard(Path dir, boolean v2) {
        super("remove " + dir);
        this.dir = dir;
        this.v2 = v2;
    }

    /**
     * @return the folder of the cpu controller under {@code cgroupRoot} (/sys/fs/cgroup): v1's {@code cpu} (or
     *         {@code cpu,cpuacct}), else a v2 hierarchy whose cgroup.controllers lists cpu; null when there is none
     */
    public static Path cpuController(Path cgroupRoot) {
        for (String v1 : new String[] {"cpu", "cpu,cpuacct"}) {
            if (Files.isRegularFile(cgroupRoot.resolve(v1).resolve("cpu.shares"))) {
                return cgroupRoot.resolve(v1);
            }
        }
        for (Path p : new Path[] {cgroupRoot, cgroupRoot.resolve("unified")}) {
            try {
                if (Files.readString(p.resolve("cgroup.controllers")).contains("cpu")) {
                    return p;
                }
            } catch (IOException e) {
                // not a v2 hierarchy with the cpu controller
            }
        }
        return null;
    }

    /**
     * Makes {@code controller/name} with {@code shares} (v1's unit; cpu.weight = shares x 100 / 1024 on v2) and, if
     * {@code quotaUs} > 0, a limit of {@code quotaUs} per {@code periodUs}.
     *
     * @throws HostException when it cannot be made (not root, no such controller)
     */
    public static CGroupGuard create(Path controller, String name, long shares, long quotaUs, long periodUs) {
        boolean v2 = !Files.exists(controller.resolve("cpu.shares")) && Files.exists(controller.resolve(
                "cgroup.controllers"));
        Path dir = controller.resolve(name);
        CGroupGuard g = new CGroupGuard(dir, v2);
        try {
            Files.createDirectory(dir);
        } catch (IOException e) {
            throw new HostException("cannot make the cgroup " + dir + " (" + e + "): validate-host needs root for the"
                    + " cgroup cases", "root");
        }
        g.arm();
        try {
            if (v2) {
                write(dir.resolve("cpu.weight"), Long.toString(Math.max(1, Math.round(shares * 100.0
                        / 1024))));
                write(dir.resolve("cpu.max"), quotaUs > 0 ? quotaUs + " " + periodUs : "max " + periodUs);
            } else {
                write(dir.resolve("cpu.shares"), Long.toString(shares));
                write(dir.resolve("cpu.cfs_period_us"), Long.toString(periodUs));
                write(dir.resolve("cpu.cfs_quota_us"), Long.toString(quotaUs > 0 ? quotaUs : -1));
            }
        } catch (IOException e) {
            g.close();
            throw new HostException("cannot set up the cgroup " + dir + ": " + e.getMessage());
        }
        return g;
    }

    /** Writes {@code value} and a newline in one write() (a cgroup file exists; a test's folder gets it made). */
    private static void write(Path file, String value) throws IOException {
        try (java.io.OutputStream out = Files.newOutputStream(file, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)) {
            out.write((value + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    /** @return the cgroup's folder */
    public Path dir() {
        return dir;
    }

    /** @return a shell whose commands start inside this cgroup (their children stay in it) */
    public Shell shell(Shell base) {
        Path procs = dir.resolve("cgroup.procs");
        return new Shell() {
            @Override
            public Output run(List<String> command, Duration timeout) {
                List<String> cmd = new ArrayList<>(List.of("sh", "-c", "echo $$ > '" + procs + "' && exec \"$@\"",
                        "sh"));
                cmd.addAll(command);
                Output o = base.run(cmd, timeout);
                return new Output(Shell.line(command) + "   # in " + dir, o.exit(), o.stdout(), o.stderr());
            }

            @Override
            public boolean has(String program) {
                return base.has(program);
            }
        };
    }

    /**
     * @return cpu.stat: nr_periods, nr_throttled, and the throttled time as {@code throttled_usec} (v1's
     *         throttled_time, ns, divided by 1000)
     */
    public Map<String, Long> stat() {
        Map<String, Long> out = new LinkedHashMap<>();
        try {
            for (String l : Files.readAllLines(dir.resolve("cpu.stat"))) {
                String[] kv = l.trim().split("\\s+");
                if (kv.length == 2) {
                    long v = Long.parseLong(kv[1]);
                    out.put(kv[0].equals("throttled_time") ? "throttled_usec" : kv[0], kv[0].equals("throttled_time")
                            ? v / 1000 : v);
                }
            }
        } catch (IOException | NumberFormatException e) {
            throw new HostException("cannot read " + dir.resolve("cpu.stat") + ": " + e.getMessage());
        }
        return out;
    }

    /** Moves what is left in the cgroup to its parent and removes it. */
    @Override
    protected void undo() {
        try {
            Path procs = dir.resolve("cgroup.procs");
            if (Files.exists(procs)) {
                for (String pid : Files.readAllLines(procs)) {
                    if (!pid.isBlank()) {
                        write(dir.getParent().resolve("cgroup.procs"), pid.trim());
                    }
                }
            }
            rmdir();
        } catch (IOException e) {
            System.err.println("schedlab: could not remove the cgroup " + dir + ": " + e.getMessage()
                    + " (rmdir it by hand)");
        }
    }

    /** rmdir: a cgroup folder goes with its control files; an ordinary folder (in tests) needs them deleted first. */
    private void rmdir() throws IOException {
        try {
            Files.deleteIfExists(dir);
        } catch (java.nio.file.DirectoryNotEmptyException e) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    /** @return whether it was made on cgroup v2 */
    public boolean v2() {
        return v2;
    }
}
