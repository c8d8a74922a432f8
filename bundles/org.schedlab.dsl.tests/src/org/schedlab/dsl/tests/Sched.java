/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.sim.engine.rr.RoundRobinEngine;

/** Test helper: the rr and toy test engines, and loading .sched text with them through {@link SchedLoader}. */
final class Sched {

    static final EngineCatalog ENGINES = EngineCatalog.of(List.of(new RoundRobinEngine(), new ToyEngine()));

    private static SchedLoader loader;

    private Sched() {
    }

    static synchronized SchedLoader loader() {
        if (loader == null) {
            loader = new SchedLoader(ENGINES);
        }
        return loader;
    }

    static SchedLoader.Loaded load(String text) {
        try {
            return loader().loadText("test.sched", text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A valid prelude: a machine, a kernel, a variant and a workload the snippets can use. */
    static final String PRELUDE = """
			machine duo { cpus 2 clock 700 MHz hz 100 }
			kernel toy1 { engine toy version "1.0" }
			variant base = toy1
			workload spin { threads worker x 2 { loop forever { compute 1 ms count work yield } } }
			""";

    /** Asserts that the text has no diagnostics at all. */
    static SchedLoader.Loaded assertClean(String text) {
        SchedLoader.Loaded l = load(text);
        if (!l.diagnostics().isEmpty()) {
            fail("expected no diagnostics, got " + l.diagnostics());
        }
        return l;
    }
}
