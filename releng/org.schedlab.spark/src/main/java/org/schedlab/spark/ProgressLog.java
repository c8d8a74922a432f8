/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.spark;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The driver's progress. For a person (the driver started by spark-submit): a line on standard error every
 * {@value #EVERY_S} s with the cells done, the rate and the time left at the rate of this run. For
 * {@code schedlab sweep --spark}, which draws its own progress bar: one machine-readable line per finished cell on
 * standard output, {@code @progress DONE TOTAL LABEL}, after {@code @start EXPERIMENT CELLS ALREADY_DONE}.
 */
final class ProgressLog {
    /** Prefix of the machine-readable lines. */
    static final String PREFIX = "@progress ";
    static final int EVERY_S = 5;

    private final PrintStream out;
    private final boolean forMachine;
    private String name;
    private int total;
    private int reused;
    private long startNs;
    private long lastNs;
    private long firstCellNs;
    private int firstCellDone;

    ProgressLog(PrintStream out, boolean forMachine) {
        this.out = out;
        this.forMachine = forMachine;
    }

    synchronized void start(String experiment, int cells, int alreadyDone) {
        this.name = experiment;
        this.total = cells;
        this.reused = alreadyDone;
        this.startNs = System.nanoTime();
        this.lastNs = startNs;
        this.firstCellNs = 0;
        if (forMachine) {
            out.println("@start " + experiment + " " + cells + " " + alreadyDone);
        } else {
            out.printf(Locale.ROOT, "%s: %d cells, %d already done, %d to run on the cluster%n", experiment, cells,
                    alreadyDone, cells - alreadyDone);
        }
        out.flush();
    }

    synchronized void cellDone(int done, String label) {
        long now = System.nanoTime();
        if (firstCellNs == 0) {
            firstCellNs = now;
            firstCellDone = done;
        }
        if (forMachine) {
            out.println(PREFIX + done + " " + total + " " + label);
            out.flush();
        } else if (now - lastNs >= EVERY_S * 1_000_000_000L) {
            lastNs = now;
            out.println(line(done, (now - startNs) / 1e9, rate(done, now)));
            out.flush();
        }
    }

    synchronized void finish() {
        if (!forMachine) {
            long now = System.nanoTime();
            double rate = rate(total, now);
            out.println(line(total, (now - startNs) / 1e9,
                    rate > 0 ? rate : (total - reused) / Math.max(1e-9, (now - startNs) / 1e9)));
            out.flush();
        }
    }

    /**
     * @return cells per second since the first cell came back (the cluster's start-up, executors launching and
     *         loading the file, is not a rate that lasts), 0 in the first second
     */
    private double rate(int done, long now) {
        double s = (now - firstCellNs) / 1e9;
        return done > firstCellDone && s >= 1 ? (done - firstCellDone) / s : 0;
    }

    /** @return {@code NAME: 120 of 2000 cells (6 %), 15.2 cells/s, 10 s elapsed, about 2 min left} */
    String line(int done, double elapsedS, double rate) {
        String left = done >= total ? "done" : rate > 0 ? "about " + duration((total - done) / rate) + " left"
                : "time left not known yet";
        return String.format(Locale.ROOT, "%s: %d of %d cells (%.0f %%), %.1f cells/s, %s elapsed, %s", name, done,
                total, 100.0 * done / Math.max(1, total), rate, duration(elapsedS), left);
    }

    static String duration(double s) {
        if (s < 90) {
            return String.format(Locale.ROOT, "%.0f s", s);
        }
        if (s < 90 * 60) {
            return String.format(Locale.ROOT, "%.0f min", s / 60);
        }
        return String.format(Locale.ROOT, "%.1f h", s / 3600);
    }
}
