/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.examples;

import java.util.List;
import java.util.function.Consumer;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.FileEditorInput;
import org.eclipse.ui.part.ISetSelectionTarget;
import org.schedlab.ui.run.ActivePage;
import org.schedlab.ui.run.ExperimentJob;

/**
 * What the welcome page's buttons do: create the examples project, and run seed 004 from it with its charts. The
 * project is created in a workspace job; what follows happens on the UI thread; what the user must know (done, or
 * why not) goes to {@code report}.
 */
public final class FirstRun {

    /** The chart view that shows seed 004's published figures (org.schedlab.ui.charts, named by id). */
    static final String COMPARISON_VIEW = "org.schedlab.ui.charts.comparison";

    /** The experiment of seed 004 whose result opens last (in front): netperf, the -98 % figure. */
    private static final String NETPERF = "-netperf.";

    private static final String PROJECT_EXPLORER = "org.eclipse.ui.navigator.ProjectExplorer";

    private FirstRun() {
    }

    /** Creates (or completes) the examples project and reveals it; {@code report} gets one line on the UI thread. */
    public static void createExamples(IWorkbenchPage page, Consumer<String> report) {
        inJob(page, report, files -> {
            IFile hello = ExamplesProject.project().getFile(ExamplesProject.HELLO);
            reveal(page, hello.exists() ? hello : ExamplesProject.project());
            report.accept("The project \"" + ExamplesProject.NAME + "\" has " + files.size()
                    + " example files; select one and choose Run As > SchedLab Experiment.");
        });
    }

    /**
     * Creates the examples project if needed, opens seed 004 in the editor, brings the Comparison chart to the front
     * and runs the file as Run As &gt; SchedLab Experiment does: the results editor opens when the run is done and the
     * chart views follow it. The run is an {@link ExperimentJob} (family {@link ExperimentJob#FAMILY}).
     */
    public static void runSeed004(IWorkbenchPage page, Consumer<String> report) {
        inJob(page, report, files -> {
            IFile seed = ExamplesProject.project().getFile(ExamplesProject.SEED_004);
            reveal(page, seed);
            try {
                IDE.openEditor(page, seed, true);
                page.showView(COMPARISON_VIEW, null, IWorkbenchPage.VIEW_VISIBLE);
            } catch (PartInitException e) {
                report.accept("Cannot open " + seed.getName() + ": " + e.getMessage());
                return;
            }
            ExperimentJob job = new ExperimentJob(seed, true);
            job.addJobChangeListener(new JobChangeAdapter() {
                @Override
                public void done(IJobChangeEvent event) {
                    // the results open in file order; netperf's (-98 %) is the one to see first
                    ActivePage.later(p -> job.written().stream().filter(f -> f.getName().contains(NETPERF))
                            .map(f -> p.findEditor(new FileEditorInput(f))).filter(e -> e != null).findFirst()
                            .ifPresent(p::activate));
                }
            });
            job.schedule();
            report.accept("Running " + seed.getName() + " (see the Progress view); its results and charts open "
                    + "when the run is done.");
        });
    }

    private static void inJob(IWorkbenchPage page, Consumer<String> report, Consumer<List<IFile>> then) {
        Display display = page.getWorkbenchWindow().getShell().getDisplay();
        WorkspaceJob job = new WorkspaceJob("Creating the project " + ExamplesProject.NAME) {
            @Override
            public IStatus runInWorkspace(IProgressMonitor monitor) {
                try {
                    List<IFile> files = ExamplesProject.create(monitor);
                    display.asyncExec(() -> then.accept(files));
                } catch (CoreException e) {
                    display.asyncExec(() -> report.accept("The examples project was not created: "
                            + e.getStatus().getMessage()));
                }
                return Status.OK_STATUS;
            }
        };
        job.setRule(ExamplesProject.project().getWorkspace().getRoot());
        job.schedule();
    }

    private static void reveal(IWorkbenchPage page, IResource resource) {
        IViewPart explorer = page.findView(PROJECT_EXPLORER);
        if (explorer instanceof ISetSelectionTarget target) {
            target.selectReveal(new StructuredSelection(resource));
        }
    }
}
