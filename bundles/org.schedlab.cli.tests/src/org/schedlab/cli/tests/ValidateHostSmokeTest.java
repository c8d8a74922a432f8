/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cli.Main;
import org.schedlab.host.HostException;
import org.schedlab.host.Shell;
import org.schedlab.host.SystemShell;
import org.schedlab.host.validate.ValidationSuite;

/**
 * The one smoke test of {@code schedlab validate-host --quick}: every case runs on this kernel and in the simulation
 * and the table comes out. Verdicts are not asserted (timings on a shared machine are not a test). Skipped, with the
 * reason on standard error, where a program of the suite is missing or perf may not run (the test bundles import
 * no opentest4j, so a skip is a return with the message). The one sysctl a change sets (sched_rr_timeslice_ms) is
 * restored when that change's run ends.
 */
class ValidateHostSmokeTest {

    /** A fixed small profile: the smoke test checks the machinery, not this machine's costs. */
    static final String PROFILE = """
			machine host {
				cpus 2 threads per core 1
				clock 2 GHz
				hz 250
				idle halt
			}
			""";

    @Test
    void quickSuiteRunsAndPrintsTheTable(@TempDir Path tmp) throws Exception {
        String skip = whySkip();
        if (skip != null) {
            System.err.println("ValidateHostSmokeTest skipped: " + skip);
            return;
        }
        Path profile = tmp.resolve("host.sched");
        Files.writeString(profile, PROFILE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Main(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run("validate-host", "--quick", "--profile",
                        profile.toString());
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(code == Main.OK || code == Main.PROBLEMS, "exit " + code + "\n" + text + err);
        assertTrue(text.contains("case") && text.contains("measured (min..max)") && text.contains("verdict"), text);
        for (var c : ValidationSuite.cases(2, true)) {
            assertTrue(text.contains(c.id()), c.id() + " has a row:\n" + text + err);
            for (var ch : c.changes()) {
                assertTrue(text.contains(ch.name()), c.id() + " / " + ch.name() + " has a change row:\n" + text + err);
            }
        }
        assertTrue(text.contains("measured change (min..max)") && text.contains("change rows:"), text);
    }

    /** @return why the suite cannot run here, or null */
    static String whySkip() {
        if (!System.getProperty("os.name").equals("Linux")) {
            return "validate-host runs on Linux only";
        }
        Shell shell = new SystemShell();
        for (String tool : List.of("perf", "hackbench", "stress-ng", "rt-app", "gcc", "taskset", "nice",
                "cyclictest", "chrt")) {
            if (!shell.has(tool)) {
                return tool + " is not installed (.ci/run installs linux-perf, rt-tests, stress-ng, rt-app, "
                        + "build-essential)";
            }
        }
        try {
            Shell.Output perf = shell.run(List.of("perf", "bench", "sched", "pipe", "-l", "10"), Duration.ofSeconds(30));
            return perf.exit() == 0 ? null : "perf bench may not run here: " + perf.stderr().strip();
        } catch (HostException e) {
            return e.getMessage();
        }
    }
}
