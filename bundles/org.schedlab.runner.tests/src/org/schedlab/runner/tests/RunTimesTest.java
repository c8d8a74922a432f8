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
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.runner.RunTimes;
import org.schedlab.runner.WallTimeEstimate;
import org.schedlab.sim.event.Time;

/** The run times kept between commands: what a pool ranks its queue by (no timing is measured here). */
class RunTimesTest {

    @TempDir
    Path dir;

    @Test
    void withoutKeptTimesTheSimulatedCpuSecondsRank() {
        RunTimes t = RunTimes.load(dir.resolve("run-times.tsv"));
        CellSpec eight = WallTimeEstimateTest.cell("octo", 8, 120 * Time.S);
        assertEquals(960 / WallTimeEstimate.CPU_SECONDS_PER_WALL_SECOND, t.estimateSeconds(eight), 1e-9);
    }

    @Test
    void keptTimesRankTheLongestRunFirstAndScaleTheUnknownCells() {
        Path file = dir.resolve("run-times.tsv");
        CellSpec eight = WallTimeEstimateTest.cell("octo", 8, 120 * Time.S);
        CellSpec uni = WallTimeEstimateTest.cell("uni", 1, 60 * Time.S);
        RunTimes first = RunTimes.load(file);
        first.record(eight, 10);
        first.record(uni, 18);
        first.record(uni, 20);
        first.save();

        RunTimes next = RunTimes.load(file);
        assertEquals(10, next.estimateSeconds(eight), 1e-3);
        assertEquals(19, next.estimateSeconds(uni), 1e-3, "the mean of the cell's runs");
        CellSpec duo = WallTimeEstimateTest.cell("duo", 2, 60 * Time.S);
        assertEquals(0.12 * (10 + 19) / (0.96 + 0.06), next.estimateSeconds(duo), 1e-3,
                "an unknown cell: its simulated CPU-seconds at the known cells' wall seconds per simulated one");
    }

    @Test
    void aDamagedFileIsIgnoredAndNoStateFolderWritesNothing() throws IOException {
        Path file = dir.resolve("run-times.tsv");
        Files.writeString(file, "not\ta number\tcell\n");
        CellSpec uni = WallTimeEstimateTest.cell("uni", 1, 60 * Time.S);
        assertEquals(0.06, RunTimes.load(file).estimateSeconds(uni), 1e-9);
        RunTimes none = RunTimes.none();
        none.record(uni, 5);
        none.save();
        assertFalse(Files.list(dir).anyMatch(p -> !p.equals(file)));
    }
}
