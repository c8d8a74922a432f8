/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.chart;

/** The few drawing operations the charts need, in pixels from the top left; colours are {@code #rrggbb}. */
public interface Canvas {
    /** Where a text's x coordinate is. */
    enum Anchor {
        START, MIDDLE, END
    }

    void rect(double x, double y, double w, double h, String fill);

    void line(double x1, double y1, double x2, double y2, String stroke, double width);

    void polyline(double[] xs, double[] ys, String stroke, double width);

    void text(double x, double y, String text, double size, Anchor anchor, String fill);
}
