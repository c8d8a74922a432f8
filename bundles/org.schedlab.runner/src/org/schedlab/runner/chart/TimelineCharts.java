/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.chart;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.sim.Cancellation;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.metrics.TraceEvent;

/**
 * The headless CPU timelines: the first run of each cell simulated again with tracing on, only as far as the window
 * the chart shows (the run is stopped there, so a chart costs a fraction of a run), and turned into a
 * {@link Chart.Timeline} of that window, a colour per task (per task group when the window has more than
 * {@link #BY_TASK} tasks).
 */
public final class TimelineCharts {
    /** The window a headless timeline shows: the first 20 ms of the measured time. */
    public static final long WINDOW_NS = 20_000_000L;
    /** Trace records kept per traced run. */
    public static final int TRACE_LIMIT = 200_000;
    /** Windows with more tasks than this (the palette's colours) are coloured by task group, else by task. */
    static final int BY_TASK = 8;
    private static final Pattern INDEX = Pattern.compile("(\\[[^\\]]*\\])?(-\\d+)?$");

    private TimelineCharts() {
    }

    /** @return each cell's first run traced through its first window, by cell label, in cell order */
    public static Map<String, SimResult> traceFirstRuns(ExperimentPlan plan) {
        Map<String, SimResult> out = new LinkedHashMap<>();
        for (CellSpec cell : plan.cells()) {
            var config = cell.config().withSeed(cell.seed(0)).withTraceLimit(TRACE_LIMIT);
            long stopAt = config.warmupNs() + WINDOW_NS;
            Cancellation cancel = new Cancellation();
            SimResult r;
            try {
                r = new Simulation(config).run((simulated, total) -> {
                    if (simulated >= stopAt) {
                        cancel.cancel();
                    }
                }, cancel);
            } catch (RuntimeException e) {
                continue; // a cell the engine refused (or that threw) has no timeline: its runs report why
            }
            out.put(cell.label(), r);
        }
        return out;
    }

    /** @return the CPU timeline of {@code run}'s window {@code [startNs, startNs + lengthNs)} */
    public static Chart.Timeline of(String title, SimResult run, long startNs, long lengthNs) {
        long endNs = startNs + lengthNs;
        int[] current = new int[run.nrCpus()];
        long[] since = new long[run.nrCpus()];
        Arrays.fill(current, -1);
        Arrays.fill(since, startNs);
        List<Chart.Slice> slices = new ArrayList<>();
        for (TraceEvent e : run.trace()) {
            if (e.kind() != TraceEvent.Kind.SWITCH || e.cpu() >= current.length) {
                continue;
            }
            if (e.timeNs() >= endNs) {
                break;
            }
            int cpu = e.cpu();
            if (e.pid() >= 0 && e.timeNs() > since[cpu]) {
                slices.add(slice(run, cpu, e.pid(), Math.max(since[cpu], startNs), e.timeNs()));
            }
            current[cpu] = e.otherPid();
            since[cpu] = Math.max(startNs, e.timeNs());
        }
        long traceEnd = run.trace().isEmpty() ? startNs : Math.min(endNs, run.trace().getLast().timeNs());
        for (int cpu = 0; cpu < current.length; cpu++) {
            if (current[cpu] >= 0 && traceEnd > since[cpu]) {
                slices.add(slice(run, cpu, current[cpu], since[cpu], traceEnd));
            }
        }
        if (slices.stream().map(Chart.Slice::group).distinct().count() > BY_TASK) {
            slices.replaceAll(x -> new Chart.Slice(x.cpu(), x.fromMs(), x.toMs(), group(x.group())));
        }
        return new Chart.Timeline(title, "simulated time (ms)", startNs / 1e6, endNs / 1e6, run.nrCpus(), slices);
    }

    private static Chart.Slice slice(SimResult run, int cpu, int pid, long from, long to) {
        return new Chart.Slice(cpu, from / 1e6, to / 1e6, run.taskNames().getOrDefault(pid, "pid " + pid));
    }

    /** @return a task name's group: the name without its index ({@code srv_recv[3,4]-7} is {@code srv_recv}) */
    static String group(String name) {
        String g = INDEX.matcher(name).replaceFirst("");
        return g.isEmpty() ? name : g;
    }
}
