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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.ExperimentPlan;

/** {@code schedlab run} says before it starts that a run will take more than a minute (without running it here). */
class LongRunWarningTest {

    static Path examples() {
        return Path.of(System.getProperty("schedlab.examples", "../../examples"));
    }

    static List<ExperimentPlan> plans(Path file) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<ExperimentPlan> plans = RunCommand.load(file, new PrintStream(err, true, StandardCharsets.UTF_8));
        assertTrue(plans != null, err.toString(StandardCharsets.UTF_8));
        return plans;
    }

    @Test
    void aHundredMillionSecondsIsWarnedAboutWithItsWallTime(@TempDir Path dir) throws IOException {
        String hello = Files.readString(examples().resolve("hello.sched"));
        assertTrue(hello.contains("duration 1 s"), "hello.sched runs 1 s");
        Path file = dir.resolve("long.sched");
        Files.writeString(file, hello.replace("duration 1 s", "duration 100000000 s"));
        Optional<String> warning = RunCommand.longRunWarning(file, plans(file).get(0), 2);
        assertTrue(warning.isPresent());
        assertTrue(warning.get().startsWith(file + ": warning: experiment hello will take about 2.3 days of wall time"),
                warning.get());
    }

    @Test
    void theHelloExampleIsNotWarnedAbout() {
        Path file = examples().resolve("hello.sched");
        assertEquals(Optional.empty(), RunCommand.longRunWarning(file, plans(file).get(0), 0));
    }
}
