/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ui;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.dialogs.WizardNewFileCreationPage;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.wizards.newresource.BasicNewResourceWizard;

/** File &gt; New &gt; SchedLab Experiment: a .sched file with a commented starter experiment, opened in the editor. */
public final class NewExperimentWizard extends BasicNewResourceWizard {

    /** What a new file holds: every kind of declaration once, each explained. */
    static final String STARTER = """
			// A SchedLab experiment: machines x kernel variants, each simulated for the given duration.
			// Ctrl+Space proposes engines, versions, patches and tunables; hover a patch for its story;
			// Run As > SchedLab Experiment writes NAME.schedresult beside this file and opens it.

			// a machine: CPUs, clock and timer frequency (or: machine big extends piii-700 { cpus 8 })
			machine duo {
				cpus 2
				clock 700 MHz
				hz 100
			}

			// a kernel: a scheduler engine at one of its versions
			kernel reference {
				engine rr
				version "1.0"
			}

			// variants: a kernel plus patches (kernel + "patch-id") and tunables ({ name value })
			variant rr = reference

			// a workload: threads and what each one does
			workload hello {
				threads worker x 4 {
					loop forever {
						compute 1 ms
						count work
						yield
					}
				}
			}

			// the experiment: every machine x every variant; metrics are reported per second of simulated time
			experiment hello {
				workload hello
				machines duo
				variants rr
				duration 1 s
				metrics switches, work
			}
			""";

    private WizardNewFileCreationPage page;

    @Override
    public void init(IWorkbench workbench, IStructuredSelection currentSelection) {
        super.init(workbench, currentSelection);
        setWindowTitle("New SchedLab Experiment");
        setNeedsProgressMonitor(true);
    }

    @Override
    public void addPages() {
        page = new WizardNewFileCreationPage("experiment", getSelection()) {
            @Override
            protected InputStream getInitialContents() {
                return new ByteArrayInputStream(STARTER.getBytes(StandardCharsets.UTF_8));
            }
        };
        page.setTitle("SchedLab Experiment");
        page.setDescription("Create a .sched file with a starter experiment.");
        page.setFileName("experiment.sched");
        page.setFileExtension("sched");
        addPage(page);
    }

    @Override
    public boolean performFinish() {
        IFile file = page.createNewFile();
        if (file == null) {
            return false;
        }
        selectAndReveal(file);
        IWorkbenchPage active = getWorkbench().getActiveWorkbenchWindow().getActivePage();
        try {
            IDE.openEditor(active, file, SchedEditor.ID, true);
        } catch (PartInitException e) {
            return false;
        }
        return true;
    }
}
