/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
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
 * Two result files side by side: for every metric of either and every cell of either, the value in each (n/a where
 * one did not record it) and the change from the first to the second in percent (read-only). Results of different
 * experiments, metrics or cells are compared with a warning above the table ({@link CompareCheck}); results that share
 * no cell are not compared.
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

    /** @return the rows: metric, cell, first value, second value, change in percent (none when refused) */
    public List<List<String>> rows() {
        List<List<String>> rows = new ArrayList<>();
        if (CompareCheck.refusal(left, right) != null) {
            return rows;
        }
        for (String metric : CompareCheck.metricUnion(left, right)) {
            for (String label : CompareCheck.cellUnion(left, right)) {
                Cell a = cell(left, label);
                Cell b = cell(right, label);
                Metric ma = a == null ? null : Comparisons.metric(a, metric);
                Metric mb = b == null ? null : Comparisons.metric(b, metric);
                if (ma == null && mb == null) {
                    continue;
                }
                double va = ma == null ? Double.NaN : ma.getMean();
                double vb = mb == null ? Double.NaN : mb.getMean();
                String unit = ma != null ? ma.getUnit() : mb.getUnit();
                rows.add(List.of(metric + " (" + unit + ")", label, DeltaTable.formatValue(va),
                        DeltaTable.formatValue(vb), DeltaTable.formatDelta(Comparisons.percentDelta(vb, va))));
            }
        }
        return rows;
    }

    private static Cell cell(ExperimentResult r, String label) {
        return r.getCells().stream().filter(c -> Comparisons.cellLabel(c).equals(label)).findFirst().orElse(null);
    }

    /** @return the warnings shown above the table, or the refusal */
    public List<String> warnings() {
        String refusal = CompareCheck.refusal(left, right);
        return refusal != null ? List.of(refusal) : CompareCheck.warnings(left, right);
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
        for (String warning : warnings()) {
            Label w = new Label(body, SWT.WRAP);
            w.setText("\u26a0 " + warning);
            w.setForeground(body.getDisplay().getSystemColor(SWT.COLOR_DARK_RED));
            w.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        }
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
