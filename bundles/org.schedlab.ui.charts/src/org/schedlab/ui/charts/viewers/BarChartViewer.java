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
