/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cli.Main;
import org.schedlab.host.HostException;
import org.schedlab.host.TraceRecording;

/**
 * The round trip against the real kernel: record 2 s of hackbench and of an rt-app workload with the sched events
 * ({@link TraceRecording}: a tracefs instance of its own), import the trace, simulate the workload with the eevdf
 * engine, export the simulation as ftrace and compare. Skips, saying why, where tracefs is not writable or the tools
 * are missing. It asserts the machinery only (it ran, it parsed, the table has its rows, the replay's task groups
 * are the recording's): how close the replay comes is validate-host's replay rows, not a test on a machine whose
 * load nobody controls.
 */
class RealTraceRoundTripTest {

    @TempDir
    Path dir;

    @Test
    void hackbench() throws Exception {
        roundTrip("hackbench", TraceRecording.HACKBENCH, "hackbench", "hackbench");
    }

    @Test
    void rtApp() throws Exception {
        Path json = dir.resolve("periodic.json");
        Files.writeString(json, TraceRecording.rtAppPeriodic(dir));
        roundTrip("rt-app", List.of("rt-app", json.toString()), "^(periodic|busy)$", "periodic");
    }

    private void roundTrip(String what, List<String> command, String filter, String group) throws Exception {
        Path real = dir.resolve(what + ".trace");
        try {
            TraceRecording.record(Path.of("/sys/kernel/tracing"), command, dir, 2, real);
        } catch (HostException e) {
            Assumptions.abort("skipped: " + e.getMessage());
        }
        Path sched = dir.resolve(what.replace('-', '_') + ".sched");
        CliTest.Outcome imp = CliTest.schedlab("import", "ftrace", real.toString(), "--filter", filter, "--out",
                sched.toString());
        assertEquals(Main.OK, imp.code(), imp.out() + imp.err());
        Path sim = dir.resolve(what + "-sim.trace");
        CliTest.Outcome trace = CliTest.schedlab("trace", sched.toString(), "--cell", "traced/eevdf", "--format",
                "ftrace", "--out", sim.toString(), "--limit", "5000000");
        assertEquals(Main.OK, trace.code(), trace.out() + trace.err() + "\n" + Files.readString(sched));
        CliTest.Outcome cmp = CliTest.schedlab("compare-trace", real.toString(), sim.toString(), "--filter", filter);
        assertEquals(Main.OK, cmp.code(), cmp.err());
        System.out.println("== " + what + ": " + String.join(" ", command) + "\n" + imp.out() + cmp.out());
        assertTrue(Double.isFinite(ratio(cmp.out(), "switches/s")) || cmp.out().contains("switches/s"), cmp.out());
        // the replay's tasks come from the recording: the group ran on both sides
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(group) + " CPU ms/s \\((\\d+)/(\\d+) tasks\\)")
                .matcher(cmp.out());
        assertTrue(m.find(), "a row for " + group + " in\n" + cmp.out());
        assertTrue(Integer.parseInt(m.group(1)) > 0 && Integer.parseInt(m.group(2)) > 0, "the " + group + " tasks of"
                + " the recording are in the replay:\n" + cmp.out());
        double cpu = ratio(cmp.out(), group + " CPU ms/s (" + m.group(1) + "/" + m.group(2) + " tasks)");
        assertTrue(cpu > 0 && Double.isFinite(cpu), what + ": " + group + " ran in the replay:\n" + cmp.out());
    }

    /** @return the sim/real column of the row starting with {@code row} */
    static double ratio(String table, String row) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(row) + ".*\\s(\\S+)$").matcher(table);
        assertTrue(m.find(), "no row " + row + " in\n" + table);
        return m.group(1).equals("-") ? Double.NaN : Double.parseDouble(m.group(1));
    }
}
