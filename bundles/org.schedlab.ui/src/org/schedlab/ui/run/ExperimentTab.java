/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.run;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/** The launch configuration tab naming the .sched file to run (its workspace path). */
final class ExperimentTab extends AbstractLaunchConfigurationTab {

    private Text file;

    @Override
    public void createControl(Composite parent) {
        Composite c = new Composite(parent, SWT.NONE);
        c.setLayout(new GridLayout(2, false));
        new Label(c, SWT.NONE).setText("Experiment file (workspace path):");
        file = new Text(c, SWT.BORDER);
        file.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        file.addModifyListener(e -> updateLaunchConfigurationDialog());
        setControl(c);
    }

    @Override
    public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
        configuration.setAttribute(ExperimentLaunchDelegate.FILE, "");
    }

    @Override
    public void initializeFrom(ILaunchConfiguration configuration) {
        try {
            file.setText(configuration.getAttribute(ExperimentLaunchDelegate.FILE, ""));
        } catch (CoreException e) {
            file.setText("");
        }
    }

    @Override
    public void performApply(ILaunchConfigurationWorkingCopy configuration) {
        configuration.setAttribute(ExperimentLaunchDelegate.FILE, file.getText().trim());
    }

    @Override
    public boolean isValid(ILaunchConfiguration configuration) {
        setErrorMessage(file.getText().trim().endsWith(".sched") ? null : "Name a .sched file");
        return getErrorMessage() == null;
    }

    @Override
    public String getName() {
        return "Experiment";
    }
}
