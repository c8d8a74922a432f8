/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.fuzz;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.TranslationException;

/**
 * The .sched loader on arbitrary bytes: parse, link, validate and, for a file without errors, translate. Every
 * outcome must be a {@link SchedLoader.Loaded} whose diagnostics are located (line and column from 1, a message),
 * or a located {@link TranslationException}; anything else thrown is a finding.
 */
class SchedLoaderFuzzTest {
    private static final EngineCatalog CATALOG = SchedLoader.languageInjector().getInstance(EngineCatalog.class);
    /** One loader for every input, as `schedlab check A B C` uses one: load() reads the file again each time. */
    private static final SchedLoader LOADER = new SchedLoader(CATALOG);
    private static Path dir;

    @FuzzTest(maxExecutions = FuzzRuns.EXECUTIONS, maxDuration = FuzzRuns.MAX_DURATION)
    void load(byte[] input) throws IOException {
        Path file = file();
        Files.write(file, input);
        SchedLoader.Loaded loaded = LOADER.load(file);
        assertTrue(loaded.model() == null || loaded.model().eResource().getResourceSet().getResources().size() < 50,
                "the loader keeps every input it loaded");
        for (SchedDiagnostic d : loaded.diagnostics()) {
            assertTrue(d.line() >= 1 && d.column() >= 1, "not located: " + d);
            assertTrue(d.message() != null && !d.message().isBlank(), "no message: " + d);
        }
        if (loaded.hasErrors() || loaded.model() == null) {
            return;
        }
        try {
            assertNotNull(LOADER.translate(loaded));
        } catch (TranslationException e) {
            assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "translation error without a message");
        }
    }

    private static synchronized Path file() throws IOException {
        if (dir == null) {
            dir = Files.createTempDirectory("schedlab-fuzz-sched");
            dir.toFile().deleteOnExit();
        }
        return dir.resolve("input.sched");
    }
}
