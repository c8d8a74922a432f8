/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.host.CHelpers;
import org.schedlab.host.CountingShell;
import org.schedlab.host.Shell;
import org.schedlab.host.SystemShell;

/**
 * validate-host counts each case's context switches as its own programs' (hostprobe count): the counts of every
 * command add up, a command that leaves no count makes the whole count unknown, and messages quote the command as
 * given.
 */
class CountingShellTest {

    /** A shell that answers {@code hostprobe count FILE -- CMD} by writing {@code switches N}, N from CMD's length. */
    private static Shell writing(boolean leaveCount) {
        return new Shell() {
            @Override
            public Output run(List<String> command, Duration timeout) {
                assertEquals("count", command.get(1));
                assertEquals("--", command.get(3));
                if (leaveCount) {
                    try {
                        Files.writeString(Path.of(command.get(2)), "switches " + (command.size() - 4) * 10 + "\n");
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                return new Output(Shell.line(command), 0, "out", "");
            }

            @Override
            public boolean has(String program) {
                return true;
            }
        };
    }

    @Test
    void theCountsOfEveryCommandAddUp(@TempDir Path dir) throws IOException {
        CountingShell s = new CountingShell(writing(true), dir.resolve("hostprobe"), dir);
        assertEquals(0, s.switches());
        Shell.Output o = s.run(List.of("hackbench", "-g", "4"), Duration.ofSeconds(1));
        assertEquals("hackbench -g 4", o.command(), "messages quote the command, not the wrapper");
        assertEquals("out", o.stdout());
        s.run(List.of("true"), Duration.ofSeconds(1));
        assertEquals(40, s.switches());
        try (var left = Files.list(dir)) {
            assertEquals(0, left.count(), "each count file is removed once read");
        }
    }

    @Test
    void aCommandThatLeavesNoCountMakesTheCountUnknown(@TempDir Path dir) {
        CountingShell s = new CountingShell(writing(false), dir.resolve("hostprobe"), dir);
        s.run(List.of("true"), Duration.ofSeconds(1));
        assertEquals(-1, s.switches());
    }

    @Test
    void hostprobeCountsTheSwitchesOfACommandAndItsChildren(@TempDir Path dir) {
        Shell sys = new SystemShell();
        CountingShell s = new CountingShell(sys, new CHelpers(sys, dir).hostprobe(), dir);
        // ten sleeps in child processes: each blocks at least once (a voluntary switch)
        Shell.Output o = s.run(List.of("sh", "-c", "for i in 1 2 3 4 5 6 7 8 9 10; do sleep 0.01; done"),
                Duration.ofSeconds(30));
        assertEquals(0, o.exit());
        assertTrue(s.switches() >= 10, "at least one switch per sleep: " + s.switches());
    }
}
