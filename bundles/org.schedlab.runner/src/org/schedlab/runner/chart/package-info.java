/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * Charts without a display: a {@link org.schedlab.runner.chart.Chart} is drawn by
 * {@link org.schedlab.runner.chart.ChartRenderer} on a {@link org.schedlab.runner.chart.Canvas}, either SVG text
 * ({@link org.schedlab.runner.chart.SvgCanvas}) or a Java 2D image for PNG
 * ({@link org.schedlab.runner.chart.ImageCanvas}).
 */
package org.schedlab.runner.chart;
