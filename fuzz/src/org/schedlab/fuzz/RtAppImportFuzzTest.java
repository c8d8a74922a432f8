/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.schedlab.dsl.rtapp.RtAppImporter;

/**
 * The rt-app importer on arbitrary bytes, through the file path {@code schedlab import rtapp} takes (UTF-8
 * check, lenient JSON, conversion). Every outcome must be a result whose problems are located, or a located
 * {@link RtAppImporter.RtAppException}; anything else thrown is a finding.
 */
class RtAppImportFuzzTest {
    private static Path dir;

    @FuzzTest(maxExecutions = FuzzRuns.EXECUTIONS, maxDuration = FuzzRuns.MAX_DURATION)
    void importJson(byte[] input) throws IOException {
        Path json = file();
        Files.write(json, input);
        try {
            RtAppImporter.Result r = RtAppImporter.importFile(json);
            for (RtAppImporter.Problem p : r.problems()) {
                assertTrue(p.line() >= 1 && p.column() >= 1, "not located: " + p);
            }
            assertTrue(r.sched().contains("workload"), "no workload in\n" + r.sched());
        } catch (RtAppImporter.RtAppException e) {
            assertTrue(e.line() >= 1 && e.column() >= 1, "not located: " + e.getMessage());
            assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "no message");
        }
    }

    private static synchronized Path file() throws IOException {
        if (dir == null) {
            dir = Files.createTempDirectory("schedlab-fuzz-rtapp");
        }
        return dir.resolve("input.json");
    }
}
