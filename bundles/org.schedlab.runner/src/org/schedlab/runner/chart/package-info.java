/**
 * Charts without a display: a {@link org.schedlab.runner.chart.Chart} is drawn by
 * {@link org.schedlab.runner.chart.ChartRenderer} on a {@link org.schedlab.runner.chart.Canvas}, either SVG text
 * ({@link org.schedlab.runner.chart.SvgCanvas}) or a Java 2D image for PNG
 * ({@link org.schedlab.runner.chart.ImageCanvas}).
 */
package org.schedlab.runner.chart;
