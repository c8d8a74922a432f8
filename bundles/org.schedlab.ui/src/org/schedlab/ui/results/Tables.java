/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.results;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.layout.FillLayout;

/** Small helpers for the read-only tables of the results editor. */
final class Tables {

    private Tables() {
    }

    /** @return a titled group holding a full-row-select table; the first {@code leftColumns} columns are text */
    static Table create(Composite parent, String title, List<String> headings, int leftColumns) {
        Group group = new Group(parent, SWT.NONE);
        group.setText(title);
        group.setLayout(new FillLayout());
        group.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false)); // as wide as its columns
        Table table = new Table(group, SWT.FULL_SELECTION | SWT.BORDER | SWT.V_SCROLL | SWT.H_SCROLL);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        for (int i = 0; i < headings.size(); i++) {
            TableColumn c = new TableColumn(table, i < leftColumns ? SWT.LEFT : SWT.RIGHT);
            c.setText(headings.get(i));
        }
        return table;
    }

    /** Adds a row. */
    static TableItem row(Table table, List<String> cells, Object data) {
        TableItem item = new TableItem(table, SWT.NONE);
        item.setText(cells.toArray(String[]::new));
        item.setData(data);
        return item;
    }

    /** Sizes every column to its content and the table to its rows (at most {@code maxRows} visible). */
    static void pack(Table table, int maxRows) {
        for (TableColumn c : table.getColumns()) {
            c.pack();
            c.setWidth(c.getWidth() + 12);
        }
        int rows = Math.max(1, Math.min(maxRows, table.getItemCount()));
        GridData data = (GridData) table.getParent().getLayoutData();
        data.heightHint = table.getHeaderHeight() + rows * table.getItemHeight() + 8;
    }
}
