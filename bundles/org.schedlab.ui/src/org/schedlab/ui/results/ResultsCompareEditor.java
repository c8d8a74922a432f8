package org.schedlab.ui.results;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.PartInitException;
import org.schedlab.model.ResultsResources;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Metric;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.DeltaTable;

/**
 * Two result files side by side: for every metric and cell they share, the value in each and the change from the
 * first to the second in percent (read-only).
 */
public final class ResultsCompareEditor extends ReadOnlyEditorPart {

	/** The editor's id, as declared in plugin.xml. */
	public static final String ID = "org.schedlab.ui.resultsCompareEditor";

	private ExperimentResult left;
	private ExperimentResult right;
	private Table table;

	@Override
	public void init(IEditorSite site, IEditorInput input) throws PartInitException {
		if (!(input instanceof CompareInput c)) {
			throw new PartInitException("not a results comparison: " + input);
		}
		setSite(site);
		setInput(input);
		setPartName(input.getName());
		left = load(c.left());
		right = load(c.right());
	}

	private static ExperimentResult load(IFile file) throws PartInitException {
		try (InputStream in = file.getContents(true)) {
			return ResultsResources.load(in);
		} catch (IOException | CoreException e) {
			throw new PartInitException(Status.error("cannot read " + file.getName() + ": " + e.getMessage(), e));
		}
	}

	/** @return the rows: metric, cell, first value, second value, change in percent */
	public List<List<String>> rows() {
		List<List<String>> rows = new ArrayList<>();
		for (String metric : left.getMetricNames()) {
			for (Cell a : left.getCells()) {
				Cell b = right.getCells().stream()
						.filter(c -> Comparisons.cellLabel(c).equals(Comparisons.cellLabel(a))).findFirst()
						.orElse(null);
				Metric ma = Comparisons.metric(a, metric);
				Metric mb = b == null ? null : Comparisons.metric(b, metric);
				if (ma == null && mb == null) {
					continue;
				}
				double va = ma == null ? Double.NaN : ma.getMean();
				double vb = mb == null ? Double.NaN : mb.getMean();
				String unit = ma != null ? ma.getUnit() : mb.getUnit();
				rows.add(List.of(metric + " (" + unit + ")", Comparisons.cellLabel(a), DeltaTable.formatValue(va),
						DeltaTable.formatValue(vb), DeltaTable.formatDelta(Comparisons.percentDelta(vb, va))));
			}
		}
		return rows;
	}

	@Override
	public void createPartControl(Composite parent) {
		CompareInput in = (CompareInput) getEditorInput();
		Composite body = new Composite(parent, SWT.NONE);
		body.setLayout(new GridLayout(1, false));
		Label header = new Label(body, SWT.WRAP);
		header.setText("First: " + in.left().getFullPath() + " (" + left.getName() + ", " + left.getRepeats()
				+ " repeat(s))\nSecond: " + in.right().getFullPath() + " (" + right.getName() + ", "
				+ right.getRepeats() + " repeat(s))\nThe % column is the change from the first to the second.");
		header.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
		table = Tables.create(body, "Means over repeats, cell by cell",
				List.of("metric", "cell", in.left().getName(), in.right().getName(), "% change"), 2);
		for (List<String> row : rows()) {
			Tables.row(table, row, null);
		}
		Tables.pack(table, 30);
	}

	@Override
	public void setFocus() {
		table.setFocus();
	}
}
