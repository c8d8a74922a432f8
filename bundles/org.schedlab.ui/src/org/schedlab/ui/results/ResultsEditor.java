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
import java.text.DateFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.IURIEditorInput;
import org.eclipse.ui.PartInitException;
import org.schedlab.model.ResultsResources;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.DeltaTable;
import org.schedlab.runner.PublishedRow;
import org.schedlab.runner.Comparisons;

/**
 * The results editor (read-only) for a {@code .schedresult}: the comparison table (a row per variant, a column per
 * machine, then the change in percent against the baseline variant), published figures against simulated ones, and
 * the per-CPU and per-task breakdowns. The selected row is the selection the chart views follow.
 */
public final class ResultsEditor extends ReadOnlyEditorPart implements ISelectionProvider {

    /** The editor's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.resultsEditor";

    private final List<ISelectionChangedListener> listeners = new ArrayList<>();
    private ExperimentResult result;
    private ISelection selection = StructuredSelection.EMPTY;
    private Table comparison;

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        setSite(site);
        setInput(input);
        try (InputStream in = open(input)) {
            result = ResultsResources.load(in);
            setPartName(result.getName()); // titled by experiment; the file is in the tooltip
            setTitleToolTip(input.getToolTipText());
        } catch (IOException | CoreException e) {
            throw new PartInitException(Status.error("cannot read " + input.getName() + ": " + e.getMessage(), e));
        }
        site.setSelectionProvider(this);
    }

    private static InputStream open(IEditorInput input) throws CoreException, IOException {
        if (input instanceof IFileEditorInput f) {
            return f.getFile().getContents(true);
        }
        if (input instanceof IURIEditorInput u) {
            return u.getURI().toURL().openStream();
        }
        throw new IOException("unsupported input " + input);
    }

    /** @return the result shown */
    public ExperimentResult result() {
        return result;
    }

    @Override
    public void createPartControl(Composite parent) {
        ScrolledComposite scroll = new ScrolledComposite(parent, SWT.V_SCROLL | SWT.H_SCROLL);
        Composite body = new Composite(scroll, SWT.NONE);
        body.setLayout(new GridLayout(1, false));
        Label header = new Label(body, SWT.WRAP);
        header.setText(header());
        header.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        createComparison(body);
        createPublished(body);
        createCpus(body);
        createTasks(body);
        scroll.setContent(body);
        scroll.setExpandHorizontal(true);
        scroll.setExpandVertical(true);
        scroll.setMinSize(body.computeSize(SWT.DEFAULT, SWT.DEFAULT));
        if (!result.getMetricNames().isEmpty()) {
            setSelection(new StructuredSelection(new ResultSelection(result, result.getMetricNames().get(0), null)));
        }
    }

    private String header() {
        String created = result.getCreated() == null ? "?"
                : DateFormat.getDateTimeInstance(DateFormat.MEDIUM, DateFormat.SHORT, Locale.ROOT)
                        .format(result.getCreated());
        return String.format(Locale.ROOT, "Experiment %s   status: %s   %d cell(s) x %d repeat(s)   created %s%n"
                + "Values are means over the repeats; the %% rows compare each variant against the baseline variant %s.",
                result.getName(), result.getStatus(), result.getCells().size(), result.getRepeats(), created,
                result.getBaselineVariant());
    }

    private void createComparison(Composite body) {
        List<String> headings = new ArrayList<>(List.of("metric", "variant"));
        headings.addAll(ComparisonRow.columns(result));
        comparison = Tables.create(body, "Simulated: rows per variant, columns per machine", headings, 2);
        Color deltaColor = body.getDisplay().getSystemColor(SWT.COLOR_DARK_BLUE);
        String lastMetric = null;
        for (ComparisonRow r : ComparisonRow.of(result)) {
            List<String> cells = new ArrayList<>();
            cells.add(r.metric().equals(lastMetric) ? "" : r.metric() + " (" + r.unit() + ")");
            cells.add(r.label());
            cells.addAll(r.cells());
            TableItem item = Tables.row(comparison, cells, r);
            if (r.delta()) {
                item.setForeground(deltaColor);
            }
            lastMetric = r.metric();
        }
        Tables.pack(comparison, 40);
        List<String> machines = ComparisonRow.columns(result);
        comparison.addListener(SWT.MouseDown, e -> {
            TableItem item = comparison.getItem(new Point(e.x, e.y));
            if (item != null && item.getData() instanceof ComparisonRow r) {
                String machine = null;
                for (int c = 2; c < 2 + machines.size(); c++) {
                    if (item.getBounds(c).contains(e.x, e.y)) {
                        machine = machines.get(c - 2);
                    }
                }
                setSelection(new StructuredSelection(new ResultSelection(result, r.metric(), r.variant(), machine)));
            }
        });
        comparison.addListener(SWT.Selection, e -> {
            if (e.item != null && e.item.getData() instanceof ComparisonRow r && !sameRow(r)) {
                setSelection(new StructuredSelection(new ResultSelection(result, r.metric(), r.variant())));
            }
        });
    }

    private boolean sameRow(ComparisonRow r) {
        return selection instanceof StructuredSelection s && s.getFirstElement() instanceof ResultSelection now
                && now.metric().equals(r.metric()) && java.util.Objects.equals(now.variant(), r.variant());
    }

    /** Selects the cell of a per-CPU or per-task row: the charts follow its machine and variant. */
    private void followCellRows(Table table) {
        table.addListener(SWT.Selection, e -> {
            if (e.item != null && e.item.getData() instanceof Object[] row && row[0] instanceof Cell cell) {
                String metric = result.getMetricNames().isEmpty() ? "" : result.getMetricNames().get(0);
                if (selection instanceof StructuredSelection s && s.getFirstElement() instanceof ResultSelection now) {
                    metric = now.metric();
                }
                setSelection(new StructuredSelection(
                        new ResultSelection(result, metric, cell.getVariant(), Comparisons.columnLabel(cell))));
            }
        });
    }

    private void createPublished(Composite body) {
        List<PublishedRow> rows = Comparisons.published(result);
        if (rows.isEmpty()) {
            return;
        }
        Table table = Tables.create(body, "Published against simulated",
                List.of("figure", "cell", "metric", "unit", "published", "simulated", "band", "reproduced"), 4);
        for (PublishedRow p : rows) {
            Tables.row(table, List.of(p.id(), p.cell(), p.metric(), p.unit(), DeltaTable.formatValue(p.published()),
                    DeltaTable.formatValue(p.simulated()), band(p), p.ok() ? "yes" : "NO"), p);
        }
        Tables.pack(table, 20);
    }

    private static String band(PublishedRow p) {
        if (Double.isInfinite(p.bandLow()) && Double.isInfinite(p.bandHigh())) {
            return "(none)";
        }
        return "[" + DeltaTable.formatValue(p.bandLow()) + ", " + DeltaTable.formatValue(p.bandHigh()) + "]";
    }

    private void createCpus(Composite body) {
        Table table = Tables.create(body, "Per CPU, first run of each cell (ms of simulated time)",
                List.of("cell", "cpu", "user", "kernel", "spinning", "idle"), 1);
        for (var cell : result.getCells()) {
            if (cell.getRuns().isEmpty()) {
                continue;
            }
            for (var cpu : cell.getRuns().get(0).getCpus()) {
                Tables.row(table, List.of(Comparisons.cellLabel(cell), Integer.toString(cpu.getCpu()),
                        ms(cpu.getUserNs()), ms(cpu.getKernelNs()), ms(cpu.getSpinNs()), ms(cpu.getIdleNs())),
                        new Object[] { cell, cpu });
            }
        }
        Tables.pack(table, 16);
        followCellRows(table);
    }

    private void createTasks(Composite body) {
        Table table = Tables.create(body, "Per task, first run of each cell (ms of simulated time)",
                List.of("cell", "task", "pid", "on CPU", "waiting", "voluntary switches", "involuntary switches",
                        "wakeups", "final state"), 2);
        for (var cell : result.getCells()) {
            if (cell.getRuns().isEmpty()) {
                continue;
            }
            for (var t : cell.getRuns().get(0).getTasks()) {
                Tables.row(table, List.of(Comparisons.cellLabel(cell), String.valueOf(t.getName()),
                        Integer.toString(t.getPid()), ms(t.getCpuNs()), ms(t.getWaitNs()),
                        Long.toString(t.getVoluntarySwitches()), Long.toString(t.getInvoluntarySwitches()),
                        Long.toString(t.getWakeups()), String.valueOf(t.getFinalState())), new Object[] { cell, t });
            }
        }
        if (table.getItemCount() == 0) {
            Tables.row(table, List.of("(none)", "no run kept a task: a run keeps the tasks alive at its end, and "
                    + "every task of these runs had exited"), null);
        }
        Tables.pack(table, 12);
        followCellRows(table);
    }

    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%.3f", ns / 1e6);
    }

    @Override
    public void setFocus() {
        if (comparison != null && !comparison.isDisposed()) {
            comparison.setFocus();
        }
    }

    @Override
    public void addSelectionChangedListener(ISelectionChangedListener l) {
        listeners.add(l);
    }

    @Override
    public void removeSelectionChangedListener(ISelectionChangedListener l) {
        listeners.remove(l);
    }

    @Override
    public ISelection getSelection() {
        return selection;
    }

    @Override
    public void setSelection(ISelection s) {
        selection = s;
        SelectionChangedEvent event = new SelectionChangedEvent(this, s);
        for (ISelectionChangedListener l : List.copyOf(listeners)) {
            l.selectionChanged(event);
        }
    }
}
