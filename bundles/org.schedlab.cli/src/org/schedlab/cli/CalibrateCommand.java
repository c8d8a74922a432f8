/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.CalibrationRow;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.runner.RunPool;
import org.schedlab.runner.RunTimes;

/**
 * {@code schedlab calibrate}: runs the calibration targets in examples/calibration/ (published ABSOLUTE values of
 * unpatched kernels, docs/calibration.md) and prints each against the simulated value with the error in %.
 */
final class CalibrateCommand implements Command {

    @Override
    public String name() {
        return "calibrate";
    }

    @Override
    public String summary() {
        return "run the calibration targets in examples/calibration/ and print the errors";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab calibrate [--only ID,...] [--dir DIR] [--jobs N] [--progress]
				  Runs every experiment with published absolute values (`published METRIC band 20 % {...}`,
				  `published ratio METRIC {...}`) in DIR (default: examples/calibration/ beside the schedlab
				  launcher) and prints one row per target:
				    ID  experiment  cell  metric  published  simulated  error  verdict
				  simulated is the mean over the experiment's repeats, error = (simulated - published) / published,
				  verdict ok within +-20 %, else OUTSIDE. Targets are unpatched rows only (docs/calibration.md).
				  --only ID,...   only the targets with these ids (e.g. cal-000-8p,cal-003)
				  --jobs N        worker threads (default: one per core)
				  --progress      the progress line on standard error even when it is not a terminal
				Exit codes: 0 every target ok, 1 some target OUTSIDE (or a file failed), 2 bad usage, 3 no folder.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--only", "--dir", "--jobs"), Set.of("--progress"));
        if (!o.positional().isEmpty()) {
            throw new UsageException("takes no file arguments (use --dir)");
        }
        Set<String> only = ExperimentFolder.only(o);
        int jobs = o.intValue("--jobs", 0, 1, 256);
        Path dir = Path.of(o.value("--dir", ExperimentFolder.defaultDir("calibration").toString()));
        long start = System.nanoTime();
        List<ExperimentPlan> plans = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        boolean failed = !ExperimentFolder.eachPlan(dir, err, (file, plan) -> {
            Set<String> ids = targets(plan, only);
            if (!ids.isEmpty()) {
                plans.add(plan.onlyFigures(ids));
                files.add(file);
            }
            return true;
        });
        // every file's runs on one pool, longest first: the cores stay busy until the last run
        List<CalibrationRow> rows = new ArrayList<>();
        ProgressBar bar = ProgressBar.forRun(err, o.flag("--progress"), 0);
        RunPool.Report report;
        try (RunPool pool = new RunPool(jobs, RunCommand.monitor(bar, "calibrate"), RunTimes.fromState(), false)) {
            List<CompletableFuture<ExperimentResult>> results = new ArrayList<>();
            plans.forEach(plan -> results.add(new ExperimentRunner().submit(plan, pool)));
            pool.start(); // every run queued: the longest (by earlier commands' times) goes first
            for (int i = 0; i < plans.size(); i++) {
                ExperimentResult result = results.get(i).join();
                List<String> problems = Comparisons.problems(result);
                Path file = files.get(i);
                problems.forEach(line -> err.println("schedlab calibrate: " + file.getFileName() + ": " + line));
                failed |= !problems.isEmpty();
                rows.addAll(CalibrationRow.of(plans.get(i), result));
            }
            report = pool.report();
        } finally {
            bar.done();
        }
        if (rows.isEmpty()) {
            err.println("schedlab calibrate: " + ExperimentFolder.nothingFound("calibration target", only, dir));
            return Main.PROBLEMS;
        }
        print(rows, out);
        long outside = rows.stream().filter(r -> !r.ok()).count();
        out.printf(Locale.ROOT, "%d %s: %d ok, %d OUTSIDE (within +-%.0f %%; %.1f s; %d runs on %d cores, %.1f core-s idle)%n",
                rows.size(), rows.size() == 1 ? "target" : "targets", rows.size() - outside, outside,
                CalibrationRow.TOLERANCE_PERCENT, (System.nanoTime() - start) / 1e9, report.runs(), report.workers(),
                report.idleSeconds());
        return outside > 0 || failed ? Main.PROBLEMS : Main.OK;
    }

    /** @return the ids of the plan's absolute figures that {@code only} selects */
    private static Set<String> targets(ExperimentPlan plan, Set<String> only) {
        Set<String> ids = new java.util.LinkedHashSet<>();
        for (Published p : plan.published()) {
            if (!p.isChange() && (only.isEmpty() || only.contains(p.id()))) {
                ids.add(p.id());
            }
        }
        return ids;
    }

    static void print(List<CalibrationRow> rows, PrintStream out) {
        AlignedTable table = new AlignedTable(Set.of(4, 5, 6), "ID", "experiment", "cell", "metric", "published",
                "simulated", "error", "verdict");
        for (CalibrationRow r : rows) {
            table.add(r.id(), r.experiment(), r.cell(), r.metric(), AlignedTable.value(r.published(), r.unit()),
                    AlignedTable.value(r.simulated(), r.unit()), AlignedTable.value(r.errorPercent(), "%"), r.verdict());
        }
        table.print(out);
    }
}
