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
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.swt.widgets.Composite;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.TimeSeries;
import org.schedlab.ui.charts.viewers.ChartInput;
import org.schedlab.ui.charts.viewers.ChartViewer;
import org.schedlab.ui.charts.viewers.LineChartViewer;
import org.schedlab.ui.results.ResultSelection;

/**
 * Time series of the picked cell and run, overlaid by default with the other variants on the same machine (or the
 * machines under the same variant; the selector above the chart): the first series the runs recorded (throughput,
 * run queue length or switches per second, as the result holds them), over simulated time. The view menu's Series
 * submenu chooses among the series the runs recorded.
 */
public final class TimeSeriesView extends ResultChartView {

    /** The view's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.charts.timeSeries";

    private final MenuManager seriesMenu = new MenuManager("Series");
    private volatile String chosen;
    private volatile List<String> available = List.of();

    @Override
    protected ChartViewer createViewer(Composite parent) {
        getViewSite().getActionBars().getMenuManager().add(seriesMenu);
        return new LineChartViewer(parent);
    }

    /** Shows the series named {@code name} (when the runs recorded it). */
    public void showSeries(String name) {
        chosen = name;
        refresh();
    }

    @Override
    protected void inputShown() {
        seriesMenu.removeAll();
        for (String name : available) {
            Action a = new Action(name, IAction.AS_RADIO_BUTTON) {
                @Override
                public void run() {
                    if (isChecked()) {
                        showSeries(name);
                    }
                }
            };
            a.setChecked(name.equals(chosen) || (chosen == null && name.equals(available.get(0))));
            seriesMenu.add(a);
        }
        seriesMenu.update(true);
    }

    @Override
    protected boolean selectsCells() {
        return true;
    }

    @Override
    protected List<CellPick.Overlay> overlays() {
        return List.of(CellPick.Overlay.VARIANTS, CellPick.Overlay.MACHINES, CellPick.Overlay.CELL);
    }

    @Override
    protected ChartInput compute(ResultSelection s, CellPick pick, IProgressMonitor monitor) {
        Set<String> names = new LinkedHashSet<>();
        for (Cell cell : s.result().getCells()) {
            cell.getRuns().forEach(r -> r.getSeries().forEach(t -> names.add(t.getName())));
        }
        available = List.copyOf(names);
        String name = names.contains(chosen) ? chosen : null;
        String unit = "";
        List<ChartInput.Series> series = new ArrayList<>();
        for (Cell cell : pick.cells(s.result())) {
            Run run = pick.runOf(cell);
            if (run == null) {
                continue;
            }
            for (TimeSeries ts : run.getSeries()) {
                if (name == null) {
                    name = ts.getName();
                }
                if (ts.getName().equals(name)) {
                    unit = ts.getUnit();
                    double[] y = ts.getValues().stream().mapToDouble(Double::doubleValue).toArray();
                    double[] x = new double[y.length];
                    for (int i = 0; i < y.length; i++) {
                        x[i] = (i + 1) * ts.getIntervalNs() / 1e6;
                    }
                    series.add(new ChartInput.Series(pick.seriesName(cell), x, y));
                }
            }
        }
        if (series.isEmpty()) {
            return ChartInput.empty(pick.describe(s.result()) + ": the runs recorded no time series");
        }
        return new ChartInput(name + " (" + unit + "), " + pick.describe(s.result()),
                "simulated time (ms)", name + " (" + unit + ")", List.of(), series);
    }
}
