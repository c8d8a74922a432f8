/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.rtapp;

import java.util.ArrayList;
import java.util.List;

/**
 * A lenient, order-preserving JSON reader for rt-app files: C comments, trailing commas and repeated keys are accepted
 * as rt-app (json-c) accepts them; objects keep their members in file order, duplicates included; every value knows
 * its line and column.
 */
final class Json {

    /** A parsed value at a position (1-based line and column). */
    sealed interface Value permits Obj, Arr, Str, Num, Lit {
        int line();

        int column();
    }

    /** A member of an object, in file order. */
    record Member(String key, int line, int column, Value value) {
    }

    record Obj(List<Member> members, int line, int column) implements Value {
    }

    record Arr(List<Value> items, int line, int column) implements Value {
    }

    record Str(String text, int line, int column) implements Value {
    }

    record Num(double value, String text, int line, int column) implements Value {
    }

    /** true, false or null. */
    record Lit(String text, int line, int column) implements Value {
    }

    /** A syntax error at a position. */
    static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;
        final int line;
        final int column;

        SyntaxError(String message, int line, int column) {
            super(message); // the location is line and column, printed once by whoever reports the error
            this.line = line;
            this.column = column;
        }
    }

    /** Deeper nesting than this is an error, not a stack overflow; rt-app files nest a few levels. */
    static final int MAX_DEPTH = 256;

    private final String s;
    private int depth;
    private int pos;
    private int line = 1;
    private int lineStart;

    private Json(String s) {
        this.s = s;
    }

    static Value parse(String text) throws SyntaxError {
        Json j = new Json(text);
        j.skip();
        Value v = j.value();
        j.skip();
        if (j.pos < j.s.length()) {
            throw j.error("unexpected text after the end of the document");
        }
        return v;
    }

    private SyntaxError error(String message) {
        return new SyntaxError(message, line, pos - lineStart + 1);
    }

    private void advance() {
        if (s.charAt(pos) == '\n') {
            line++;
            lineStart = pos + 1;
        }
        pos++;
    }

    private void skip() throws SyntaxError {
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (Character.isWhitespace(c)) {
                advance();
            } else if (s.startsWith("//", pos)) {
                while (pos < s.length() && s.charAt(pos) != '\n') {
                    advance();
                }
            } else if (s.startsWith("/*", pos)) {
                int end = s.indexOf("*/", pos + 2);
                if (end < 0) {
                    throw error("unterminated comment");
                }
                while (pos < end + 2) {
                    advance();
                }
            } else {
                return;
            }
        }
    }

    private Value value() throws SyntaxError {
        if (pos >= s.length()) {
            throw error("unexpected end of the document");
        }
        int l = line;
        int c = pos - lineStart + 1;
        char ch = s.charAt(pos);
        if ((ch == '{' || ch == '[') && depth >= MAX_DEPTH) {
            throw error("nested deeper than " + MAX_DEPTH + " levels");
        }
        switch (ch) {
            case '{':
                depth++;
                try {
                    return object(l, c);
                } finally {
                    depth--;
                }
            case '[':
                depth++;
                try {
                    return array(l, c);
                } finally {
                    depth--;
                }
            case '"':
                return new Str(string(), l, c);
            default:
                if (ch == '-' || ch == '+' || ch == '.' || Character.isDigit(ch)) {
                    return number(l, c);
                }
                for (String lit : new String[] { "true", "false", "null" }) {
                    if (s.startsWith(lit, pos)) {
                        for (int i = 0; i < lit.length(); i++) {
                            advance();
                        }
                        return new Lit(lit, l, c);
                    }
                }
                throw error("unexpected character '" + ch + "'");
        }
    }

    private Obj object(int l, int c) throws SyntaxError {
        advance();
        List<Member> members = new ArrayList<>();
        skip();
        while (true) {
            if (pos >= s.length()) {
                throw error("unterminated object");
            }
            if (s.charAt(pos) == '}') {
                advance();
                return new Obj(members, l, c);
            }
            int kl = line;
            int kc = pos - lineStart + 1;
            if (s.charAt(pos) != '"') {
                throw error("expected a key in double quotes");
            }
            String key = string();
            skip();
            if (pos >= s.length() || s.charAt(pos) != ':') {
                throw error("expected ':' after key \"" + key + "\"");
            }
            advance();
            skip();
            members.add(new Member(key, kl, kc, value()));
            skip();
            if (pos < s.length() && s.charAt(pos) == ',') {
                advance(); // a trailing comma before '}' is accepted
                skip();
            } else if (pos < s.length() && s.charAt(pos) != '}') {
                throw error("expected ',' or '}'");
            }
        }
    }

    private Arr array(int l, int c) throws SyntaxError {
        advance();
        List<Value> items = new ArrayList<>();
        skip();
        while (true) {
            if (pos >= s.length()) {
                throw error("unterminated array");
            }
            if (s.charAt(pos) == ']') {
                advance();
                return new Arr(items, l, c);
            }
            items.add(value());
            skip();
            if (pos < s.length() && s.charAt(pos) == ',') {
                advance();
                skip();
            } else if (pos < s.length() && s.charAt(pos) != ']') {
                throw error("expected ',' or ']'");
            }
        }
    }

    private String string() throws SyntaxError {
        advance();
        StringBuilder b = new StringBuilder();
        while (true) {
            if (pos >= s.length() || s.charAt(pos) == '\n') {
                throw error("unterminated string");
            }
            char ch = s.charAt(pos);
            if (ch == '"') {
                advance();
                return b.toString();
            }
            if (ch == '\\' && pos + 1 < s.length()) {
                advance();
                char e = s.charAt(pos);
                switch (e) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case 'r' -> b.append('\r');
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'u' -> {
                        if (pos + 4 >= s.length()) {
                            throw error("bad \\u escape");
                        }
                        try {
                            b.append((char) Integer.parseInt(s.substring(pos + 1, pos + 5), 16));
                        } catch (NumberFormatException ex) {
                            throw error("bad \\u escape");
                        }
                        for (int i = 0; i < 4; i++) {
                            advance();
                        }
                    }
                    default -> b.append(e);
                }
                advance();
            } else {
                b.append(ch);
                advance();
            }
        }
    }

    private Num number(int l, int c) throws SyntaxError {
        int start = pos;
        while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) {
            advance();
        }
        String text = s.substring(start, pos);
        try {
            return new Num(Double.parseDouble(text), text, l, c);
        } catch (NumberFormatException e) {
            throw new SyntaxError("not a number: " + text, l, c);
        }
    }
}
