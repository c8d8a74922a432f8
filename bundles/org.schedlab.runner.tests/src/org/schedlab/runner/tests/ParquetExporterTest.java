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

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.export.ParquetExporter;
import org.schedlab.runner.export.ParquetWriter;
import org.schedlab.runner.export.ParquetWriter.Type;
import org.schedlab.sim.engine.rr.RoundRobinEngine;

/** Parquet output of a sweep: one row per run, parameters and metrics as columns, read back from the bytes. */
class ParquetExporterTest {

    @Test
    void writerRoundTripsTextNumbersAndNulls() throws Exception {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            many.add(i % 7 == 0 ? null : "row " + i + " \u00e9");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ParquetWriter.write(List.of(new ParquetWriter.Column("text", Type.STRING, many),
                new ParquetWriter.Column("x", Type.DOUBLE, Arrays.asList(new Double[40])),
                new ParquetWriter.Column("n", Type.INT64, java.util.stream.LongStream.range(-20, 20).boxed()
                        .toList())), out);
        Map<String, ParquetReader.Column> t = ParquetReader.read(out.toByteArray());
        assertEquals(List.of("text", "x", "n"), List.copyOf(t.keySet()));
        assertEquals(many, t.get("text").values());
        assertEquals(Arrays.asList(new Object[40]), t.get("x").values());
        assertEquals(-20L, t.get("n").values().get(0));
        assertEquals(19L, t.get("n").values().get(39));
        assertEquals(List.of(6, 5, 2), t.values().stream().map(ParquetReader.Column::type).toList());
    }

    @Test
    void sweepResultHasParametersAndMetricsAsColumns() throws Exception {
        List<CellSpec> cells = new ArrayList<>();
        for (int slice : new int[] {1, 4}) {
            cells.add(new CellSpec("t", "duo", "rr", Map.of("slice", Integer.toString(slice), "work",
                    slice * 100 + " us"), Fixtures.config(2, new RoundRobinEngine(), Fixtures.rr(slice))));
        }
        ExperimentPlan plan = new ExperimentPlan("t", cells, "rr", 2, List.of("switches", "work"), List.of(), null,
                null, List.of(5L, 6L));
        ExperimentResult result = Fixtures.runner().run(plan, 2, RunMonitor.NONE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ParquetExporter.write(result, out);
        Map<String, ParquetReader.Column> t = ParquetReader.read(out.toByteArray());
        assertEquals(List.of("experiment", "cell", "machine", "variant", "slice", "work_us", "seed", "status",
                "switches", "work"), List.copyOf(t.keySet()));
        assertEquals(List.of("duo/rr[slice=1,work=100 us]", "duo/rr[slice=1,work=100 us]",
                "duo/rr[slice=4,work=400 us]", "duo/rr[slice=4,work=400 us]"), t.get("cell").values());
        assertEquals(List.of(1.0, 1.0, 4.0, 4.0), t.get("slice").values());
        assertEquals(List.of(100.0, 100.0, 400.0, 400.0), t.get("work_us").values());
        assertEquals(List.of(5L, 6L, 5L, 6L), t.get("seed").values());
        assertEquals(List.of("ok", "ok", "ok", "ok"), t.get("status").values());
        assertEquals(result.getCells().get(1).getRuns().get(1).getMetrics().stream()
                .filter(m -> m.getName().equals("switches")).findFirst().orElseThrow().getValue(),
                t.get("switches").values().get(3));
    }
}
