/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import java.util.ArrayList;
import java.util.List;

/** A strict RFC 4180 reader for the tests: CRLF records, quoted fields, doubled quotes; rejects anything else. */
final class Csv {
    private Csv() {
    }

    static List<List<String>> parse(String text) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        boolean quoted = false;
        boolean wasQuoted = false;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i += 2;
                        continue;
                    }
                    quoted = false;
                } else {
                    field.append(c);
                }
                i++;
                continue;
            }
            switch (c) {
                case '"' -> {
                    if (field.length() > 0 || wasQuoted) {
                        throw new IllegalArgumentException("quote inside an unquoted field at " + i);
                    }
                    quoted = true;
                    wasQuoted = true;
                }
                case ',' -> {
                    row.add(field.toString());
                    field.setLength(0);
                    wasQuoted = false;
                }
                case '\r' -> {
                    if (i + 1 >= text.length() || text.charAt(i + 1) != '\n') {
                        throw new IllegalArgumentException("bare CR at " + i);
                    }
                    row.add(field.toString());
                    field.setLength(0);
                    wasQuoted = false;
                    rows.add(row);
                    row = new ArrayList<>();
                    i++;
                }
                case '\n' -> throw new IllegalArgumentException("bare LF at " + i);
                default -> {
                    if (wasQuoted) {
                        throw new IllegalArgumentException("text after a closing quote at " + i);
                    }
                    field.append(c);
                }
            }
            i++;
        }
        if (quoted) {
            throw new IllegalArgumentException("unterminated quote");
        }
        if (field.length() > 0 || !row.isEmpty()) {
            throw new IllegalArgumentException("last record lacks its CRLF");
        }
        return rows;
    }
}
