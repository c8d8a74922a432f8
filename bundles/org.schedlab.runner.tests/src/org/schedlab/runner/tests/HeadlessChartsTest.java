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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.DeltaTable;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.chart.Chart;
import org.schedlab.runner.chart.ChartFiles;
import org.schedlab.runner.chart.SvgCanvas;
import org.schedlab.runner.chart.TimelineCharts;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** The charts `schedlab run` writes by default: the latency CDF and each cell's CPU timeline among them. */
class HeadlessChartsTest {

    /** Three threads on duo that compute 100 us, count work and sleep 1 ms: wakeups, so a latency histogram. */
    private static CellSpec sleepers(String variant) {
        Program p = Program.of("sleeper", Action.Loop.forever(Action.Compute.ns(100 * Time.US),
                new Action.Count("work", 1), new Action.Sleep(Distribution.constant(Time.MS))));
        Workload w = Workload.of("sleepers", ThreadGroup.threads("sleeper", 3, p));
        SimConfig c = SimConfig.builder().machine(Fixtures.machine(2)).engine(new RoundRobinEngine(), Fixtures.rr(10))
                .workload(w).duration(Fixtures.DURATION).seed(11).build();
        return new CellSpec("t", "duo", variant, Map.of(), c);
    }

    @Test
    void aTracedFirstRunStopsAfterItsWindowAndDrawsALanePerCpu() {
        ExperimentPlan plan = Fixtures.plan(List.of(Fixtures.matrix().get(2)), 1, List.of()); // duo, rr
        Map<String, SimResult> traced = TimelineCharts.traceFirstRuns(plan);
        assertEquals(Set.of("duo/rr"), traced.keySet());
        SimResult run = traced.get("duo/rr");
        assertTrue(!run.trace().isEmpty(), "traced");
        assertTrue(run.trace().getLast().timeNs() < Fixtures.DURATION,
                "the run stops soon after its window: " + run.trace().getLast().timeNs());
        Chart.Timeline t = TimelineCharts.of("tl", run, 0, TimelineCharts.WINDOW_NS);
        assertEquals(2, t.nrCpus());
        assertEquals(Set.of(0, 1), t.slices().stream().map(Chart.Slice::cpu).collect(Collectors.toSet()),
                "both CPUs ran tasks");
        assertTrue(t.slices().stream().allMatch(s -> s.fromMs() >= 0 && s.toMs() <= 20 && s.toMs() > s.fromMs()),
                "stretches lie in the window");
        String svg = SvgCanvas.render(t, ChartFiles.WIDTH, ChartFiles.HEIGHT);
        assertTrue(svg.contains(">CPU 0<") && svg.contains(">CPU 1<"), "lanes are labelled");
        assertTrue(svg.contains(">simulated time (ms)<"), "the time axis has its title");
    }

    @Test
    void runWritesTheLatencyCdfAndATimelinePerCellAsSvgAndPng(@TempDir Path dir) throws Exception {
        ExperimentPlan plan = Fixtures.plan(List.of(sleepers("rr"), sleepers("rr-short")), 1, List.of());
        ExperimentResult result = Fixtures.runner().run(plan, 1, RunMonitor.NONE);
        List<Path> files = ChartFiles.write(result, dir, "t", true, RunMonitor.NONE,
                TimelineCharts.traceFirstRuns(plan));
        Set<String> names = files.stream().map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        for (String n : List.of("t-latency", "t-timeline-duo_rr", "t-timeline-duo_rr-short")) {
            assertTrue(names.contains(n + ".svg") && names.contains(n + ".png"), n + " in " + names);
            assertTrue(Files.size(dir.resolve(n + ".png")) > 1000, n + ".png is drawn");
        }
        String cdf = Files.readString(dir.resolve("t-latency.svg"));
        assertTrue(cdf.contains("wakeup latency") && cdf.contains(">duo/rr<"), "the CDF names its cells");
        assertTrue(cdf.contains(">1<") && cdf.contains(">10<"),
                "a logarithmic latency axis, ticks at powers of ten");
    }

    @Test
    void theLatencyCdfRisesToAHundredPercent() {
        ExperimentPlan plan = Fixtures.plan(List.of(sleepers("rr")), 1, List.of());
        ExperimentResult result = Fixtures.runner().run(plan, 1, RunMonitor.NONE);
        var h = result.getCells().get(0).getRuns().get(0).getHistograms().get(0);
        assertTrue(h.getCount() > 10, "sleepers are woken: " + h.getCount());
        Chart.Lines cdf = org.schedlab.runner.chart.Charts.latencyCdf("cdf", List.of("duo/rr"), List.of(h));
        double[] x = cdf.series().get(0).x();
        double[] y = cdf.series().get(0).y();
        assertTrue(x.length >= 2, "a line, even from one bucket");
        assertEquals(0.0, y[0], 1e-9, "from 0 %");
        assertEquals(100.0, y[y.length - 1], 1e-9);
        for (int i = 1; i < x.length; i++) {
            assertTrue(x[i] > x[i - 1] && y[i] >= y[i - 1], "rising at " + i);
        }
    }

    @Test
    void tableValuesHaveThousandsSeparatorsAsTheTicksDo() {
        assertEquals("12,500", DeltaTable.formatValue(12_500));
        assertEquals("1,234,568", DeltaTable.formatValue(1_234_567.8));
        assertEquals("999", DeltaTable.formatValue(999));
        assertEquals("0", DeltaTable.formatValue(-0.0));
        assertEquals("12.35", DeltaTable.formatValue(12.3456));
    }
}
