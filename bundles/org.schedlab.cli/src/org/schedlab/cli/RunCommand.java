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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.DeltaTable;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.runner.PublishedRow;
import org.schedlab.runner.ResultFiles;
import org.schedlab.runner.chart.ChartFiles;
import org.schedlab.runner.chart.TimelineCharts;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.WallTimeEstimate;
import org.schedlab.runner.dsl.DslPlans;
import org.schedlab.runner.export.CsvExporter;
import org.schedlab.runner.export.JsonExporter;

/**
 * {@code schedlab run FILE.sched}: simulates every experiment of a file, prints its tables (rows per variant,
 * columns per machine, a % delta row against the baseline) and writes the results beside the file.
 */
final class RunCommand implements Command {

    @Override
    public String name() {
        return "run";
    }

    @Override
    public String summary() {
        return "run the experiments of a .sched file, print their tables, write the results";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab run FILE.sched [--out DIR] [--jobs N] [--repeat N] [--format table|csv|json]
				                    [--no-charts] [--progress]
				  Validates the file, simulates every cell of each experiment (machines x variants x sweep points,
				  each repeated with its own seed) on N worker threads, and prints one table per metric: rows per
				  variant, columns per machine, a % delta row against the baseline variant; published values are
				  printed beside the simulated ones with their band.
				  Writes EXPERIMENT.schedresult (XMI), .csv and .json and the charts (SVG and PNG: a bar chart per
				  metric, run-queue length, wakeup-latency CDF, CPU time per task, and the CPU timeline of each
				  cell's first run, traced again through its first 20 ms; with task groups, each group's CPUs used,
				  throttled queues and throttled periods over time) to DIR, by default the file's folder; each
				  file is written atomically.
				  --no-charts   no charts (--charts, their old switch, is still accepted)
				  --jobs N      worker threads (default: one per core)
				  --repeat N    runs per cell (default: the experiment's repeats)
				  --format F    what to print: table (default), csv or json
				  --progress    the progress line (runs done of all, elapsed, time to go) on standard error even
				                when it is not a terminal (on a terminal it is always shown)
				  A run estimated to take more than a minute of wall time is announced with its estimate first.
				Exit codes: 0 ok, 1 the file has errors or a cell failed, 2 bad usage, 3 missing file or DIR not
				writable (checked before the run).""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--out", "--jobs", "--repeat", "--format"),
                Set.of("--charts", "--no-charts", "--progress"));
        if (o.positional().size() != 1) {
            throw new UsageException(o.positional().isEmpty() ? "no file given" : "expected exactly one FILE.sched");
        }
        Path file = Path.of(o.positional().get(0));
        int jobs = o.intValue("--jobs", 0, 1, 256);
        int repeat = o.intValue("--repeat", 0, 1, 1000);
        String format = o.value("--format", "table");
        if (!List.of("table", "csv", "json").contains(format)) {
            throw new UsageException("--format is table, csv or json, not '" + format + "'");
        }
        Path outDir = Path.of(o.value("--out", parentOf(file).toString()));
        List<ExperimentPlan> plans = load(file, err);
        if (plans == null) {
            return Main.PROBLEMS;
        }
        checkWritable(outDir);
        int code = Main.OK;
        for (ExperimentPlan plan : plans) {
            ExperimentPlan p = repeat > 0 ? plan.withRepeats(repeat) : plan;
            longRunWarning(file, p, jobs).ifPresent(err::println);
            ExperimentResult result = runWithProgress(p, jobs, err, o.flag("--progress"));
            print(result, format, out);
            write(result, p, outDir, !o.flag("--no-charts"), err);
            if (result.getStatus() != RunStatus.OK) {
                Comparisons.problems(result).forEach(line -> err.println("schedlab run: " + line));
                code = Main.PROBLEMS;
            }
        }
        return code;
    }

    /** @return a warning when the run is estimated to take more than a minute of wall time */
    static java.util.Optional<String> longRunWarning(Path file, ExperimentPlan plan, int jobs) {
        WallTimeEstimate estimate = WallTimeEstimate.of(plan, jobs);
        return estimate.isLong()
                ? java.util.Optional.of(file + ": warning: experiment " + plan.name() + " will take " + estimate
                        + "; shorten its duration or use --repeat, or press Ctrl-C")
                : java.util.Optional.empty();
    }

    /** @return the plans, or null after printing the file's errors */
    static List<ExperimentPlan> load(Path file, PrintStream err) {
        return load(file, err, DslPlans::load);
    }

    /** Reads {@code file} with the installed engines as {@code reader} does. */
    interface SchedReader<T> {
        T read(Path file, EngineCatalog engines)
                throws IOException, DslPlans.InvalidSourceException, TranslationException;
    }

    /** @return what {@code reader} made of {@code file}, or null after printing the file's errors */
    static <T> T load(Path file, PrintStream err, SchedReader<T> reader) {
        try {
            return reader.read(file, EngineCatalog.of(InstalledEngines.started()));
        } catch (IOException e) {
            throw new InputException(e.getMessage());
        } catch (DslPlans.InvalidSourceException e) {
            e.diagnostics().stream().filter(SchedDiagnostic::isError).forEach(err::println);
            return null;
        } catch (TranslationException e) {
            err.println(file + ": " + e.getMessage());
            return null;
        }
    }

    /**
     * Runs {@code plan} with the progress line on {@code err} ({@link ProgressBar}).
     *
     * @param asked {@code --progress}: also when standard error is not a terminal
     */
    static ExperimentResult runWithProgress(ExperimentPlan plan, int jobs, PrintStream err, boolean asked) {
        ProgressBar bar = ProgressBar.forRun(err, asked, WallTimeEstimate.of(plan, jobs).wallSeconds());
        try {
            return new ExperimentRunner().run(plan, jobs, new RunMonitor() {
                @Override
                public void progress(double fraction, String message) {
                    bar.update(fraction, plan.name() + ": " + message);
                }

                @Override
                public void runsDone(int done, int total) {
                    bar.runs(done, total);
                }

                @Override
                public boolean isCancelled() {
                    return false;
                }
            });
        } finally {
            bar.done();
        }
    }

    /**
     * @return a monitor for a {@link org.schedlab.runner.RunPool} that shows runs done over runs asked for so far
     *         on {@code bar} (the total grows as figures ask for more seeds); it never cancels
     */
    static RunMonitor monitor(ProgressBar bar, String what) {
        return new RunMonitor() {
            @Override
            public void progress(double fraction, String message) {
            }

            @Override
            public void runsDone(int done, int total) {
                bar.runs(done, total);
                bar.update((double) done / Math.max(1, total), what + ": " + done + " of " + total + " runs");
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
    }

    private static void print(ExperimentResult result, String format, PrintStream out) {
        try {
            switch (format) {
            case "csv" -> CsvExporter.write(result, out);
            case "json" -> JsonExporter.write(result, out);
            default -> printTables(result, out);
            }
            out.flush();
        } catch (IOException e) {
            throw new InputException("cannot print the result: " + e.getMessage());
        }
    }

    static void printTables(ExperimentResult result, PrintStream out) {
        out.println("experiment " + result.getName());
        for (DeltaTable table : Comparisons.deltaTables(result)) {
            out.println();
            out.print(table.render());
        }
        List<PublishedRow> published = Comparisons.published(result);
        if (!published.isEmpty()) {
            out.println();
            out.println("published versus simulated:");
            PublishedTable.print(published, out);
        }
        out.println();
    }

    /** Fails before any simulation when the results could not be written: a long run is not lost at its end. */
    static void checkWritable(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new InputException("cannot write results to " + dir + ": " + reason(e));
        }
        if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
            throw new InputException("cannot write results to " + dir + ": not a writable folder");
        }
    }

    private static String reason(IOException e) {
        if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "a file of that name exists";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "the folder cannot be created there";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return String.valueOf(e.getMessage());
    }

    private static void write(ExperimentResult result, ExperimentPlan plan, Path dir, boolean charts, PrintStream err) {
        if (result.getStatus() == RunStatus.CANCELLED) {
            return;
        }
        try {
            Files.createDirectories(dir);
            List<Path> files = new java.util.ArrayList<>(ResultFiles.write(result, dir, result.getName(),
                    List.of(ResultFiles.Format.values()), false, false, RunMonitor.NONE));
            if (charts) {
                files.addAll(ChartFiles.write(result, dir, result.getName(), true, RunMonitor.NONE,
                        TimelineCharts.traceFirstRuns(plan)));
            }
            err.println("wrote " + String.join(", ", files.stream().map(Path::toString).toList()));
        } catch (IOException e) {
            throw new InputException("cannot write results to " + dir + ": " + reason(e));
        }
    }

    private static Path parentOf(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        return parent == null ? Path.of(".") : parent;
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
