/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.sensitivity;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Text;
import org.schedlab.runner.Sensitivity;

/**
 * The settings of a sensitivity run, as {@code schedlab sensitivity --repeats N --duration T} takes them: seeds per
 * cell (default 2) and the measured simulated time per run (empty: the experiment's own). A wrong time is said in
 * the dialog and keeps OK disabled.
 */
final class SettingsDialog extends TitleAreaDialog {

    private final String fileName;
    private Spinner repeats;
    private Text duration;
    private Sensitivity.Settings settings;

    SettingsDialog(Shell parent, String fileName) {
        super(parent);
        this.fileName = fileName;
    }

    /** @return the settings chosen (after OK) */
    Sensitivity.Settings settings() {
        return settings;
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Run Sensitivity");
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        setTitle("Sensitivity of " + fileName);
        setMessage("Each published change, with every [U] value at its default and then one at a time at the low "
                + "and the high end of its range.");
        Composite grid = new Composite(area, SWT.NONE);
        grid.setLayout(new GridLayout(2, false));
        grid.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        new Label(grid, SWT.NONE).setText("Seeds per cell:");
        repeats = new Spinner(grid, SWT.BORDER);
        repeats.setValues(Sensitivity.DEFAULT_REPEATS, 1, 1000, 0, 1, 5);
        new Label(grid, SWT.NONE).setText("Measured time per run:");
        duration = new Text(grid, SWT.BORDER);
        duration.setMessage("the experiment's (e.g. 1s, 500ms)");
        duration.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        duration.addModifyListener(e -> check());
        return area;
    }

    private void check() {
        try {
            Sensitivity.durationNs(duration.getText().isBlank() ? null : duration.getText());
            setErrorMessage(null);
            getButton(IDialogConstants.OK_ID).setEnabled(true);
        } catch (IllegalArgumentException e) {
            setErrorMessage("The measured time " + e.getMessage());
            getButton(IDialogConstants.OK_ID).setEnabled(false);
        }
    }

    @Override
    protected void okPressed() {
        settings = new Sensitivity.Settings(repeats.getSelection(),
                Sensitivity.durationNs(duration.getText().isBlank() ? null : duration.getText()));
        super.okPressed();
    }
}
