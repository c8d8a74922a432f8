/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.PrintStream;
import java.util.Locale;

import org.schedlab.runner.WallTimeEstimate;

/**
 * The progress line of a long run on standard error: a bar, the per cent done, the runs (cell x seed) finished of
 * all, the elapsed wall time and the time still to go, then what is running. On a terminal it is redrawn in place;
 * asked for with {@code --progress} elsewhere (a log, CI) it prints a whole line every {@value #LOG_EVERY_S} s.
 * Otherwise it prints nothing, so that output stays parseable; it never writes to standard output.
 */
final class ProgressBar {

    private static final int WIDTH = 20;
    private static final long MIN_REDRAW_NS = 100_000_000L;
    /** Seconds between two lines when the progress goes to a log rather than a terminal. */
    static final int LOG_EVERY_S = 10;
    /** Below this fraction done the time to go comes from the estimate made before the run, not the run so far. */
    private static final double MEASURED_FROM = 0.02;

    private final PrintStream err;
    private final boolean enabled;
    private final boolean inPlace;
    private final double estimateS;
    private final long startNs = System.nanoTime();
    private long lastDraw = Long.MIN_VALUE / 2;
    private int lastLength;
    private int runsDone;
    private int runsTotal;

    private ProgressBar(PrintStream err, boolean enabled, boolean inPlace, double estimateS) {
        this.err = err;
        this.enabled = enabled;
        this.inPlace = inPlace;
        this.estimateS = estimateS;
    }

    /**
     * @param asked     {@code --progress}: show it even when standard error is not a terminal
     * @param estimateS the run's wall time estimated before it started ({@link WallTimeEstimate}), for the first
     *                  moments
     */
    static ProgressBar forRun(PrintStream err, boolean asked, double estimateS) {
        boolean terminal = stderrIsTerminal();
        return new ProgressBar(err, terminal || asked, terminal, estimateS);
    }

    /**
     * @return whether standard error is a terminal, as the launcher found it ({@code [ -t 2 ]} passed as
     *         {@code -Dschedlab.stderr.terminal}); Java itself cannot tell (a console is not a terminal on stderr), so
     *         started any other way the answer is no
     */
    static boolean stderrIsTerminal() {
        return !"dumb".equals(System.getenv("TERM")) && Boolean.getBoolean("schedlab.stderr.terminal");
    }

    /** Records that {@code done} of {@code total} runs have finished. */
    synchronized void runs(int done, int total) {
        runsDone = done;
        runsTotal = total;
    }

    /** Shows {@code fraction} (0..1) with a short message; cheap to call often. */
    synchronized void update(double fraction, String message) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        long every = inPlace ? MIN_REDRAW_NS : LOG_EVERY_S * 1_000_000_000L;
        if (now - lastDraw < every && fraction < 1) {
            return;
        }
        lastDraw = now;
        String line = line(fraction, runsDone, runsTotal, (now - startNs) / 1e9, estimateS, message);
        if (inPlace) {
            if (line.length() > 120) {
                line = line.substring(0, 120);
            }
            err.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
            lastLength = line.length();
        } else {
            err.println(line);
        }
        err.flush();
    }

    /**
     * @return {@code [#####...............]  25% 3/12 runs, 40 s elapsed, about 2 min to go: MESSAGE}
     */
    static String line(double fraction, int done, int total, double elapsedS, double estimateS, String message) {
        double f = Math.max(0, Math.min(1, fraction));
        int filled = (int) Math.floor(f * WIDTH);
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "[%s%s] %3.0f%%", "#".repeat(filled),
                ".".repeat(WIDTH - filled), Math.floor(f * 100)));
        if (total > 0) {
            b.append(' ').append(done).append('/').append(total).append(" runs");
        }
        b.append(", ").append(duration(elapsedS)).append(" elapsed, ");
        if (f >= 1) {
            b.append("done");
        } else {
            double toGo = f >= MEASURED_FROM ? elapsedS * (1 - f) / f : Math.max(0, estimateS - elapsedS);
            b.append("ETA ").append(f >= MEASURED_FROM ? "" : "~").append(duration(toGo));
        }
        if (message != null && !message.isEmpty()) {
            b.append(": ").append(message);
        }
        return b.toString();
    }

    /** @return seconds as {@link WallTimeEstimate#wallTime()} writes them: 45 s, 12 min, 3.5 h, 2.3 days */
    static String duration(double seconds) {
        return new WallTimeEstimate(0, 1, seconds).wallTime();
    }

    /** Ends the progress: clears the bar on a terminal so that the next output starts on a clean line. */
    synchronized void done() {
        if (enabled && inPlace && lastLength > 0) {
            err.print("\r" + " ".repeat(lastLength) + "\r");
            err.flush();
            lastLength = 0;
        }
    }
}
