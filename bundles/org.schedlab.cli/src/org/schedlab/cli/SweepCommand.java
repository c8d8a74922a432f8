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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.WallTimeEstimate;
import org.schedlab.runner.AtomicFiles;
import org.schedlab.runner.CellStore;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.ResultFiles;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.SweepRunner;
import org.schedlab.runner.export.ParquetExporter;

/**
 * {@code schedlab sweep FILE.sched}: runs every cell of each experiment on every core, keeps each finished cell in
 * {@code DIR/EXPERIMENT.cells/} and, with {@code --resume}, skips the cells already there; then writes the result as
 * {@code schedlab run} does.
 */
final class SweepCommand implements Command {

    @Override
    public String name() {
        return "sweep";
    }

    @Override
    public String summary() {
        return "run a large sweep on every core, resumable after an interruption";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab sweep FILE.sched [--out DIR] [--jobs N] [--repeat N] [--resume] [--parquet] [--progress]
				                      [--spark MASTER_URL]
				  Runs every cell of each experiment (machines x variants x sweep and sample points), several cells
				  at once on N workers (default: one per core), each cell's repeats with the experiment's seeds:
				  the results do not depend on N. Every finished cell is written atomically to
				  DIR/EXPERIMENT.cells/ (DIR defaults to the file's folder); the progress line shows cells done and
				  the estimated time left (on a terminal, or with --progress). Without --resume the cell folder starts empty; with --resume the cells
				  already there (same file, seeds, durations and SchedLab version) are read instead of run, so a
				  sweep stopped by Ctrl-C, kill -9 or a power loss goes on where it stopped. Prints the tables and
				  writes EXPERIMENT.schedresult, .csv and .json as `schedlab run` does; with --parquet also
				  EXPERIMENT.parquet, one row per run: experiment, cell, machine, variant, one column per swept
				  parameter (numbers with their unit in the name: work_ns), seed, status, one column per metric.
				  With --spark MASTER_URL (spark://HOST:PORT, local[N]) the cells run as Apache Spark tasks on that
				  cluster, with the same results, cell folder and --resume: the job the build assembles
				  (releng/org.schedlab.spark/target/job) is submitted with $SPARK_HOME/bin/spark-submit, or
				  without SPARK_HOME with the Spark runtime of the build. The workers need a JDK >= 21.
				Exit codes: 0 ok, 1 the file has errors or a cell failed or the sweep was stopped, 2 bad usage,
				3 missing file or DIR not writable.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--out", "--jobs", "--repeat", "--spark"),
                Set.of("--resume", "--parquet", "--progress"));
        if (o.positional().size() != 1) {
            throw new UsageException(o.positional().isEmpty() ? "no file given" : "expected exactly one FILE.sched");
        }
        Path file = Path.of(o.positional().get(0));
        int jobs = o.intValue("--jobs", 0, 1, 256);
        int repeat = o.intValue("--repeat", 0, 1, 1000);
        Path outDir = Path.of(o.value("--out", file.toAbsolutePath().getParent().toString()));
        List<ExperimentPlan> plans = RunCommand.load(file, err);
        if (plans == null) {
            return Main.PROBLEMS;
        }
        RunCommand.checkWritable(outDir);
        if (o.value("--spark", null) != null) {
            return SparkSweeps.run(o.value("--spark", null), file, outDir, repeat, o, plans, out, err);
        }
        int code = Main.OK;
        for (ExperimentPlan plan : plans) {
            ExperimentPlan p = repeat > 0 ? plan.withRepeats(repeat) : plan;
            CellStore store = new CellStore(CellStore.folder(outDir, p));
            SweepRunner.Swept swept;
            ProgressBar bar = ProgressBar.forRun(err, o.flag("--progress"), WallTimeEstimate.of(p, jobs).wallSeconds());
            try {
                if (!o.flag("--resume")) {
                    store.clear();
                }
                swept = new SweepRunner().run(p, jobs, monitor(p.name(), bar), store);
            } catch (IOException e) {
                throw new InputException("cannot keep the cells in " + store.dir() + ": " + e.getMessage());
            } finally {
                bar.done();
            }
            code = Math.max(code, finish(swept.result(), swept.ran(), swept.reused(), store, outDir,
                    o.flag("--parquet"), out, err));
        }
        return code;
    }

    /**
     * Reports a finished sweep of one experiment and writes its result files (a local sweep and one on Spark).
     *
     * @return the exit code
     */
    static int finish(ExperimentResult result, int ran, int reused, CellStore store, Path outDir, boolean parquet,
                      PrintStream out, PrintStream err) {
        err.printf(Locale.ROOT, "%s: %d cells run, %d resumed from %s%n", result.getName(), ran, reused, store.dir());
        RunCommand.printTables(result, out);
        if (result.getStatus() != RunStatus.OK) {
            Comparisons.problems(result).forEach(line -> err.println("schedlab sweep: " + line));
            return Main.PROBLEMS;
        }
        try {
            Files.createDirectories(outDir);
            List<Path> files = new java.util.ArrayList<>(ResultFiles.write(result, outDir, result.getName()));
            if (parquet) {
                Path file = outDir.resolve(result.getName() + ".parquet");
                AtomicFiles.write(file, stream -> ParquetExporter.write(result, stream));
                files.add(file);
            }
            err.println("wrote " + String.join(", ", files.stream().map(Path::toString).toList()));
        } catch (IOException e) {
            throw new InputException("cannot write results to " + outDir + ": " + e.getMessage());
        }
        return Main.OK;
    }

    /** @return a monitor that draws {@code bar} (which adds the time elapsed and the time left) */
    static RunMonitor monitor(String name, ProgressBar bar) {
        return new RunMonitor() {
            @Override
            public void progress(double fraction, String message) {
                bar.update(fraction, name + ": " + message);
            }

            @Override
            public boolean isCancelled() {
                return false;
            }
        };
    }
}
