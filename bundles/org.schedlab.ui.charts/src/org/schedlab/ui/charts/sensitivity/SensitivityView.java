/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.sensitivity;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.eclipse.jface.action.Action;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.part.ViewPart;
import org.schedlab.runner.Sensitivity;
import org.schedlab.runner.dsl.SensitivityRun;
import org.schedlab.ui.charts.viewers.TornadoViewer;

/**
 * The tornado of each published figure's sensitivity to the [U] values (Run Sensitivity on a .sched file): a
 * <b>Figure</b> selector, a line naming the file and the settings, and the {@link TornadoViewer}. The view menu
 * exports the chart as PNG.
 */
public final class SensitivityView extends ViewPart {

    /** The view's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.charts.sensitivity";

    static final String EMPTY = "No sensitivity yet: choose Run Sensitivity in a .sched file's context menu";

    private Combo figureCombo;
    private Label about;
    private TornadoViewer viewer;
    private List<SensitivityRun.Figure> figures = List.of();

    @Override
    public void createPartControl(Composite parent) {
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        layout.marginHeight = 0;
        parent.setLayout(layout);
        Composite row = new Composite(parent, SWT.NONE);
        row.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        GridLayout rowLayout = new GridLayout(3, false);
        rowLayout.marginHeight = 2;
        row.setLayout(rowLayout);
        new Label(row, SWT.NONE).setText("Figure:");
        figureCombo = new Combo(row, SWT.READ_ONLY | SWT.DROP_DOWN);
        figureCombo.setLayoutData(new GridData(SWT.LEFT, SWT.CENTER, false, false));
        figureCombo.addListener(SWT.Selection, e -> showFigure(figureCombo.getSelectionIndex()));
        about = new Label(row, SWT.NONE);
        about.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        viewer = new TornadoViewer(parent);
        viewer.control().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer.setTornado(null, EMPTY);
        getViewSite().getActionBars().getMenuManager().add(new Action("Export as PNG...") {
            @Override
            public void run() {
                FileDialog dialog = new FileDialog(getSite().getShell(), SWT.SAVE);
                dialog.setFilterExtensions(new String[] { "*.png" });
                dialog.setFileName("sensitivity-" + selectedId() + ".png");
                dialog.setOverwrite(true);
                String file = dialog.open();
                if (file != null) {
                    viewer.exportPng(Path.of(file));
                }
            }
        });
    }

    /**
     * Shows the figures of one sensitivity run of {@code source} (UI thread); the first figure is drawn.
     * {@code shortened} says how its runs were shortened to fit the budget (null: whole runs).
     */
    public void show(String source, Sensitivity.Settings settings, List<SensitivityRun.Figure> newFigures,
            String shortened) {
        figures = List.copyOf(newFigures);
        figureCombo.setItems(figures.stream().map(SensitivityRun.Figure::describe).toArray(String[]::new));
        figureCombo.getParent().layout(true);
        about.setText(String.format(Locale.ROOT, "%s: %d %s, %d seed%s per cell, %s", source, figures.size(),
                figures.size() == 1 ? "figure" : "figures", settings.repeats(), settings.repeats() == 1 ? "" : "s",
                shortened != null ? shortened : settings.durationNs() == 0 ? "the experiment's duration"
                        : String.format(Locale.ROOT, "%,d ms measured per run", settings.durationNs() / 1_000_000)));
        about.setToolTipText(about.getText());
        showFigure(0);
    }

    /** Draws figure {@code index} of the last run (UI thread). */
    public void showFigure(int index) {
        if (index < 0 || index >= figures.size()) {
            viewer.setTornado(null, EMPTY);
            return;
        }
        figureCombo.select(index);
        SensitivityRun.Figure f = figures.get(index);
        viewer.setTornado(f.chart(), f.id() + ": no uncertain value with a range in " + f.experiment());
    }

    /** @return the figures of the last run */
    public List<SensitivityRun.Figure> figures() {
        return figures;
    }

    /** @return the chart */
    public TornadoViewer viewer() {
        return viewer;
    }

    private String selectedId() {
        int i = figureCombo.getSelectionIndex();
        return i < 0 || i >= figures.size() ? "figure" : figures.get(i).id();
    }

    @Override
    public void setFocus() {
        figureCombo.setFocus();
    }
}
