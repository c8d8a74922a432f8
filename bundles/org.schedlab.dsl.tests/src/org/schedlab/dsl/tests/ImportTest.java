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

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.validation.SchedIssueCodes;

/** Imports between files: relative resolution, and import cycles reported at the import. */
class ImportTest {

    @Test
    void importedDeclarationsAreVisible(@TempDir Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("common.sched"),
                "machine duo { cpus 2 clock 700 MHz }\nkernel reference { engine rr version \"1.0\" }\n"
                        + "variant rr = reference\n");
        java.nio.file.Files.writeString(dir.resolve("main.sched"), "import \"common.sched\"\n"
                + "experiment e { workload threads_c machines duo variants rr duration 1 s }\n");
        SchedLoader loader = new SchedLoader(Sched.ENGINES);
        SchedLoader.Loaded l = loader.load(dir.resolve("main.sched"));
        assertEquals(List.of(), l.diagnostics());
        assertEquals("duo", loader.translate(l).get(0).cells().get(0).machineName());
    }

    @Test
    void importCycleIsReportedAtTheImport(@TempDir Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("a.sched"), "// a\nimport \"b.sched\"\n");
        java.nio.file.Files.writeString(dir.resolve("b.sched"), "import \"a.sched\"\n");
        SchedLoader.Loaded l = new SchedLoader(EngineCatalog.of(List.of())).load(dir.resolve("a.sched"));
        List<SchedDiagnostic> cycles = l.diagnostics().stream()
                .filter(d -> SchedIssueCodes.IMPORT_CYCLE.equals(d.code())).toList();
        assertEquals(1, cycles.size(), l.diagnostics().toString());
        assertEquals(List.of(2, 8), List.of(cycles.get(0).line(), cycles.get(0).column()));
        assertTrue(cycles.get(0).message().contains("a.sched -> b.sched -> a.sched"), cycles.get(0).message());
    }
}
