/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.schedlab.ui.charts.views.TimeSeriesView;
import org.schedlab.ui.results.ResultsEditor;

/** A task group's cpu.stat over time reaches the workbench: the Time Series view draws the capped group's throttling. */
class GroupSeriesTest {

    @Test
    void theTimeSeriesViewDrawsAThrottledGroup() throws Exception {
        IWorkbenchPage page = Workbench.page();
        ResultsEditor editor = CellSelectionTest.run(page, "cgroup.sched", "cgroup_hogs", 180_000);
        TimeSeriesView series = CellSelectionTest.show(page, TimeSeriesView.ID, TimeSeriesView.class);
        page.activate(editor);
        series.showSeries("throttled_g");
        assertTrue(Workbench.waitFor(() -> series.viewer().seriesNames().contains("capped"), 60_000),
                "the capped variant's throttled queues: " + series.viewer().seriesNames() + " "
                        + series.viewer().input().title());
        assertTrue(series.viewer().input().title().contains("throttled_g"), series.viewer().input().title());
        double[] y = series.viewer().input().series().get(series.viewer().seriesNames().indexOf("capped")).y();
        assertTrue(java.util.Arrays.stream(y).max().orElse(0) > 1, "both CPUs' queues throttled in a period");
        CellSelectionTest.maximized(page, series, "cgroup-throttled-timeseries");
    }
}
