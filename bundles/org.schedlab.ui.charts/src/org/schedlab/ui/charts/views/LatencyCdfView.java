package org.schedlab.ui.charts.views;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.swt.widgets.Composite;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.Histogram;
import org.schedlab.runner.Comparisons;
import org.schedlab.ui.charts.viewers.ChartInput;
import org.schedlab.ui.charts.viewers.ChartViewer;
import org.schedlab.ui.charts.viewers.LineChartViewer;
import org.schedlab.ui.results.ResultSelection;

/**
 * Wakeup latency as a cumulative distribution, one line per cell of the selected variant (first run): the share of
 * wakeups that got a CPU within a given time. The runner keeps power-of-two buckets, so the x axis is logarithmic and
 * each point is a bucket's upper bound.
 */
public final class LatencyCdfView extends ResultChartView {

	/** The view's id, as declared in plugin.xml. */
	public static final String ID = "org.schedlab.ui.charts.latency";

	/** The histogram the runner records for wakeup latency. */
	static final String HISTOGRAM = "wakeup_latency";

	@Override
	protected ChartViewer createViewer(Composite parent) {
		return new LineChartViewer(parent);
	}

	@Override
	protected ChartInput compute(ResultSelection s, IProgressMonitor monitor) {
		List<ChartInput.Series> series = new ArrayList<>();
		for (Cell cell : s.result().getCells()) {
			if ((s.variant() != null && !s.variant().equals(cell.getVariant())) || cell.getRuns().isEmpty()) {
				continue;
			}
			for (Histogram h : cell.getRuns().get(0).getHistograms()) {
				if (h.getName().equals(HISTOGRAM) && h.getCount() > 0 && !h.getBuckets().isEmpty()) {
					series.add(cdf(Comparisons.cellLabel(cell), h));
				}
			}
		}
		if (series.isEmpty()) {
			return ChartInput.empty("No wakeups recorded (the tasks never slept)");
		}
		return new ChartInput("wakeup latency, first run of each cell", "latency (us, log scale)",
				"wakeups served within (%)", List.of(), series, true);
	}

	/**
	 * Bucket 0 holds 0 ns, bucket b holds [2^(b-1), 2^b) ns: plotted at its upper bound (1 ns for bucket 0), starting
	 * one bucket before the first non-empty one.
	 */
	static ChartInput.Series cdf(String name, Histogram h) {
		int n = h.getBuckets().size();
		int first = 0;
		while (first < n - 1 && h.getBuckets().get(first) == 0) {
			first++;
		}
		first = Math.max(0, first - 1);
		double[] x = new double[n - first];
		double[] y = new double[n - first];
		long total = h.getBuckets().stream().mapToLong(Long::longValue).sum();
		long sum = 0;
		for (int b = 0; b < n; b++) {
			sum += h.getBuckets().get(b);
			if (b >= first) {
				x[b - first] = (b == 0 ? 1 : Math.pow(2, b)) / 1000.0;
				y[b - first] = total == 0 ? 0 : 100.0 * sum / total;
			}
		}
		return new ChartInput.Series(name, x, y);
	}
}
