/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.translate.EngineCatalog;

/** One loader, one file loaded twice: the second load reads the file as it is then (found by tools/fuzz.sh). */
class SchedLoaderReloadTest {

    @Test
    void loadingAChangedFileAgainReadsItAgain(@TempDir Path dir) throws Exception {
        SchedLoader loader = new SchedLoader(EngineCatalog.of(List.of()));
        Path f = dir.resolve("a.sched");
        Files.writeString(f, "machine m { cpus 2 clock 700 MHz }\n");
        assertEquals(List.of(), loader.load(f).diagnostics().stream().filter(SchedDiagnostic::isError).toList());
        Files.writeString(f, "machine m { cpus }\n");
        SchedLoader.Loaded again = loader.load(f);
        assertTrue(again.hasErrors(), "the broken second version is what was loaded: " + again.diagnostics());
        assertEquals(1, again.model().eResource().getResourceSet().getResources().stream()
                .filter(r -> r.getURI().lastSegment().equals("a.sched")).count(), "the first model was dropped");
    }
}
