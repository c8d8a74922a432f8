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

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.parser.SchedSyntaxErrorMessages;

/** The common syntax errors say what to write, located where the parser stopped; no token names, no "null". */
class SyntaxErrorMessagesTest {

    private static SchedDiagnostic firstError(String text) {
        List<SchedDiagnostic> d = Sched.load(text).diagnostics();
        assertFalse(d.isEmpty(), "an error in:\n" + text);
        SchedDiagnostic first = d.get(0);
        for (SchedDiagnostic x : d) {
            assertFalse(x.message().contains("RULE_") || x.message().contains("null")
                    || x.message().contains("<EOF>"), x.message());
        }
        return first;
    }

    @Test
    void aKernelWithoutANameIsToldItsForm() {
        SchedDiagnostic d = firstError("kernel { engine toy version \"1.0\" }\n");
        assertEquals("a kernel needs a name: kernel NAME { engine ENGINE version \"VERSION\" }", d.message());
        assertEquals(List.of(1, 8), List.of(d.line(), d.column()), "located at the '{' where the name belongs");
    }

    @Test
    void aKeywordAsANameIsToldItIsAKeyword() {
        SchedDiagnostic d = firstError("kernel version { engine toy version \"1.0\" }\n");
        assertTrue(d.message().startsWith("a kernel needs a name ('version' is a keyword): kernel NAME {"),
                d.message());
    }

    @Test
    void anUnquotedVersionAsksForAQuotedString() {
        SchedDiagnostic d = firstError("kernel k { engine toy version 1.0 }\n");
        assertTrue(d.message().startsWith("in a kernel, expected a quoted string (\"...\") but found '1"),
                d.message());
        assertTrue(d.message().endsWith("kernel NAME { engine ENGINE version \"VERSION\" }"), d.message());
        assertEquals(1, d.line());
    }

    @Test
    void aMissingBraceAtTheEndSaysTheEndOfTheFile() {
        SchedDiagnostic d = firstError("machine m { cpus 2\n");
        assertTrue(d.message().contains("the end of the file"), d.message());
        assertTrue(d.message().contains("machine NAME"), d.message());
    }

    @Test
    void aStrayWordAtTheTopLevelListsWhatAFileDeclares() {
        SchedDiagnostic d = firstError("machin m { cpus 2 }\n");
        assertTrue(d.message().contains("machine, kernel, variant, workload and experiment"), d.message());
        assertEquals(1, d.line());
    }

    @Test
    void aKernelWithoutItsEngineSaysNoNull() {
        SchedDiagnostic d = firstError("kernel k { engine version \"1.0\" }\n");
        assertTrue(d.message().startsWith("in a kernel, "), d.message());
        firstError("experiment { machines duo }\n");
    }

    @Test
    void theMessagesArePlainTextInAndOut() {
        assertEquals("a variant needs a name: variant NAME = KERNEL [+ \"PATCH\" ...] [{ set TUNABLE = VALUE }]",
                SchedSyntaxErrorMessages.friendly("missing RULE_ID at '='", "Variant"));
        assertEquals("'}' does not belong here in a workload (expected 'x')",
                SchedSyntaxErrorMessages.friendly("extraneous input '}' expecting 'x'", "Workload")
                        .replace(": workload NAME [(PARAM = VALUE, ...)] { ... }", ""));
        assertEquals("syntax error", SchedSyntaxErrorMessages.friendly(null, null));
        assertEquals("'machin' cannot start a declaration; a file declares imports, then machine, kernel, variant, "
                + "workload and experiment blocks", SchedSyntaxErrorMessages.friendly("missing EOF at 'machin'", null));
        assertEquals("expected a name", SchedSyntaxErrorMessages.friendly("expected RULE_ID", null));
    }
}
