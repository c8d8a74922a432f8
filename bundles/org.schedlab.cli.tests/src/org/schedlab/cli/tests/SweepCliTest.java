/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cli.Main;
import org.schedlab.cli.tests.CliTest.Outcome;

/** {@code schedlab sweep}: ranges, samples and sweeps over costs run cell by cell and resume from the cell folder. */
class SweepCliTest {

    private static final String FILE = """
			machine duo extends piii-700 { cpus 2 }
			kernel k { engine goodness version "2.4.18-pre4" }
			variant stock = k
			workload w(n = 2, work = 1 ms range 200 us .. 2 ms) {
				threads t x n { loop forever { compute work count work yield } }
			}
			experiment e {
				workload w machines duo variants stock duration 20 ms
				sweep n = 2 .. 8 log 3
				sweep cost ipi_send = 150 cycles .. 600 cycles points 2
				sample 2 latin over (work)
				metrics work, switches
			}
			""";

    @Test
    void aSweepRunsEveryPointAndResumesWithoutRunningAgain(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("s.sched");
        Files.writeString(f, FILE);
        Outcome first = CliTest.schedlab("sweep", f.toString(), "--jobs", "2", "--parquet");
        assertEquals(Main.OK, first.code(), first.err());
        assertTrue(first.err().contains("e: 12 cells run, 0 resumed"), first.err());
        assertTrue(first.out().contains("n=8"), first.out());
        try (Stream<Path> s = Files.list(dir.resolve("e.cells"))) {
            assertEquals(12, s.count());
        }
        Outcome again = CliTest.schedlab("sweep", f.toString(), "--resume", "--jobs", "1");
        assertEquals(Main.OK, again.code(), again.err());
        assertTrue(again.err().contains("e: 0 cells run, 12 resumed"), again.err());
        assertEquals(first.out(), again.out(), "the same tables from the stored cells");
        assertTrue(Files.isRegularFile(dir.resolve("e.schedresult")));
        byte[] parquet = Files.readAllBytes(dir.resolve("e.parquet"));
        assertEquals("PAR1", new String(parquet, 0, 4, java.nio.charset.StandardCharsets.US_ASCII));
        assertTrue(new String(parquet, java.nio.charset.StandardCharsets.ISO_8859_1).contains("cost.ipi_send_cycles"),
                "the swept cost is a column named with its unit");
        Files.delete(Files.list(dir.resolve("e.cells")).findFirst().orElseThrow());
        Outcome partial = CliTest.schedlab("sweep", f.toString(), "--resume");
        assertTrue(partial.err().contains("e: 1 cells run, 11 resumed"), partial.err());
        assertEquals(first.out(), partial.out());
    }

    @Test
    void withoutTheSparkJobTheSparkOptionIsAClearError(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("s.sched");
        Files.writeString(f, FILE);
        String home = System.getProperty("schedlab.home");
        System.setProperty("schedlab.home", dir.toString()); // a folder without releng/org.schedlab.spark/target/job
        try {
            Outcome o = CliTest.schedlab("sweep", f.toString(), "--spark", "spark://127.0.0.1:7077");
            assertEquals(Main.BAD_INPUT, o.code(), o.err());
            assertTrue(o.err().contains("no Spark job at " + dir.resolve("releng/org.schedlab.spark/target/job")),
                    o.err());
            assertTrue(!o.err().contains("\tat "), "no stack trace: " + o.err());
            assertTrue(!Files.exists(dir.resolve("e.cells")), "nothing run");
        } finally {
            if (home == null) {
                System.clearProperty("schedlab.home");
            } else {
                System.setProperty("schedlab.home", home);
            }
        }
    }
}
