/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.SchedLoader;

/**
 * Mutates valid .sched files (the examples, the standard library and the test snippets) and checks that parsing and
 * validation never throw and always answer with located diagnostics. Deterministic: a fixed seed per run.
 */
class FuzzTest {

    static final int INPUTS = 10_000;

    private static final String[] TOKENS = { "{", "}", "(", ")", "[", "]", ",", "=", "-", "+", "*", "/", ":", "..",
            "%", "+-", "0", "1", "-1", "99999999999999999999", "0.5", "1.", ".5", "700 MHz", "5 us", "1 ms", "100 B",
            "3 cycles", "x", "*", "machine", "extends", "cpus", "clock", "hz", "cost", "kernel", "engine", "version",
            "variant", "set", "workload", "threads", "processes", "channel", "spinlock", "mutex", "cond", "barrier",
            "program", "compute", "yield", "sleep", "lock", "unlock", "wait", "with", "signal", "send", "recv",
            "broadcast", "except", "fork", "thread", "exec", "exit", "loop", "forever", "phase", "count", "by",
            "experiment", "machines", "variants", "sweep", "baseline", "duration", "warmup", "repeats", "seeds",
            "metrics", "published", "band", "on", "import", "\"x.sched\"", "\"\"", "\"2.4.18-pre4\"", "uniform",
            "normal", "exponential", "piii-700", "itanium2", "nosuch", "\n", " ", "//", "/*", "*/", "\"", "é", "\t" };

    @Test
    void mutatedFilesNeverThrowAndAlwaysLocateTheirDiagnostics() throws Exception {
        List<String> sources = sources();
        SplittableRandom rnd = new SplittableRandom(20_261_130L);
        SchedLoader loader = Sched.loader();
        int withErrors = 0;
        long start = System.nanoTime();
        for (int i = 0; i < INPUTS; i++) {
            String base = sources.get(rnd.nextInt(sources.size()));
            String input = mutate(base, rnd, 1 + rnd.nextInt(3));
            SchedLoader.Loaded l;
            try {
                l = loader.loadText("fuzz.sched", input);
            } catch (Throwable t) {
                throw new AssertionError("input " + i + " threw " + t + ":\n" + input, t);
            }
            int lines = 1 + (int) input.chars().filter(c -> c == '\n').count();
            for (SchedDiagnostic d : l.diagnostics()) {
                if (d.line() < 1 || d.line() > lines || d.column() < 1 || d.message() == null
                        || d.message().isBlank()) {
                    fail("input " + i + ": badly located " + d + " (" + lines + " lines):\n" + input);
                }
            }
            withErrors += l.hasErrors() ? 1 : 0;
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(withErrors > INPUTS / 4, "mutations too weak: only " + withErrors + " inputs had errors");
        assertFalse(ms < 0);
    }

    private static List<String> sources() throws Exception {
        List<String> out = new ArrayList<>();
        List<Path> files = new ArrayList<>(Files.examples());
        files.addAll(Files.library());
        for (Path p : files) {
            out.add(java.nio.file.Files.readString(p));
        }
        out.add(TranslatorTest.HELLO);
        out.add(Sched.PRELUDE + "workload w(n = 2) { channel c[n] threads t[i: n] { send c[i] recv c[i] } }\n");
        return out;
    }

    static String mutate(String s, SplittableRandom rnd, int times) {
        StringBuilder b = new StringBuilder(s);
        for (int k = 0; k < times; k++) {
            int at = b.length() == 0 ? 0 : rnd.nextInt(b.length());
            switch (rnd.nextInt(6)) {
                case 0 -> b.delete(at, Math.min(b.length(), at + 1 + rnd.nextInt(12)));
                case 1 -> b.insert(at, " " + TOKENS[rnd.nextInt(TOKENS.length)] + " ");
                case 2 -> {
                    int end = Math.min(b.length(), at + 1 + rnd.nextInt(40));
                    b.insert(rnd.nextInt(b.length() + 1), b.substring(at, end));
                }
                case 3 -> b.setLength(at);
                case 4 -> {
                    if (b.length() > 0) {
                        b.setCharAt(at, (char) (32 + rnd.nextInt(95)));
                    }
                }
                default -> b.replace(at, Math.min(b.length(), at + 1 + rnd.nextInt(6)),
                        TOKENS[rnd.nextInt(TOKENS.length)]);
            }
        }
        return b.toString();
    }
}
