/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.stream.JsonWriter;
import java.io.IOException;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.schedlab.runner.export.JsonOutput;

/** The number format and escapes of SchedLab's JSON files, written through Gson. */
class JsonOutputTest {

    private static String compact(double... values) throws IOException {
        StringWriter s = new StringWriter();
        JsonWriter j = JsonOutput.writer(s, false);
        j.beginArray();
        for (double v : values) {
            j.value(JsonOutput.number(v));
        }
        j.endArray().flush();
        return s.toString();
    }

    @Test
    void wholeNumbersHaveNoFractionAndNonFiniteIsNull() throws IOException {
        assertEquals("[12,-3,0,0.1,1234.5678,1.0E-7,1.0E+15,null,null,null]",
                compact(12.0, -3.0, 0.0, 0.1, 1234.5678, 1e-7, 1e15, Double.NaN, Double.POSITIVE_INFINITY,
                        Double.NEGATIVE_INFINITY));
    }

    @Test
    void nullMembersAreKeptAndStringsEscaped() throws IOException {
        StringWriter s = new StringWriter();
        JsonWriter j = JsonOutput.writer(s, false);
        j.beginObject().name("sourceFile").value((String) null).name("variant").value("a \"b\"\n<c>\u2028")
                .endObject().flush();
        assertEquals("{\"sourceFile\":null,\"variant\":\"a \\\"b\\\"\\n<c>\\u2028\"}", s.toString());
    }

    @Test
    void readableOutputPutsOneMemberPerLine() throws IOException {
        StringWriter s = new StringWriter();
        JsonWriter j = JsonOutput.writer(s, true);
        j.beginObject().name("a").value(1).name("b").value(JsonOutput.number(2.5)).endObject().flush();
        assertEquals("{\n  \"a\": 1,\n  \"b\": 2.5\n}", s.toString());
    }
}
