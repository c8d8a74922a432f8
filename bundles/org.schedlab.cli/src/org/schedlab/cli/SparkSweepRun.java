/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the Spark driver of a sweep ({@link SparkLaunch}) as a child process: its standard error goes through to
 * ours, its {@code @start} and {@code @progress} lines drive our progress bar (with the time left), and its
 * {@code @swept NAME RAN REUSED} lines say which experiments it finished; it leaves their results in the hand-off
 * folder for {@link SweepCommand} to print and write as a local sweep does.
 */
final class SparkSweepRun {
    /** Cells run and reused of a finished experiment. */
    record Counts(int ran, int reused) {
    }

    private final PrintStream err;
    private final boolean progressAsked;
    private final Map<String, Double> estimates;
    private final Map<String, Counts> swept = new HashMap<>();
    private ProgressBar bar;
    private String experiment;

    /**
     * @param estimates the wall time of each experiment estimated before the run (seconds, on this machine's cores),
     *                  for the progress bar's first moments
     */
    SparkSweepRun(PrintStream err, boolean progressAsked, Map<String, Double> estimates) {
        this.err = err;
        this.progressAsked = progressAsked;
        this.estimates = estimates;
    }

    /**
     * @return the driver's exit code
     */
    int run(List<String> command, Path sparkHome, String master) {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().putAll(SparkLaunch.environment(sparkHome, master));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new InputException("cannot start the Spark driver: " + e.getMessage());
        }
        Thread stop = new Thread(() -> {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }, "schedlab-spark-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        Thread errors = pump(p.getErrorStream());
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null;) {
                driverLine(line);
            }
            errors.join();
            return p.waitFor();
        } catch (IOException e) {
            throw new InputException("lost the Spark driver's output: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroy();
            throw new InputException("interrupted");
        } finally {
            endBar();
            try {
                Runtime.getRuntime().removeShutdownHook(stop);
            } catch (IllegalStateException e) {
                // shutting down: the hook runs
            }
        }
    }

    /** @return the counts of {@code experiment} if the driver finished it */
    Counts swept(String name) {
        return swept.get(name);
    }

    private void driverLine(String line) {
        String[] f = line.split(" ", 4);
        switch (f[0]) {
        case "@start" -> {
            endBar();
            experiment = f[1];
            bar = ProgressBar.forRun(err, progressAsked, estimates.getOrDefault(experiment, 0.0));
        }
        case "@progress" -> {
            int done = Integer.parseInt(f[1]);
            int total = Integer.parseInt(f[2]);
            bar.update((double) done / Math.max(1, total), experiment + ": " + done + " of " + total + " cells, "
                    + (f.length > 3 ? f[3] : "") + " done");
        }
        case "@swept" -> {
            endBar();
            swept.put(f[1], new Counts(Integer.parseInt(f[2]), Integer.parseInt(f[3])));
        }
        default -> relay(line);
        }
    }

    /**
     * Passes a line of the driver on to standard error, but for two notes the JVM prints for the options Spark's
     * launcher gives every Spark JVM (an incubator module; an --add-opens of a package JDK 25 no longer has), which
     * say nothing about the sweep.
     */
    private void relay(String line) {
        if (line.equals("WARNING: Using incubator modules: jdk.incubator.vector")
                || line.equals("WARNING: package sun.security.action not in java.base")) {
            return;
        }
        synchronized (err) {
            err.println(line);
        }
    }

    private void endBar() {
        if (bar != null) {
            bar.done();
            bar = null;
        }
    }

    private Thread pump(InputStream in) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null;) {
                    relay(line);
                }
            } catch (IOException e) {
                // the driver is gone; its exit code says how
            }
        }, "schedlab-spark-stderr");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
