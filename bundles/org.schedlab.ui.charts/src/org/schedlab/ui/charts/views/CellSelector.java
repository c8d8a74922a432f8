/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.views;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.ui.results.ResultSelection;

/**
 * The row above a chart that picks its cell: machine, variant and seed (the runs of the cell), optionally what to
 * overlay, and "Pin" (a pinned view keeps its cell while the results editor's selection moves). Unpinned, it follows
 * the machine and variant the results editor selects.
 */
public final class CellSelector {

    private final Composite row;
    private final Combo machine;
    private final Combo variant;
    private final Combo seed;
    private final Combo overlay;
    private final Button pin;
    private final Runnable changed;
    private ExperimentResult result;

    /**
     * @param overlays the overlays offered, the first the default (empty: no overlay combo)
     * @param changed  run after the user changed the pick
     */
    public CellSelector(Composite parent, List<CellPick.Overlay> overlays, Runnable changed) {
        this.changed = changed;
        row = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(overlays.isEmpty() ? 7 : 9, false);
        layout.marginHeight = 2;
        row.setLayout(layout);
        row.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        machine = combo("Machine:");
        variant = combo("Variant:");
        seed = combo("Seed:");
        if (overlays.isEmpty()) {
            overlay = null;
        } else {
            overlay = combo("Overlay:");
            overlays.forEach(o -> overlay.add(o.label()));
            overlay.setData(overlays);
            overlay.select(0);
        }
        pin = new Button(row, SWT.CHECK);
        pin.setText("Pin");
        pin.setToolTipText("Keep this cell while the results editor's selection changes");
    }

    private Combo combo(String label) {
        new Label(row, SWT.NONE).setText(label);
        Combo c = new Combo(row, SWT.READ_ONLY | SWT.DROP_DOWN);
        c.addListener(SWT.Selection, e -> {
            if (c == machine || c == variant) {
                fillSeeds(seed.getSelectionIndex());
            }
            changed.run();
        });
        return c;
    }

    /** @return true when the view keeps its cell */
    public boolean pinned() {
        return pin.getSelection();
    }

    /** Pins or unpins the view's cell. */
    public void setPinned(boolean pinned) {
        pin.setSelection(pinned);
    }

    /**
     * Follows the results editor: a new result fills the combos; the selection's machine and variant, when it names
     * them, are picked. Does nothing when pinned (returns false then).
     */
    public boolean follow(ResultSelection s) {
        if (pinned() && result != null) {
            return false;
        }
        if (s.result() != result) {
            result = s.result();
            fill(machine, CellPick.machines(result));
            fill(variant, CellPick.variants(result));
        }
        pick(machine, s.machine());
        pick(variant, s.variant());
        fillSeeds(seed.getSelectionIndex());
        return true;
    }

    /** Picks machine, variant and run index (UI thread), as the user would, and tells the view. */
    public void select(String machineName, String variantName, int run) {
        pick(machine, machineName);
        pick(variant, variantName);
        fillSeeds(run);
        changed.run();
    }

    /** Picks the overlay (one of those offered) and tells the view. */
    public void selectOverlay(CellPick.Overlay o) {
        @SuppressWarnings("unchecked")
        List<CellPick.Overlay> offered = (List<CellPick.Overlay>) overlay.getData();
        overlay.select(offered.indexOf(o));
        changed.run();
    }

    /** @return the current pick (UI thread) */
    public CellPick pick() {
        CellPick.Overlay o = CellPick.Overlay.CELL;
        if (overlay != null) {
            @SuppressWarnings("unchecked")
            List<CellPick.Overlay> offered = (List<CellPick.Overlay>) overlay.getData();
            o = offered.get(Math.max(0, overlay.getSelectionIndex()));
        }
        return new CellPick(text(machine), text(variant), Math.max(0, seed.getSelectionIndex()), o);
    }

    private void fillSeeds(int keep) {
        Cell cell = result == null ? null : new CellPick(text(machine), text(variant), 0, CellPick.Overlay.CELL)
                .cell(result);
        seed.removeAll();
        if (cell != null) {
            for (int i = 0; i < cell.getRuns().size(); i++) {
                seed.add(cell.getRuns().get(i).getSeed() + " (run " + (i + 1) + ")");
            }
        }
        if (seed.getItemCount() > 0) {
            seed.select(Math.max(0, Math.min(keep, seed.getItemCount() - 1)));
        }
        row.layout(true);
    }

    private static void fill(Combo c, List<String> items) {
        c.setItems(items.toArray(String[]::new));
        if (!items.isEmpty()) {
            c.select(0);
        }
    }

    private static void pick(Combo c, String item) {
        if (item != null && c.indexOf(item) >= 0) {
            c.select(c.indexOf(item));
        }
    }

    private static String text(Combo c) {
        return c.getSelectionIndex() < 0 ? null : c.getItem(c.getSelectionIndex());
    }
}
