/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.examples;

import java.lang.reflect.InvocationTargetException;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.actions.WorkspaceModifyOperation;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.wizards.newresource.BasicNewResourceWizard;

/**
 * File &gt; New &gt; Example... &gt; SchedLab examples: creates the project {@value ExamplesProject#NAME} with the
 * example experiments, reveals it in the Project Explorer and opens {@value ExamplesProject#HELLO}.
 */
public final class ExamplesWizard extends BasicNewResourceWizard {

    /** The wizard's id, as declared in plugin.xml. */
    public static final String ID = "org.schedlab.ui.examples.wizard";

    private List<IFile> created = List.of();

    public ExamplesWizard() {
        setWindowTitle("SchedLab Examples");
        setNeedsProgressMonitor(true);
    }

    @Override
    public void addPages() {
        addPage(new AboutPage());
    }

    /** @return the files of the project after {@link #performFinish()} */
    public List<IFile> created() {
        return created;
    }

    @Override
    public boolean performFinish() {
        WorkspaceModifyOperation create = new WorkspaceModifyOperation() {
            @Override
            protected void execute(IProgressMonitor monitor) throws CoreException {
                created = ExamplesProject.create(monitor);
            }
        };
        try {
            if (getContainer() != null) {
                getContainer().run(true, false, create);
            } else {
                create.run(null);
            }
        } catch (InvocationTargetException e) {
            String why = e.getCause() instanceof CoreException c ? c.getStatus().getMessage()
                    : String.valueOf(e.getCause());
            MessageDialog.openError(getShell(), "SchedLab Examples", "The examples project was not created: " + why);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        IFile hello = ExamplesProject.project().getFile(ExamplesProject.HELLO);
        selectAndReveal(hello.exists() ? hello : ExamplesProject.project());
        open(hello);
        return true;
    }

    private void open(IFile file) {
        IWorkbenchWindow window = getWorkbench() != null ? getWorkbench().getActiveWorkbenchWindow()
                : PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        IWorkbenchPage page = window == null ? null : window.getActivePage();
        if (page != null && file.exists()) {
            try {
                IDE.openEditor(page, file, true);
            } catch (PartInitException e) {
                MessageDialog.openError(getShell(), "SchedLab Examples",
                        "Cannot open " + file.getName() + ": " + e.getMessage());
            }
        }
    }

    /** What the project will hold. */
    private static final class AboutPage extends WizardPage {

        AboutPage() {
            super("about");
            setTitle("SchedLab examples");
            setDescription("Creates the project \"" + ExamplesProject.NAME + "\" with the example experiments.");
        }

        @Override
        public void createControl(Composite parent) {
            Composite body = new Composite(parent, SWT.NONE);
            body.setLayout(new GridLayout(1, false));
            text(body, "The project holds the experiments SchedLab ships with:\n"
                    + "  hello.sched: the smallest experiment, four threads that compute and yield on two CPUs\n"
                    + "  seed000 ... seed004: the five historical scheduler patches that ./schedlab reproduce checks\n"
                    + "  cfs_group_shares.sched, container_cap.sched: CFS group shares and a CPU-capped container\n"
                    + "  calibration/: the unpatched rows the cost model is calibrated on\n\n"
                    + "Select a .sched file and choose Run As > SchedLab Experiment: its results are written beside it\n"
                    + "and open in the results editor, and the chart views follow them. Files already in the project\n"
                    + "are kept as they are.");
            setControl(body);
        }

        private static void text(Composite parent, String s) {
            Label label = new Label(parent, SWT.WRAP);
            label.setText(s);
            label.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        }
    }
}
