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

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.formatting2.SchedFormatting;

/** The formatter's layout, and round trips: formatting is idempotent and never changes what a file means. */
class FormatterTest {

    @Test
    void compactHelloGetsTheCanonicalLayout() {
        String in = "machine duo{cpus 2 clock 700   MHz hz 100}\nkernel reference { engine rr version \"1.0\" }"
                + " variant rr = reference\nworkload w(n = 4 ,work=1 ms){threads worker x n nice -5 {loop forever"
                + "{compute work count work yield}}}\n";
        String expected = """
				machine duo {
					cpus 2
					clock 700 MHz
					hz 100
				}

				kernel reference {
					engine rr
					version "1.0"
				}

				variant rr = reference

				workload w(n = 4, work = 1 ms) {
					threads worker x n nice -5 {
						loop forever {
							compute work
							count work
							yield
						}
					}
				}
				""";
        assertEquals(expected, SchedFormatting.format(in));
    }

    @Test
    void bracketsIndicesAndRanges() {
        String in = "workload w(n = 2) { channel c [ n , n ] sync\n threads t [ i : n , j : n ] cpus 0 .. 1 {"
                + " broadcast c [ i , * ] except c [ i , j ] } }\n";
        String out = SchedFormatting.format(in);
        assertEquals("""
				workload w(n = 2) {
					channel c[n, n] sync
					threads t[i: n, j: n] cpus 0..1 {
						broadcast c[i, *] except c[i, j]
					}
				}
				""", out);
    }

    @Test
    void formattingIsIdempotentAndKeepsEveryFileValid() throws Exception {
        List<Path> files = new ArrayList<>(Files.library());
        files.addAll(Files.examples());
        for (Path f : files) {
            String text = java.nio.file.Files.readString(f);
            String once = SchedFormatting.format(text);
            assertEquals(once, SchedFormatting.format(once), f + " is not stable under formatting");
            SchedLoader.Loaded before = Sched.load(text);
            SchedLoader.Loaded after = Sched.load(once);
            assertEquals(codes(before), codes(after), f.toString());
            assertEquals(strip(text), strip(once), f + ": formatting changed more than whitespace");
        }
    }

    private static List<String> codes(SchedLoader.Loaded l) {
        return l.diagnostics().stream().map(d -> d.code()).sorted().toList();
    }

    private static String strip(String s) {
        return s.replaceAll("\\s+", "");
    }
}
