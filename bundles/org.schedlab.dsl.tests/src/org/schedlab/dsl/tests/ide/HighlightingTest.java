/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests.ide;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.ide.editor.syntaxcoloring.ISemanticHighlightingCalculator;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.ide.SchedHighlighting;
import org.schedlab.dsl.ide.SchedIdeSetup;

import com.google.inject.Injector;

/** Semantic highlighting: units, engines, patches, tunables, parameters and indices. */
class HighlightingTest {

    private static List<String> sorted(List<String> l) {
        return l.stream().sorted().toList();
    }

    @Test
    void highlightsTheSemanticTokens() throws Exception {
        String text = "kernel k { engine rr version \"1.0\" }\nvariant v = k + \"p\" { set t = 5 ms }\n"
                + "workload w(n = 2) { threads g[i: n] { loop n { compute 1 ms } } }\n";
        org.schedlab.dsl.SchedLoader.languageInjector(); // EMF registration (grammar, ecore) for this JVM
        Injector in = new SchedIdeSetup().createInjector();
        XtextResource r = in.getInstance(XtextResource.class);
        r.setURI(URI.createURI("inmemory:/h.sched"));
        in.getInstance(XtextResourceSet.class).getResources().add(r);
        r.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), null);
        List<String> seen = new ArrayList<>();
        in.getInstance(ISemanticHighlightingCalculator.class).provideHighlightingFor(r,
                (offset, length, ids) -> seen.add(text.substring(offset, offset + length) + "=" + ids[0]),
                CancelIndicator.NullImpl);
        assertEquals(sorted(List.of("rr=" + SchedHighlighting.ENGINE, "\"p\"=" + SchedHighlighting.PATCH,
                "t=" + SchedHighlighting.TUNABLE, "ms=" + SchedHighlighting.UNIT, "n=" + SchedHighlighting.PARAMETER,
                "i=" + SchedHighlighting.INDEX, "n=" + SchedHighlighting.PARAMETER, "n=" + SchedHighlighting.PARAMETER,
                "ms=" + SchedHighlighting.UNIT)), sorted(seen));
    }
}
