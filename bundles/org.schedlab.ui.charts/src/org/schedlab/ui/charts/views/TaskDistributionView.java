/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.views;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.swt.widgets.Composite;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.TaskBreakdown;
import org.schedlab.runner.Comparisons;
import org.schedlab.ui.charts.viewers.BarChartViewer;
import org.schedlab.ui.charts.viewers.ChartInput;
import org.schedlab.ui.charts.viewers.ChartViewer;
import org.schedlab.ui.charts.viewers.TaskGroups;
import org.schedlab.ui.results.ResultSelection;

/**
 * Per-task work of the picked cell and run (machine, variant and seed above the chart): CPU time of every task, a bar
 * per task, tasks that got no CPU at all included (as threads.c reports them). With more than {@link #MAX_BARS}
 * tasks, a group of bars per task group instead ({@link TaskGroups}: the name without its index): the least, median,
 * mean and most CPU time of the group's tasks. A run without tasks says why.
 */
public final class TaskDistributionView extends ResultChartView {

    /** The view's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.charts.tasks";

    /** The most tasks drawn one bar each. */
    public static final int MAX_BARS = 40;

    @Override
    protected ChartViewer createViewer(Composite parent) {
        return new BarChartViewer(parent);
    }

    @Override
    protected boolean selectsCells() {
        return true;
    }

    @Override
    protected ChartInput compute(ResultSelection s, CellPick pick, IProgressMonitor monitor) {
        Cell chosen = pick.cell(s.result());
        Run run = pick.runOf(chosen);
        if (run == null) {
            return ChartInput.empty(pick.describe(s.result()) + ": no completed run"
                    + (chosen == null || chosen.getMessage() == null ? "" : " (" + chosen.getMessage() + ")"));
        }
        List<TaskBreakdown> tasks = run.getTasks();
        if (tasks.isEmpty()) {
            return ChartInput.empty(Comparisons.cellLabel(chosen) + ", seed " + run.getSeed()
                    + ": no per-task figures, no task ran in the measured window");
        }
        long zero = tasks.stream().filter(t -> t.getCpuNs() == 0).count();
        String title = Comparisons.cellLabel(chosen) + ", seed " + run.getSeed() + ": CPU time per task"
                + (zero > 0 ? " (" + zero + " task(s) got none)" : "");
        return tasks.size() > MAX_BARS ? byGroup(title, tasks) : perTask(title, tasks);
    }

    private static ChartInput perTask(String title, List<TaskBreakdown> tasks) {
        boolean uniqueNames = tasks.stream().map(TaskBreakdown::getName).distinct().count() == tasks.size();
        List<String> names = new ArrayList<>();
        double[] cpuMs = new double[tasks.size()];
        for (int i = 0; i < cpuMs.length; i++) {
            TaskBreakdown t = tasks.get(i);
            names.add(uniqueNames ? t.getName() : t.getName() + " (" + t.getPid() + ")");
            cpuMs[i] = t.getCpuNs() / 1e6;
        }
        return new ChartInput(title, "task", "CPU time (ms)", names,
                List.of(new ChartInput.Series("CPU time", new double[0], cpuMs)));
    }

    private static ChartInput byGroup(String title, List<TaskBreakdown> tasks) {
        Map<String, List<Double>> groups = new LinkedHashMap<>();
        for (TaskBreakdown t : tasks) {
            groups.computeIfAbsent(TaskGroups.of(t.getName()), k -> new ArrayList<>()).add(t.getCpuNs() / 1e6);
        }
        List<String> names = new ArrayList<>();
        int n = groups.size();
        double[] min = new double[n];
        double[] median = new double[n];
        double[] mean = new double[n];
        double[] max = new double[n];
        int i = 0;
        for (Map.Entry<String, List<Double>> g : groups.entrySet()) {
            double[] v = g.getValue().stream().mapToDouble(Double::doubleValue).sorted().toArray();
            names.add(g.getKey() + " (" + v.length + ")");
            min[i] = v[0];
            median[i] = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
            mean[i] = Arrays.stream(v).average().orElse(0);
            max[i] = v[v.length - 1];
            i++;
        }
        return new ChartInput(title + ", " + tasks.size() + " tasks by group", "task group (tasks)", "CPU time (ms)",
                names, List.of(new ChartInput.Series("least", new double[0], min),
                        new ChartInput.Series("median", new double[0], median),
                        new ChartInput.Series("mean", new double[0], mean),
                        new ChartInput.Series("most", new double[0], max)));
    }

}
