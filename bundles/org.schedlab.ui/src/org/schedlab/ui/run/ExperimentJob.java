/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.runner.ResultFiles;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.dsl.DslPlans;

/**
 * Runs every experiment of a .sched file as a workbench job with progress and cancel, and writes each result beside
 * the file ({@code NAME.schedresult}, or {@code NAME-EXPERIMENT.schedresult} when the file has several). A cancelled
 * run writes nothing. When done, the results open in the results editor.
 */
public final class ExperimentJob extends Job {

    /** The job family of every SchedLab run (for tests and the Progress view). */
    public static final Object FAMILY = ExperimentJob.class;

    private static final String PLUGIN = "org.schedlab.ui";

    private final IFile file;
    private final boolean openResults;
    private final List<IFile> written = new ArrayList<>();

    public ExperimentJob(IFile file, boolean openResults) {
        super("SchedLab: run " + file.getName());
        this.file = file;
        this.openResults = openResults;
        setUser(true);
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }

    /** @return the result files this job wrote (after it finished) */
    public List<IFile> written() {
        return List.copyOf(written);
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        SubMonitor sub = SubMonitor.convert(monitor, "Simulating " + file.getName(), 1000);
        Path path = file.getLocation().toFile().toPath();
        try {
            SchedLoader loader = new SchedLoader(InstalledEngines.catalog());
            SchedLoader.Loaded loaded = loader.load(path);
            if (loaded.hasErrors()) {
                String first = loaded.diagnostics().stream().filter(SchedDiagnostic::isError).findFirst()
                        .map(Object::toString).orElse("");
                return Status.error(file.getName() + " has errors; fix them before running: " + first);
            }
            sub.worked(20);
            var plans = loader.translate(loaded);
            SubMonitor runs = sub.split(960).setWorkRemaining(plans.size() * 1000);
            for (var plan : plans) {
                ExperimentResult result = runOne(plan.withSource(path, DslPlans.sha256(path)), runs.split(1000));
                if (result.getStatus() == RunStatus.CANCELLED || monitor.isCanceled()) {
                    return Status.CANCEL_STATUS;
                }
                String base = baseName(plans.size() > 1 ? plan.name() : null);
                ResultFiles.write(result, path.getParent(), base, List.of(ResultFiles.Format.XMI), false, false,
                        RunMonitor.NONE);
                written.add(file.getParent().getFile(new org.eclipse.core.runtime.Path(base + ".schedresult")));
            }
            file.getParent().refreshLocal(IResource.DEPTH_ONE, sub.split(20));
            if (openResults) {
                ResultsOpener.open(written);
            }
            return Status.OK_STATUS;
        } catch (CancellationException e) {
            return Status.CANCEL_STATUS;
        } catch (IOException | TranslationException | CoreException | RuntimeException e) {
            return Status.error("SchedLab run of " + file.getName() + " failed: " + e.getMessage(), e);
        }
    }

    private ExperimentResult runOne(org.schedlab.dsl.plan.ExperimentPlan plan, SubMonitor monitor) {
        monitor.setTaskName("Simulating " + plan.name() + ": " + plan.cells().size() + " cells x " + plan.repeats()
                + " repeats");
        monitor.setWorkRemaining(1000);
        return new ExperimentRunner().run(plan, 0, new JobMonitor(monitor));
    }

    private String baseName(String experiment) {
        String name = file.getName();
        String base = name.endsWith(".sched") ? name.substring(0, name.length() - ".sched".length()) : name;
        return experiment == null ? base : base + "-" + experiment;
    }
}
