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
import java.util.ArrayList;
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
import org.schedlab.dsl.plan.Published;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.runner.Sensitivity;
import org.schedlab.runner.dsl.DslPlans;
import org.schedlab.runner.dsl.UncertainPlans;
import org.schedlab.ui.run.ActivePage;
import org.schedlab.ui.run.JobMonitor;

/**
 * Run Sensitivity: {@link Sensitivity} on every published change of a .sched file, as a workbench job with progress
 * and Cancel (every core works, as {@code schedlab sensitivity}). When done, the {@link SensitivityView} shows the
 * tornado of each figure; a cancelled job shows nothing.
 */
public final class SensitivityJob extends Job {

    /** The family of these jobs (for tests and the Progress view). */
    public static final Object FAMILY = SensitivityJob.class;

    private final IFile file;
    private final Sensitivity.Settings settings;
    private volatile List<SensitivityFigure> figures = List.of();

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
    public List<SensitivityFigure> figures() {
        return figures;
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        Path path = file.getLocation().toFile().toPath();
        SubMonitor sub = SubMonitor.convert(monitor, "Sensitivity of " + file.getName(), 1000);
        List<UncertainPlans.Experiment> experiments;
        try {
            experiments = UncertainPlans.load(path, InstalledEngines.catalog());
        } catch (DslPlans.InvalidSourceException e) {
            return Status.error(file.getName() + " has errors; fix them first: " + e.getMessage());
        } catch (IOException | TranslationException | RuntimeException e) {
            return Status.error("sensitivity of " + file.getName() + ": " + e.getMessage(), e);
        }
        sub.worked(10);
        SubMonitor runs = sub.split(990).setWorkRemaining(Math.max(1, experiments.size()) * 1000);
        List<SensitivityFigure> out = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (UncertainPlans.Experiment x : experiments) {
            SubMonitor part = runs.split(1000);
            part.setTaskName("Sensitivity of " + x.plan().name() + " to " + x.uncertain().size() + " uncertain values");
            List<ExperimentResult> results = new ArrayList<>();
            List<Sensitivity.Row> rows = Sensitivity.run(x.plan(), x.uncertain(), Set.of(), settings, plan -> {
                ExperimentResult r = new ExperimentRunner().run(plan, 0, new JobMonitor(part));
                results.add(r);
                return r;
            });
            if (monitor.isCanceled() || results.stream().anyMatch(r -> r.getStatus() == RunStatus.CANCELLED)) {
                return Status.CANCEL_STATUS;
            }
            results.forEach(r -> problems.addAll(Comparisons.problems(r)));
            for (Published f : x.plan().published()) {
                if (f.isChange()) {
                    out.add(new SensitivityFigure(x.plan().name(), f,
                            rows.stream().filter(r -> r.figure().equals(f.id())).toList()));
                }
            }
        }
        if (out.isEmpty()) {
            return Status.error(file.getName() + " has no published change: sensitivity moves the simulated change"
                    + " of each `published change` row");
        }
        figures = List.copyOf(out);
        show(file.getName(), settings, figures);
        return problems.isEmpty() ? Status.OK_STATUS
                : Status.warning("sensitivity of " + file.getName() + ": " + String.join("; ", problems));
    }

    /** Shows {@code figures} in the sensitivity view, from any thread. */
    static void show(String source, Sensitivity.Settings settings, List<SensitivityFigure> figures) {
        ActivePage.later(page -> {
            try {
                ((SensitivityView) page.showView(SensitivityView.ID)).show(source, settings, figures);
            } catch (PartInitException e) {
                StatusManager.getManager().handle(e.getStatus(), StatusManager.LOG | StatusManager.SHOW);
            }
        });
    }
}
