/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.schedlab.runner.Sensitivity;
import org.schedlab.runner.chart.TornadoChart;
import org.schedlab.runner.dsl.SensitivityRun;
import org.schedlab.runner.dsl.UncertainPlans;

/**
 * {@code schedlab sensitivity FILE.sched}: for each published change, how far the simulated change moves when each
 * uncertain ([U]) value moves to either end of its plausible range ({@link Sensitivity}); a table per figure sorted
 * by swing and a tornado chart per figure (SVG and PNG).
 */
final class SensitivityCommand implements Command {

    static final int DEFAULT_REPEATS = Sensitivity.DEFAULT_REPEATS;

    @Override
    public String name() {
        return "sensitivity";
    }

    @Override
    public String summary() {
        return "how far each published change moves across the [U] values' plausible ranges";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab sensitivity FILE.sched [--only ID,...] [--repeats N] [--duration T] [--budget T]
				                            [--jobs N] [--out DIR] [--no-png]
				  For each published change of the file's experiments, runs the figure's patched and baseline cells
				  with every uncertain value at its default, then one value at a time at the low and at the high
				  end of its plausible range (the built-in profiles' [U] costs, docs/costs.md; `cost K = V range A
				  .. B` in a machine; workload parameters declared `p = V range A .. B` that the experiment does
				  not set), same seeds everywhere, and prints per figure
				    parameter  low  high  change at low  change at high  swing
				  sorted by swing (percentage points between the two ends). Writes a tornado chart per figure,
				  sensitivity-ID.svg and .png, to DIR (default: the file's folder).
				  --only ID,...    only these figures
				  --repeats N      seeds per cell (default 2: the experiment's first seeds)
				  --duration T     measured simulated time per run, e.g. 2s or 500ms (default: the experiment's)
				  --budget T       wall time the job should fit (default 240s): when the runs at the defaults
				                   estimate more, every run is shortened to the same fraction of the simulated
				                   time its cell took at the defaults (not below 1 s), and the command says
				                   so; 0: no budget
				  --jobs N         worker threads (default: one per core)
				Exit codes: 0 ok, 1 the file has errors or a run failed, 2 bad usage, 3 missing file or DIR not
				writable.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--only", "--repeats", "--duration", "--budget", "--jobs", "--out"),
                Set.of("--no-png"));
        if (o.positional().size() != 1) {
            throw new UsageException(o.positional().isEmpty() ? "no file given" : "expected exactly one FILE.sched");
        }
        Path file = Path.of(o.positional().get(0));
        Set<String> only = ExperimentFolder.only(o);
        int jobs = o.intValue("--jobs", 0, 1, 256);
        Sensitivity.Settings settings = new Sensitivity.Settings(o.intValue("--repeats", DEFAULT_REPEATS, 1, 1000),
                duration(o.value("--duration", null)));
        String budgetText = o.value("--budget", null);
        double budgetS = budgetText == null ? SensitivityRun.Budget.DEFAULT.seconds()
                : budgetText.trim().equals("0") ? 0 : duration("--budget", budgetText) / 1e9;
        Path outDir = o.value("--out", null) != null ? Path.of(o.value("--out", null))
                : file.toAbsolutePath().getParent();
        List<UncertainPlans.Experiment> experiments = load(file, err);
        if (experiments == null) {
            return Main.PROBLEMS;
        }
        RunCommand.checkWritable(outDir);
        long start = System.nanoTime();
        ProgressBar bar = ProgressBar.forRun(err, false, 0);
        SensitivityRun.Outcome outcome;
        try {
            outcome = SensitivityRun.run(experiments, only, settings, SensitivityRun.Budget.of(budgetS), jobs,
                    RunCommand.monitor(bar, "sensitivity"), new SensitivityRun.Estimate() {
                        @Override
                        public void estimated(int runs, int first, double firstS, double restS, int workers) {
                            err.printf(Locale.ROOT, "schedlab sensitivity: %d runs; the first %d (the defaults, seed 1)"
                                    + " took %.1f s: about %s more on %d worker(s) (--duration or --only for less)%n",
                                    runs, first, firstS, ProgressBar.duration(restS), workers);
                        }

                        @Override
                        public void shortened(double fraction, double shortS, String example) {
                            err.printf(Locale.ROOT, "schedlab sensitivity: more than the budget of %s, so every run"
                                    + " measures %.1f %% of the simulated time its cell took at the defaults (%s), the"
                                    + " defaults again as short: about %s (--budget 0 for whole runs)%n",
                                    ProgressBar.duration(budgetS), 100 * fraction, example,
                                    ProgressBar.duration(shortS));
                        }
                    });
        } finally {
            bar.done();
        }
        outcome.problems().forEach(line -> err.println("schedlab sensitivity: " + line));
        boolean failed = !outcome.problems().isEmpty();
        int figures = outcome.figures().size();
        for (SensitivityRun.Figure f : outcome.figures()) {
            print(f, out);
            write(f.chart(), outDir, f.id(), !o.flag("--no-png"), err);
        }
        if (figures == 0) {
            err.println("schedlab sensitivity: " + ExperimentFolder.nothingFound("published change", only, file));
            return Main.PROBLEMS;
        }
        out.printf(Locale.ROOT, "%d %s, %d seed%s per cell (%.1f s)%n", figures, figures == 1 ? "figure" : "figures",
                settings.repeats(), settings.repeats() == 1 ? "" : "s", (System.nanoTime() - start) / 1e9);
        return failed ? Main.PROBLEMS : Main.OK;
    }

    /** @return nanoseconds of {@code 2s}, {@code 500 ms}; 0 for null (the experiment's own duration) */
    static long duration(String text) {
        return duration("--duration", text);
    }

    private static long duration(String option, String text) {
        try {
            return Sensitivity.durationNs(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + " " + e.getMessage());
        }
    }

    private static List<UncertainPlans.Experiment> load(Path file, PrintStream err) {
        return RunCommand.load(file, err, UncertainPlans::load);
    }

    static void print(SensitivityRun.Figure f, PrintStream out) {
        List<Sensitivity.Row> rows = f.rows();
        double nominal = rows.isEmpty() ? Double.NaN : rows.get(0).nominal();
        double noise = rows.isEmpty() ? Double.NaN : rows.get(0).noise();
        out.printf(Locale.ROOT, "%s  %s  %s  %s: published %s, simulated %s at the defaults%s%n", f.id(),
                f.experiment(), f.cell(), f.metric(), AlignedTable.value(f.published(), "%"),
                AlignedTable.value(nominal, "%"), Double.isNaN(noise) ? ""
                        : String.format(Locale.ROOT, " (seed-to-seed sd %.1f pp)", noise));
        AlignedTable table = new AlignedTable(Set.of(1, 2, 3, 4, 5), "parameter", "low", "high", "change at low",
                "change at high", "swing");
        for (Sensitivity.Row r : rows) {
            table.add(r.parameter(), r.low(), r.high(), AlignedTable.value(r.atLow(), "%"),
                    AlignedTable.value(r.atHigh(), "%"), Double.isNaN(r.swing()) ? "n/a"
                            : String.format(Locale.ROOT, "%.2f pp", r.swing()));
        }
        table.print(out);
        out.println();
    }

    private static void write(TornadoChart chart, Path dir, String id, boolean png, PrintStream err) {
        try {
            List<Path> files = chart.write(dir, "sensitivity-" + id.replaceAll("[^A-Za-z0-9_.-]", "_"), png,
                    () -> false);
            err.println("wrote " + String.join(", ", files.stream().map(Path::toString).toList()));
        } catch (IOException e) {
            throw new InputException("cannot write the chart to " + dir + ": " + e.getMessage());
        }
    }
}
