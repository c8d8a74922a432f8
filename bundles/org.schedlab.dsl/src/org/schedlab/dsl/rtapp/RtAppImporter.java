/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.rtapp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Converts an rt-app JSON description (github.com/scheduler-tools/rt-app, doc/tutorial.txt) into a .sched file. The
 * JSON is read as rt-app reads it: C comments, trailing commas and repeated keys are accepted, and a task's events run
 * in file order, matched by prefix ({@code run1}, {@code sleep2}). Mapped: run/runtime (compute), sleep, timer (a sleep
 * of one period, reported as an approximation), yield, lock/unlock (a mutex), wait/signal/broadcast (a condition
 * variable, resources of type wait), fork (a forked thread of the named
 * task), barrier, loop, phases, delay, instance, policy, priority (nice for SCHED_OTHER, BATCH and IDLE), cpus, and
 * global duration and default_policy. Every other event or setting is reported with its line and column, never
 * dropped silently; the .sched file carries a comment at the place of each dropped event.
 */
public final class RtAppImporter {

    /**
     * Something the import did not map exactly.
     *
     * @param line    1-based line in the JSON file
     * @param column  1-based column
     * @param dropped true: the event or setting has no equivalent and is left out; false: mapped approximately
     * @param message what and why
     */
    public record Problem(int line, int column, boolean dropped, String message) {
        @Override
        public String toString() {
            return line + ":" + column + ": " + (dropped ? "warning" : "info") + ": " + message;
        }
    }

    /** The .sched text and what could not be mapped exactly. */
    public record Result(String sched, List<Problem> problems) {
        public Result {
            problems = List.copyOf(problems);
        }
    }

    /** The JSON is not readable even by rt-app's lenient rules. */
    public static final class RtAppException extends Exception {
        private static final long serialVersionUID = 1L;
        private final int line;
        private final int column;

        RtAppException(String message, int line, int column) {
            super(message);
            this.line = line;
            this.column = column;
        }

        public int line() {
            return line;
        }

        public int column() {
            return column;
        }
    }

    private RtAppImporter() {
    }

    /** @return FILE.sched beside FILE.json */
    public static Path outputPath(Path json) {
        String n = json.getFileName().toString();
        String base = n.endsWith(".json") ? n.substring(0, n.length() - 5) : n;
        return json.resolveSibling(base + ".sched");
    }

    /**
     * Reads {@code json}, writes {@link #outputPath(Path)} and returns what was written (the {@code schedlab import
     * rtapp FILE.json} command).
     */
    public static Result importFile(Path json) throws IOException, RtAppException {
        return importFile(json, outputPath(json));
    }

    /** Converts {@code json} and writes the workload to {@code out} (its name from the file's). */
    public static Result importFile(Path json, Path out) throws IOException, RtAppException {
        String name = out.getFileName().toString().replace(".sched", "");
        Result r = convert(utf8(Files.readAllBytes(json)), name);
        Files.writeString(out, r.sched(), StandardCharsets.UTF_8);
        return r;
    }

    /** @return the text of {@code bytes}, or an error located at the first byte that is not UTF-8 */
    static String utf8(byte[] bytes) throws RtAppException {
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length);
        java.nio.charset.CoderResult cr = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT).decode(in, out, true);
        if (cr.isError()) {
            int at = in.position();
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            throw new RtAppException(String.format("not UTF-8 at byte %d (0x%02x); save the file as UTF-8", at,
                    bytes[at] & 0xff), line, at - lineStart + 1);
        }
        return out.flip().toString();
    }

    /** @return the .sched text of an rt-app description; {@code name} names the workload and the experiment */
    public static Result convert(String json, String name) throws RtAppException {
        Json.Value root;
        try {
            root = Json.parse(json);
        } catch (Json.SyntaxError e) {
            throw new RtAppException(e.getMessage(), e.line, e.column);
        }
        if (!(root instanceof Json.Obj obj)) {
            throw new RtAppException("an rt-app file is a JSON object with \"tasks\"", root.line(), root.column());
        }
        return new RtAppConversion(Names.identifier(name, "rtapp")).run(obj);
    }
}
