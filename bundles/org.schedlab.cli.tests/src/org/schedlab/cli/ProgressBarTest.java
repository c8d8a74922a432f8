/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The progress line: runs done of all, elapsed, time to go from the run so far or, at first, the estimate. */
class ProgressBarTest {

    @Test
    void timeToGoFollowsTheRunSoFar() {
        assertEquals("[#####...............]  25% 3/12 runs, 40 s elapsed, ETA 2 min: e: duo/rr seed 1 done",
                ProgressBar.line(0.25, 3, 12, 40, 5, "e: duo/rr seed 1 done"));
        assertEquals("[##########..........]  50% 1/2 runs, 2.0 h elapsed, ETA 2.0 h",
                ProgressBar.line(0.5, 1, 2, 7200, 0, null));
    }

    @Test
    void atFirstTheEstimateMadeBeforeTheRunSaysHowLong() {
        // duration 100000000 s: the first per cent takes long, the estimate says days
        assertEquals("[....................]   0% 0/4 runs, 12 s elapsed, ETA ~11.6 days",
                ProgressBar.line(0.0001, 0, 4, 12, 1_000_012, ""));
    }

    @Test
    void finishedSaysDone() {
        assertEquals("[####################] 100% 4/4 runs, 3 s elapsed, done", ProgressBar.line(1, 4, 4, 3, 100, null));
    }

    @Test
    void silentUnlessATerminalOrAsked() {
        String previous = System.getProperty("schedlab.stderr.terminal");
        System.setProperty("schedlab.stderr.terminal", "false");
        try {
            ByteArrayOutputStream quiet = new ByteArrayOutputStream();
            ProgressBar bar = ProgressBar.forRun(new PrintStream(quiet, true, StandardCharsets.UTF_8), false, 10);
            bar.update(0.5, "x");
            bar.update(1, "x");
            bar.done();
            assertEquals("", quiet.toString(StandardCharsets.UTF_8));
            ByteArrayOutputStream asked = new ByteArrayOutputStream();
            ProgressBar log = ProgressBar.forRun(new PrintStream(asked, true, StandardCharsets.UTF_8), true, 10);
            log.runs(1, 2);
            log.update(0.5, "first");
            log.update(0.6, "too soon for another line in a log");
            log.runs(2, 2);
            log.update(1, "last");
            String[] lines = asked.toString(StandardCharsets.UTF_8).split("\n");
            assertEquals(2, lines.length, asked.toString(StandardCharsets.UTF_8));
            assertEquals(true, lines[0].contains("1/2 runs") && lines[0].endsWith(": first"), lines[0]);
            assertEquals(true, lines[1].contains("2/2 runs") && lines[1].contains("done: last"), lines[1]);
        } finally {
            if (previous == null) {
                System.clearProperty("schedlab.stderr.terminal");
            } else {
                System.setProperty("schedlab.stderr.terminal", previous);
            }
        }
    }
}
