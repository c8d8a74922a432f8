/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.sensitivity;

import java.util.List;
import java.util.Locale;

import org.schedlab.dsl.plan.Published;
import org.schedlab.runner.Sensitivity;
import org.schedlab.runner.chart.TornadoChart;

/**
 * One published figure's sensitivity, as {@code schedlab sensitivity} prints and draws it.
 *
 * @param experiment the figure's experiment
 * @param figure     the published change
 * @param rows       one per uncertain value, largest swing first ({@link Sensitivity#run})
 */
public record SensitivityFigure(String experiment, Published figure, List<Sensitivity.Row> rows) {

    public SensitivityFigure {
        rows = List.copyOf(rows);
    }

    /** @return the tornado chart of this figure (the command line's) */
    public TornadoChart chart() {
        return TornadoChart.of(figure, rows);
    }

    /** @return how the figure selector names it: id, cell, metric, published value */
    public String describe() {
        return String.format(Locale.ROOT, "%s  %s vs %s, %s (published %+.1f %%)", figure.id(), figure.cellLabel(),
                figure.against(), figure.metric(), figure.value());
    }
}
