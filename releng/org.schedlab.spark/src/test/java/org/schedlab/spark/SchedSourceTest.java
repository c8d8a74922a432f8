/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.runner.dsl.DslPlans;

/** What the driver ships to the executors, and how it plans there; the driver's arguments. */
class SchedSourceTest {

    @Test
    void aFileTravelsWithItsImportsAndPlansTheSameCells(@TempDir Path dir) throws Exception {
        Path lib = Files.createDirectories(dir.resolve("lib"));
        Files.writeString(lib.resolve("m.sched"), "machine duo extends piii-700 { cpus 2 }\n");
        Path sub = Files.createDirectories(dir.resolve("exp"));
        Path file = sub.resolve("s.sched");
        Files.writeString(file, """
                import "../lib/m.sched"
                kernel k { engine goodness version "2.4.18-pre4" }
                variant stock = k
                workload w(n = 2) { threads t x n { loop forever { compute 1 ms yield } } }
                experiment e { workload w machines duo variants stock duration 10 ms sweep n = 1, 2, 3 }
                """);
        SchedSource source = SchedSource.read(file, DslPlans.sha256(file));
        assertEquals(List.of(file.toAbsolutePath().toString(), lib.resolve("m.sched").toAbsolutePath().toString()),
                List.copyOf(source.texts().keySet()), "the file first, then what it imports");
        assertArrayEquals(Files.readAllBytes(file), source.texts().get(file.toAbsolutePath().toString()));

        ExperimentPlan driver = DslPlans.load(file).get(0);
        ExperimentPlan executor = ExecutorPlans.plan(source, "e", 3);
        assertEquals(driver.cells().stream().map(c -> c.label()).toList(),
                executor.cells().stream().map(c -> c.label()).toList());
        assertEquals(3, executor.repeats());
        assertEquals(driver.sourceHash(), executor.sourceHash());
        assertEquals(driver.source(), executor.source(), "the results name the driver's file");
    }

    @Test
    void cellsAreCutIntoChunksOfConsecutiveCells() {
        List<Integer> pending = java.util.stream.IntStream.range(0, 200).boxed().toList();
        List<List<Integer>> chunks = SweepDriver.chunks(pending, 2);
        assertEquals(17, chunks.size(), "12 cells a chunk: about 8 chunks per core");
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), chunks.get(0));
        assertEquals(List.of(192, 193, 194, 195, 196, 197, 198, 199), chunks.get(16));
        assertEquals(SweepDriver.MAX_CHUNK, SweepDriver.chunks(
                java.util.stream.IntStream.range(0, 100_000).boxed().toList(), 2).get(0).size());
        assertEquals(List.of(List.of(7)), SweepDriver.chunks(List.of(7), 64));
    }

    @Test
    void theDriverTakesTheSweepCommandsOptions() {
        SweepArgs a = SweepArgs.parse(new String[] {"x.sched", "--out", "o", "--repeat", "3", "--resume"});
        assertEquals(Path.of("o"), a.outDir());
        assertEquals(3, a.repeat());
        assertEquals(true, a.resume());
        assertEquals(Path.of("x.sched").toAbsolutePath().getParent(), SweepArgs.parse(new String[] {"x.sched"})
                .outDir());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SweepArgs.parse(new String[] {"x.sched", "--repeat", "0"}));
        assertEquals("--repeat takes a whole number from 1 to 1000, not 0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SweepArgs.parse(new String[] {"--bogus"}));
    }
}
