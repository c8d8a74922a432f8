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
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.swt.widgets.Composite;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.DeltaTable;
import org.schedlab.ui.charts.viewers.BarChartViewer;
import org.schedlab.ui.charts.viewers.ChartInput;
import org.schedlab.ui.charts.viewers.ChartViewer;
import org.schedlab.ui.results.ResultSelection;

/** Comparison bars of the selected metric: a bar group per machine, a bar per variant. */
public final class ComparisonChartView extends ResultChartView {

    /** The view's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.charts.comparison";

    @Override
    protected ChartViewer createViewer(Composite parent) {
        return new BarChartViewer(parent);
    }

    @Override
    protected ChartInput compute(ResultSelection s, CellPick pick, IProgressMonitor monitor) {
        if (s.result().getCells().isEmpty()) {
            return ChartInput.empty(s.result().getName() + ": no cells");
        }
        DeltaTable t = Comparisons.deltaTable(s.result(), s.metric());
        List<ChartInput.Series> series = new ArrayList<>();
        for (DeltaTable.Row r : t.rows()) {
            double[] y = r.values().stream().mapToDouble(Double::doubleValue).toArray();
            series.add(new ChartInput.Series(r.variant(), new double[0], y));
        }
        return new ChartInput(t.metric() + " (" + t.unit() + "), mean over repeats",
                "machine", t.metric() + " (" + t.unit() + ")", t.columns(), series);
    }
}
