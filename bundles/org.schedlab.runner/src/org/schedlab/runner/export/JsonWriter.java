package org.schedlab.runner.export;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;

/**
 * A small streaming JSON writer (RFC 8259): objects, arrays, strings with escapes, numbers. Commas are
 * placed by the writer; NaN and infinities, which JSON cannot express, are written as {@code null}.
 * No pretty printing beyond one line break between top-level array elements.
 */
public final class JsonWriter {
    private final Writer out;
    /** Per nesting level: has the current container received an element yet. */
    private final boolean[] hasElement = new boolean[64];
    private int depth;
    private boolean afterName;

    public JsonWriter(Writer out) {
        this.out = out;
    }

    public JsonWriter beginObject() throws IOException {
        return open('{');
    }

    public JsonWriter endObject() throws IOException {
        return close('}');
    }

    public JsonWriter beginArray() throws IOException {
        return open('[');
    }

    public JsonWriter endArray() throws IOException {
        return close(']');
    }

    /** Writes a member name; the next value is its value. */
    public JsonWriter name(String name) throws IOException {
        separate();
        string(name);
        out.write(':');
        afterName = true;
        return this;
    }

    public JsonWriter value(String s) throws IOException {
        separate();
        if (s == null) {
            out.write("null");
        } else {
            string(s);
        }
        return this;
    }

    public JsonWriter value(long v) throws IOException {
        separate();
        out.write(Long.toString(v));
        return this;
    }

    public JsonWriter value(double v) throws IOException {
        separate();
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            out.write("null");
        } else if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            out.write(Long.toString((long) v));
        } else {
            out.write(BigDecimal.valueOf(v).toString());
        }
        return this;
    }

    public JsonWriter value(boolean v) throws IOException {
        separate();
        out.write(v ? "true" : "false");
        return this;
    }

    /** Writes {@code "name": value}. */
    public JsonWriter field(String name, String v) throws IOException {
        return name(name).value(v);
    }

    public JsonWriter field(String name, long v) throws IOException {
        return name(name).value(v);
    }

    public JsonWriter field(String name, double v) throws IOException {
        return name(name).value(v);
    }

    public JsonWriter field(String name, boolean v) throws IOException {
        return name(name).value(v);
    }

    /** Flushes the underlying writer. */
    public void flush() throws IOException {
        out.flush();
    }

    private JsonWriter open(char c) throws IOException {
        separate();
        out.write(c);
        depth++;
        hasElement[depth] = false;
        return this;
    }

    private JsonWriter close(char c) throws IOException {
        if (depth == 0) {
            throw new IllegalStateException("nothing to close");
        }
        depth--;
        out.write(c);
        return this;
    }

    private void separate() throws IOException {
        if (afterName) {
            afterName = false;
            return;
        }
        if (depth > 0) {
            if (hasElement[depth]) {
                out.write(',');
                if (depth <= 2) {
                    out.write('\n');
                }
            }
            hasElement[depth] = true;
        }
    }

    private void string(String s) throws IOException {
        out.write('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.write("\\\"");
                case '\\' -> out.write("\\\\");
                case '\n' -> out.write("\\n");
                case '\r' -> out.write("\\r");
                case '\t' -> out.write("\\t");
                case '\b' -> out.write("\\b");
                case '\f' -> out.write("\\f");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        out.write(String.format("\\u%04x", (int) c));
                    } else {
                        out.write(c);
                    }
                }
            }
        }
        out.write('"');
    }
}
