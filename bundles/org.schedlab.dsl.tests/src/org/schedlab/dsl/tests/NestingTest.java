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
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.SchedLoader;

/** Nesting beyond the limit is one located error, never a StackOverflowError from the recursive parser. */
class NestingTest {

    /** A workload whose thread nests {@code levels} loops (generated, as a fuzzer or a script would). */
    static String nestedLoops(int levels) {
        return Sched.PRELUDE + "workload deep {\n\tthreads t x 1 {\n" + "\t\tloop 2 {\n".repeat(levels)
                + "\t\tcompute 1 ms\n" + "\t\t}\n".repeat(levels) + "\t}\n}\n";
    }

    @Test
    void threeThousandNestedLoopsAreOneLocatedError() {
        SchedLoader.Loaded l = Sched.load(nestedLoops(3000));
        assertNull(l.model());
        assertEquals(1, l.diagnostics().size(), l.diagnostics().toString());
        SchedDiagnostic d = l.diagnostics().get(0);
        assertEquals(List.of(SchedDiagnostic.Severity.ERROR, SchedLoader.NESTING), List.of(d.severity(), d.code()));
        // the PRELUDE has 4 lines, then "workload deep {" and "threads t x 1 {" open two levels; the loop that makes
        // 101 is the 99th, on line 4 + 2 + 99, after its two tabs and "loop 2 "
        assertEquals(List.of(4 + 2 + 99, 10), List.of(d.line(), d.column()), d.toString());
        assertEquals("nested deeper than 100 levels; flatten the blocks (a loop's count multiplies instead of nesting)",
                d.message());
    }

    @Test
    void bracesInCommentsAndStringsDoNotCount() {
        String text = nestedLoops(5) + "// " + "{".repeat(500) + "\n/* " + "(".repeat(500) + " */\n";
        assertEquals(List.of(), Sched.load(text).diagnostics());
    }

    @Test
    void theLimitItselfIsAccepted() {
        assertEquals(List.of(), Sched.load(nestedLoops(SchedLoader.MAX_NESTING - 2)).diagnostics());
    }
}
