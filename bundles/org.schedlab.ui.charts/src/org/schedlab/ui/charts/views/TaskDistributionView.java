package org.schedlab.ui.charts.views;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.swt.widgets.Composite;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.TaskBreakdown;
import org.schedlab.runner.Comparisons;
import org.schedlab.ui.charts.viewers.BarChartViewer;
import org.schedlab.ui.charts.viewers.ChartInput;
import org.schedlab.ui.charts.viewers.ChartViewer;
import org.schedlab.ui.results.ResultSelection;

/**
 * Per-task work of one cell (the selected variant on the first machine, first run): CPU time of every task, a bar per
 * task, tasks that got no CPU at all included (as threads.c reports them).
 */
public final class TaskDistributionView extends ResultChartView {

	/** The view's id, as declared in plugin.xml. */
	public static final String ID = "org.schedlab.ui.charts.tasks";

	@Override
	protected ChartViewer createViewer(Composite parent) {
		return new BarChartViewer(parent);
	}

	@Override
	protected ChartInput compute(ResultSelection s, IProgressMonitor monitor) {
		Cell chosen = null;
		for (Cell cell : s.result().getCells()) {
			boolean matches = s.variant() == null || s.variant().equals(cell.getVariant());
			if (matches && !cell.getRuns().isEmpty()) {
				chosen = cell;
				break;
			}
		}
		if (chosen == null) {
			return ChartInput.empty(s.result().getName() + ": no completed run");
		}
		Run run = chosen.getRuns().get(0);
		List<String> tasks = new ArrayList<>();
		double[] cpuMs = new double[run.getTasks().size()];
		int zero = 0;
		boolean uniqueNames = run.getTasks().stream().map(TaskBreakdown::getName).distinct().count() == cpuMs.length;
		for (int i = 0; i < cpuMs.length; i++) {
			TaskBreakdown t = run.getTasks().get(i);
			tasks.add(uniqueNames ? t.getName() : t.getName() + " (" + t.getPid() + ")");
			cpuMs[i] = t.getCpuNs() / 1e6;
			zero += t.getCpuNs() == 0 ? 1 : 0;
		}
		if (tasks.isEmpty()) {
			return ChartInput.empty(Comparisons.cellLabel(chosen) + ": the run recorded no tasks");
		}
		String title = Comparisons.cellLabel(chosen) + ", seed " + run.getSeed() + ": CPU time per task"
				+ (zero > 0 ? " (" + zero + " task(s) got none)" : "");
		return new ChartInput(title, "task", "CPU time (ms)", tasks,
				List.of(new ChartInput.Series("CPU time", new double[0], cpuMs)));
	}
}
