/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.viewers;

import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.IBarSeries;
import org.eclipse.swtchart.ISeries.SeriesType;

/** Grouped bars: one series per group member, one bar group per category. */
public final class BarChartViewer extends ChartViewer {

    public BarChartViewer(Composite parent) {
        super(parent);
    }

    @Override
    protected void addSeries(Chart target, ChartInput.Series series, Color color) {
        IBarSeries<?> bars = (IBarSeries<?>) target.getSeriesSet().createSeries(SeriesType.BAR, series.name());
        bars.setYSeries(finite(series.y()));
        bars.setBarColor(color);
        bars.setBarPadding(20);
    }
}
