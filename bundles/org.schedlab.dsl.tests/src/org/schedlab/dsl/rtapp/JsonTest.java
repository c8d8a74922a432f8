/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.rtapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The lenient JSON reader's edges: escapes, nesting, and error messages without their location inside. */
class JsonTest {

    @Test
    void everyJsonEscapeIsDecoded() throws Exception {
        Json.Str s = (Json.Str) Json.parse("\"a\\rb\\bc\\fd\\ne\\tf\\\"g\\\\h\\/i\\u0041\"");
        assertEquals("a\rb\bc\fd\ne\tf\"g\\h/iA", s.text());
    }

    @Test
    void nestingDeeperThanTheLimitIsALocatedErrorNotAStackOverflow() throws Exception {
        Json.SyntaxError e = assertThrows(Json.SyntaxError.class, () -> Json.parse("[".repeat(100_000)));
        assertEquals(List.of(1, Json.MAX_DEPTH + 1), List.of(e.line, e.column));
        assertEquals("nested deeper than " + Json.MAX_DEPTH + " levels", e.getMessage());
        String deepest = "[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH);
        assertEquals(1, Json.parse("{\"a\": " + deepest.substring(1, deepest.length() - 1) + "}").line(),
                "the limit itself is accepted");
    }

    @Test
    void theMessageDoesNotRepeatTheLocation() {
        Json.SyntaxError e = assertThrows(Json.SyntaxError.class, () -> Json.parse("{ \"a\": 1"));
        assertEquals("unterminated object", e.getMessage());
    }
}
