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
import java.util.List;

/**
 * Draws a {@link Chart.Timeline}: a lane per CPU labelled {@code CPU n}, a bar per stretch a task ran in its group's
 * colour, a time axis with 1-2-5 ticks and thousands separators ({@link AxisScale}) and a legend of the groups.
 */
final class TimelineRenderer {
    private static final double TOP = 40;
    private static final double BOTTOM = 70;
    private static final double LEFT = 56;
    private static final double RIGHT = 20;
    private static final String INK = "#000000";
    private static final String LANE = "#eeeeee";

    private TimelineRenderer() {
    }

    static void draw(Chart.Timeline t, Canvas c, int width, int height) {
        int lanes = Math.max(1, t.nrCpus());
        double plotW = width - LEFT - RIGHT;
        double laneH = (height - TOP - BOTTOM) / lanes;
        List<String> groups = new ArrayList<>();
        t.slices().stream().map(Chart.Slice::group).distinct().sorted().forEach(groups::add);
        for (int cpu = 0; cpu < t.nrCpus(); cpu++) {
            double y = TOP + cpu * laneH;
            c.rect(LEFT, y + laneH * 0.15, plotW, laneH * 0.7, LANE);
            c.text(LEFT - 6, y + laneH / 2 + 4, "CPU " + cpu, 11, Canvas.Anchor.END, INK);
        }
        double span = Math.max(1e-9, t.endMs() - t.startMs());
        for (Chart.Slice s : t.slices()) {
            double x0 = LEFT + plotW * (Math.max(s.fromMs(), t.startMs()) - t.startMs()) / span;
            double x1 = LEFT + plotW * (Math.min(s.toMs(), t.endMs()) - t.startMs()) / span;
            double y = TOP + s.cpu() * laneH;
            c.rect(x0, y + laneH * 0.15, Math.max(0.5, x1 - x0), laneH * 0.7,
                    ChartRenderer.PALETTE.get(groups.indexOf(s.group()) % ChartRenderer.PALETTE.size()));
        }
        double bottom = TOP + lanes * laneH;
        c.line(LEFT, bottom, LEFT + plotW, bottom, INK, 1);
        AxisScale x = AxisScale.covering(t.startMs(), t.endMs());
        for (double tick : x.ticks()) {
            if (tick < t.startMs() - 1e-9 || tick > t.endMs() + 1e-9) {
                continue;
            }
            double px = LEFT + plotW * (tick - t.startMs()) / span;
            c.line(px, bottom, px, bottom + 4, INK, 1);
            c.text(px, bottom + 16, x.label(tick), 11, Canvas.Anchor.MIDDLE, INK);
        }
        c.text(LEFT + plotW / 2, bottom + 34, t.xLabel(), 12, Canvas.Anchor.MIDDLE, INK);
        List<Chart.Series> legend = new ArrayList<>();
        for (String g : groups) {
            legend.add(new Chart.Series(g, new double[0], new double[0]));
        }
        ChartRenderer.legend(c, legend, width, height);
    }
}
