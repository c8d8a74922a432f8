/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A recording of the kernel's sched events while a command runs: a tracefs instance of its own (so other tracing on
 * the machine is left alone), removed again afterwards, also when the recording fails. Needs root and tracefs
 * (mounted at /sys/kernel/tracing if it is not).
 */
public final class TraceRecording {

    /** The events a recording enables, those `schedlab import ftrace` reads. */
    public static final List<String> EVENTS = List.of("sched_switch", "sched_wakeup", "sched_wakeup_new",
            "sched_migrate_task", "sched_process_fork", "sched_process_exit");

    /** hackbench's recorded command: 2 groups of processes over sockets, stopped by the recording's time limit. */
    public static final List<String> HACKBENCH = List.of("hackbench", "-g", "2", "-l", "1000000");

    private TraceRecording() {
    }

    /**
     * @return the rt-app configuration that is recorded beside hackbench: two periodic tasks (2 ms every 10 ms on a
     *         shared timer) and a busy one (5 ms run, 5 ms sleep), for 4 s, logging into {@code logDir}
     */
    public static String rtAppPeriodic(Path logDir) {
        return """
				{
					"tasks" : {
						"periodic" : { "instance" : 2, "loop" : -1, "runtime" : 2000,
							"timer" : { "ref" : "tick", "period" : 10000 } },
						"busy" : { "loop" : -1, "runtime" : 5000, "sleep" : 5000 }
					},
					"global" : { "duration" : 4, "calibration" : 100, "default_policy" : "SCHED_OTHER",
						"logstats" : false, "lock_pages" : false, "log_basedir" : "%s" }
				}
				""".formatted(logDir);
    }

    /**
     * Runs {@code command} in {@code dir} for at most {@code seconds} (then stops it and its children) with the sched
     * events on, and copies the trace to {@code out}.
     *
     * @throws HostException when tracefs cannot be written (not root) or the command cannot start
     */
    public static void record(Path tracefs, List<String> command, Path dir, double seconds, Path out) {
        Path instance = instance(tracefs);
        try {
            Process p;
            try {
                Files.writeString(instance.resolve("tracing_on"), "1");
                p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                        .redirectOutput(dir.resolve(Path.of(command.get(0)).getFileName() + ".log").toFile()).start();
            } catch (IOException e) {
                throw new HostException("cannot run " + command.get(0) + " (" + e.getMessage() + ")", command.get(0));
            }
            boolean ended = p.waitFor((long) (seconds * 1000), TimeUnit.MILLISECONDS);
            Files.writeString(instance.resolve("tracing_on"), "0");
            if (!ended) {
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy();
                p.waitFor(10, TimeUnit.SECONDS);
            }
            // tracefs files have size 0: copy by reading to the end (a channel transfer would copy nothing)
            try (InputStream in = new FileInputStream(instance.resolve("trace").toFile());
                    OutputStream o = Files.newOutputStream(out)) {
                byte[] buf = new byte[1 << 16];
                for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                    o.write(buf, 0, n);
                }
            }
            String head = new String(Files.readAllBytes(out), 0, (int) Math.min(200, Files.size(out)),
                    StandardCharsets.UTF_8);
            if (!head.startsWith("# tracer: nop")) {
                throw new HostException("the trace of " + command.get(0) + " does not start as tracefs writes one: "
                        + head.lines().findFirst().orElse(""));
            }
        } catch (IOException e) {
            throw new HostException("tracing " + command.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostException("interrupted while tracing " + command.get(0));
        } finally {
            try {
                Files.writeString(instance.resolve("tracing_on"), "0");
                Files.delete(instance);
            } catch (IOException e) {
                System.err.println("schedlab: could not remove the tracefs instance " + instance + ": " + e.getMessage());
            }
        }
    }

    /** @return a new tracefs instance with the sched events on and a 16 MB buffer per CPU */
    private static Path instance(Path tracefs) {
        if (!Files.isDirectory(tracefs.resolve("instances"))) {
            try {
                new ProcessBuilder("mount", "-t", "tracefs", "nodev", tracefs.toString()).inheritIO().start()
                        .waitFor(10, TimeUnit.SECONDS);
            } catch (IOException e) {
                // checked below
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Path instance = tracefs.resolve("instances/schedlab-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        try {
            Files.createDirectory(instance);
            for (String event : EVENTS) {
                Files.writeString(instance.resolve("events/sched/" + event + "/enable"), "1");
            }
            Files.writeString(instance.resolve("buffer_size_kb"), "16384");
        } catch (IOException e) {
            try {
                Files.deleteIfExists(instance);
            } catch (IOException ignored) {
                // it was not made
            }
            throw new HostException("tracefs is not writable here (" + tracefs + "/instances: " + e.getMessage()
                    + "); run as root, after mount -t tracefs nodev " + tracefs, "root");
        }
        return instance;
    }
}
