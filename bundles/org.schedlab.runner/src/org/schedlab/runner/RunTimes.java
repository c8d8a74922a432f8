/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.sim.SimConfig;

/**
 * The wall seconds of earlier commands' runs, per cell, kept in the state folder ({@code run-times.tsv}), so that a
 * {@link RunPool} hands out the really longest run first: the simulated CPU-seconds alone rank threads.c's one
 * 450-thread run (60 simulated CPU-seconds, the longest in {@code schedlab calibrate}) after VolanoMark on 8 CPUs (960).
 * Only the order of the runs depends on it, never a result. A cell the file does not know is estimated from its
 * simulated CPU-seconds, scaled by what the known cells took against theirs.
 */
public final class RunTimes {
    /** The property naming the state folder (the launcher sets it); without it nothing is read or written. */
    public static final String STATE_PROPERTY = "schedlab.state";
    private static final String FILE = "run-times.tsv";
    private static final int MAX_CELLS = 2000;

    private final Path file;
    /** cell key -> {mean wall seconds, the simulated-CPU estimate} */
    private final Map<String, double[]> known = new ConcurrentHashMap<>();
    private final Map<String, double[]> measured = new ConcurrentHashMap<>();
    /** Wall seconds per estimated second over the known cells (they are read once), 0 until asked. */
    private volatile double scale;

    private RunTimes(Path file) {
        this.file = file;
    }

    /** @return the state folder's run times (empty when none were kept), or {@link #none()} without the property */
    public static RunTimes fromState() {
        String state = System.getProperty(STATE_PROPERTY);
        return state == null || state.isBlank() ? none() : load(Path.of(state).resolve(FILE));
    }

    /** @return run times kept only for the pool's life */
    public static RunTimes none() {
        return new RunTimes(null);
    }

    /** @return the times in {@code file}; an unreadable or missing file gives none */
    public static RunTimes load(Path file) {
        RunTimes t = new RunTimes(file);
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t");
                if (f.length == 3) {
                    t.known.put(f[2], new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1])});
                }
            }
        } catch (IOException | RuntimeException e) {
            t.known.clear();
        }
        return t;
    }

    /** @return the estimated wall seconds of one run of {@code cell} */
    public double estimateSeconds(CellSpec cell) {
        double[] m = known.get(key(cell));
        if (m != null) {
            return m[0];
        }
        return simulatedEstimate(cell) * scale();
    }

    private double scale() {
        if (scale == 0) {
            double wall = 0;
            double sim = 0;
            for (double[] k : known.values()) {
                wall += k[0];
                sim += k[1];
            }
            scale = sim > 0 && wall > 0 ? wall / sim : 1;
        }
        return scale;
    }

    /** Notes one run's wall seconds (kept on {@link #save()}). */
    public void record(CellSpec cell, double seconds) {
        measured.merge(key(cell), new double[] {seconds, 1, simulatedEstimate(cell)},
                (a, b) -> new double[] {a[0] + b[0], a[1] + b[1], b[2]});
    }

    /** Writes the known and this pool's measured times to the state folder (nothing without one); never throws. */
    public void save() {
        if (file == null || measured.isEmpty()) {
            return;
        }
        Map<String, double[]> all = new java.util.LinkedHashMap<>(known);
        measured.forEach((k, m) -> all.put(k, new double[] {m[0] / m[1], m[2]}));
        List<String> lines = new ArrayList<>();
        all.forEach((k, m) -> {
            if (lines.size() < MAX_CELLS) {
                lines.add(String.format(Locale.ROOT, "%.3f\t%.6g\t%s", m[0], m[1], k));
            }
        });
        Path tmp = null;
        try {
            Files.createDirectories(file.getParent());
            tmp = Files.createTempFile(file.getParent(), FILE, ".tmp");
            Files.write(tmp, lines, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            // only the next command's run order depends on it; a half-written copy is not left behind
            try {
                if (tmp != null) {
                    Files.deleteIfExists(tmp);
                }
            } catch (IOException ignored) {
                // nothing more to do
            }
        }
    }

    /** @return the cell's simulated CPU-seconds at the bench rate: the estimate without any measured time */
    static double simulatedEstimate(CellSpec cell) {
        SimConfig c = cell.config();
        return c.endNs() / 1e9 * c.machine().nrCpus() / WallTimeEstimate.CPU_SECONDS_PER_WALL_SECOND;
    }

    private static String key(CellSpec cell) {
        SimConfig c = cell.config();
        String k = cell.experiment() + " " + cell.label() + " " + c.endNs() + " " + c.machine().nrCpus();
        return k.replace('\t', ' ').replace('\n', ' ');
    }
}
