/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.sensitivity;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.statushandlers.StatusManager;
import org.schedlab.runner.Sensitivity;
import org.schedlab.runner.dsl.SensitivityRun;
import org.schedlab.ui.run.ActivePage;
import org.schedlab.ui.run.JobMonitor;

/**
 * Run Sensitivity: {@link Sensitivity} on every published change of a .sched file, as a workbench job with progress
 * and Cancel (the same code path as {@code schedlab sensitivity}: {@link SensitivityRun}). When done, the {@link SensitivityView} shows the
 * tornado of each figure; a cancelled job shows nothing.
 */
public final class SensitivityJob extends Job {

    /** The family of these jobs (for tests and the Progress view). */
    public static final Object FAMILY = SensitivityJob.class;

    private final IFile file;
    private final Sensitivity.Settings settings;
    private volatile List<SensitivityRun.Figure> figures = List.of();
    /** How the runs were shortened to fit the budget, or null. */
    private volatile String shortenedTo;

    public SensitivityJob(IFile file, Sensitivity.Settings settings) {
        super("SchedLab: sensitivity of " + file.getName());
        this.file = file;
        this.settings = settings;
        setUser(true);
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }

    /** @return the figures computed (after the job finished) */
    public List<SensitivityRun.Figure> figures() {
        return figures;
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        Path path = file.getLocation().toFile().toPath();
        SubMonitor sub = SubMonitor.convert(monitor, "Sensitivity of " + file.getName(), 1000);
        SensitivityRun.Outcome outcome;
        try {
            outcome = SensitivityRun.ofFile(path, Set.of(), settings, SensitivityRun.Budget.DEFAULT, 0,
                    new JobMonitor(sub), new SensitivityRun.Estimate() {
                        @Override
                        public void estimated(int runs, int first, double firstS, double restS, int workers) {
                            sub.setTaskName(String.format(java.util.Locale.ROOT,
                                    "Sensitivity of %s: %d runs, about %.0f s more", file.getName(), runs, restS));
                        }

                        @Override
                        public void shortened(double fraction, double shortS, String example) {
                            shortenedTo = String.format(java.util.Locale.ROOT, "each run %.1f %% of its cell's"
                                    + " simulated time at the defaults to fit %.0f min (%s)", 100 * fraction,
                                    SensitivityRun.Budget.DEFAULT.seconds() / 60, example);
                            sub.setTaskName("Sensitivity of " + file.getName() + ": about "
                                    + Math.round(shortS) + " s, " + shortenedTo);
                        }
                    });
        } catch (SensitivityRun.LoadException e) {
            return Status.error(e.getMessage());
        } catch (IOException | RuntimeException e) {
            return Status.error("sensitivity of " + file.getName() + ": " + e.getMessage(), e);
        }
        if (monitor.isCanceled() || outcome.cancelled()) {
            return Status.CANCEL_STATUS;
        }
        if (outcome.figures().isEmpty()) {
            return Status.error(file.getName() + " has no published change: sensitivity moves the simulated change"
                    + " of each `published change` row");
        }
        figures = outcome.figures();
        show(file.getName(), settings, figures, shortenedTo);
        return outcome.problems().isEmpty() ? Status.OK_STATUS
                : Status.warning("sensitivity of " + file.getName() + ": " + String.join("; ", outcome.problems()));
    }

    /** Shows {@code figures} in the sensitivity view, from any thread. */
    static void show(String source, Sensitivity.Settings settings, List<SensitivityRun.Figure> figures,
            String shortened) {
        ActivePage.later(page -> {
            try {
                ((SensitivityView) page.showView(SensitivityView.ID)).show(source, settings, figures, shortened);
            } catch (PartInitException e) {
                StatusManager.getManager().handle(e.getStatus(), StatusManager.LOG | StatusManager.SHOW);
            }
        });
    }
}
