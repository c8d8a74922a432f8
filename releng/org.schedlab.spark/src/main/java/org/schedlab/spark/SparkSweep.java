/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.spark;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.model.ResultsResources;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.AtomicFiles;
import org.schedlab.runner.CellStore;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.ResultFiles;
import org.schedlab.runner.dsl.DslPlans;
import org.schedlab.runner.export.ParquetExporter;

/**
 * The driver of {@code schedlab sweep FILE --spark MASTER_URL}, started by spark-submit (or by the command line
 * through Spark's launcher): runs every cell of each experiment of FILE as Spark tasks ({@link SweepDriver}) and
 * writes what a local {@code schedlab sweep} writes, from the same code: the cells to {@code DIR/EXPERIMENT.cells/},
 * then {@code EXPERIMENT.schedresult}, {@code .csv}, {@code .json} and with {@code --parquet} {@code .parquet}.
 * With {@code --handoff DIR} it leaves each experiment's result in DIR for the command line, which prints the
 * tables and writes the files itself, and reports progress as {@code @progress} lines ({@link ProgressLog}).
 */
public final class SparkSweep {
    static final int OK = 0;
    static final int PROBLEMS = 1;
    static final int USAGE = 2;
    static final int IO = 3;
    /** The line that tells the command line an experiment is finished: {@code @swept NAME RAN REUSED}. */
    static final String SWEPT = "@swept ";
    static final String USAGE_TEXT = "usage: SparkSweep FILE.sched [--out DIR] [--repeat N] [--resume] [--parquet]"
            + " [--handoff DIR]";

    private SparkSweep() {
    }

    public static void main(String[] args) {
        int code;
        try {
            code = run(SweepArgs.parse(args), System.out, System.err);
        } catch (IllegalArgumentException e) {
            System.err.println("schedlab sweep --spark: " + e.getMessage());
            System.err.println(USAGE_TEXT);
            code = USAGE;
        } catch (IOException e) {
            System.err.println("schedlab sweep --spark: " + e.getMessage());
            code = IO;
        } catch (RuntimeException e) {
            System.err.println("schedlab sweep --spark: the sweep failed: " + Failures.explain(e));
            code = PROBLEMS;
        }
        System.out.flush();
        System.exit(code);
    }

    static int run(SweepArgs a, PrintStream out, PrintStream err) throws IOException {
        List<ExperimentPlan> plans;
        try {
            plans = DslPlans.load(a.file());
        } catch (DslPlans.InvalidSourceException e) {
            e.diagnostics().stream().filter(SchedDiagnostic::isError).forEach(err::println);
            return PROBLEMS;
        } catch (TranslationException e) {
            err.println(a.file() + ": " + e.getMessage());
            return PROBLEMS;
        }
        Files.createDirectories(a.outDir());
        SparkConf conf = SparkSettings.conf(a.file());
        MasterCheck.requireReachable(conf.get("spark.master", ""));
        SchedSource source = SchedSource.read(a.file(), DslPlans.sha256(a.file()));
        int code = OK;
        try (JavaSparkContext spark = new JavaSparkContext(conf)) {
            spark.setLogLevel("WARN");
            ProgressLog progress = a.handoff() != null ? new ProgressLog(out, true) : new ProgressLog(err, false);
            SweepDriver driver = new SweepDriver(spark, source, progress);
            for (ExperimentPlan plan : plans) {
                ExperimentPlan p = a.repeat() > 0 ? plan.withRepeats(a.repeat()) : plan;
                CellStore store = new CellStore(CellStore.folder(a.outDir(), p));
                if (!a.resume()) {
                    store.clear();
                }
                SweepDriver.Swept swept = driver.run(p, a.repeat(), store);
                if (a.handoff() != null) {
                    handOff(swept, a.handoff(), out);
                } else {
                    code = Math.max(code, write(swept, store, a, err));
                }
            }
        }
        return code;
    }

    private static void handOff(SweepDriver.Swept swept, Path dir, PrintStream out) throws IOException {
        ExperimentResult result = swept.result();
        Files.createDirectories(dir);
        AtomicFiles.write(dir.resolve(result.getName() + CellStore.EXTENSION), s -> ResultsResources.save(result, s));
        out.println(SWEPT + result.getName() + " " + swept.ran() + " " + swept.reused());
        out.flush();
    }

    /** Writes the result as {@code schedlab sweep} does (SweepCommand), without the tables. */
    private static int write(SweepDriver.Swept swept, CellStore store, SweepArgs a, PrintStream err)
            throws IOException {
        ExperimentResult result = swept.result();
        err.printf(Locale.ROOT, "%s: %d cells run, %d resumed from %s%n", result.getName(), swept.ran(),
                swept.reused(), store.dir());
        if (result.getStatus() != RunStatus.OK) {
            Comparisons.problems(result).forEach(line -> err.println("schedlab sweep: " + line));
            return PROBLEMS;
        }
        List<Path> files = new ArrayList<>(ResultFiles.write(result, a.outDir(), result.getName()));
        if (a.parquet()) {
            Path parquet = a.outDir().resolve(result.getName() + ".parquet");
            AtomicFiles.write(parquet, stream -> ParquetExporter.write(result, stream));
            files.add(parquet);
        }
        err.println("wrote " + String.join(", ", files.stream().map(Path::toString).toList()));
        return OK;
    }
}
