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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.scoping.StandardLibrary;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.validation.SchedIssueCodes;
import org.schedlab.sim.spi.Engines;
import org.schedlab.sim.spi.SchedulerEngine;

/** Every file of the standard library and of examples/ parses, validates and translates. */
class LibraryTest {

    @Test
    void everyLibraryFileIsOnTheClassPathAndInTheFolder() {
        assertEquals(StandardLibrary.FILES.size(), StandardLibrary.uris().size(), StandardLibrary.uris().toString());
        assertEquals(StandardLibrary.FILES, Files.library().stream().map(p -> p.getFileName().toString()).sorted(
                (a, b) -> StandardLibrary.FILES.indexOf(a) - StandardLibrary.FILES.indexOf(b)).toList());
    }

    @Test
    void libraryFilesHaveNoDiagnostics() throws Exception {
        SchedLoader loader = new SchedLoader(Sched.ENGINES);
        for (Path f : Files.library()) {
            SchedLoader.Loaded l = loader.load(f);
            assertEquals(List.of(), l.diagnostics(), f.toString());
        }
    }

    /** The engines of the installed engine bundles, where the test runtime can see them. */
    static EngineCatalog installedEngines() {
        List<SchedulerEngine> engines = new ArrayList<>(Engines.discover());
        for (String cls : List.of("org.schedlab.engine.goodness.GoodnessEngine", "org.schedlab.engine.cfs.CfsEngine",
                "org.schedlab.engine.o1.O1Engine")) {
            try {
                SchedulerEngine e = (SchedulerEngine) Class.forName(cls).getConstructor().newInstance();
                if (engines.stream().noneMatch(x -> x.info().id().equals(e.info().id()))) {
                    engines.add(e);
                }
            } catch (ReflectiveOperationException | LinkageError e) {
                // engine bundle not in this test runtime: its kernels are reported as unknown engines below
            }
        }
        return EngineCatalog.of(engines);
    }

    @Test
    void theLinuxEnginesAreInTheTestRuntime() {
        List<String> ids = installedEngines().ids();
        assertTrue(ids.containsAll(List.of("cfs", "goodness", "o1", "rr")), ids.toString());
    }

    @Test
    void examplesValidateAndTranslate() throws Exception {
        EngineCatalog engines = installedEngines();
        SchedLoader loader = new SchedLoader(engines);
        List<Path> examples = Files.examples();
        assertTrue(examples.stream().anyMatch(p -> p.endsWith("hello.sched")), examples.toString());
        for (Path f : examples) {
            SchedLoader.Loaded l = loader.load(f);
            List<SchedDiagnostic> problems = l.diagnostics().stream()
                    .filter(d -> !SchedIssueCodes.UNKNOWN_ENGINE.equals(d.code())).toList();
            assertEquals(List.of(), problems, f.toString());
            if (l.diagnostics().isEmpty()) {
                List<ExperimentPlan> plans = loader.translate(l);
                assertFalse(plans.isEmpty(), f + " has no experiment");
                for (ExperimentPlan p : plans) {
                    assertFalse(p.cells().isEmpty(), f + ": " + p.name());
                }
            }
        }
    }
}
