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
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.ResultsResources;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.CellStore;
import org.schedlab.runner.WallTimeEstimate;

/**
 * {@code schedlab sweep FILE --spark MASTER_URL}: the sweep's cells run as Spark tasks. The driver (a child process,
 * {@link SparkLaunch}) plans as a local sweep, skips the cells in {@code DIR/EXPERIMENT.cells/} with
 * {@code --resume}, writes each cell there as the cluster returns it and hands each experiment's result back; this
 * command then prints and writes it exactly as a local sweep does ({@link SweepCommand#finish}).
 */
final class SparkSweeps {
    private SparkSweeps() {
    }

    static int run(String master, Path file, Path outDir, int repeat, Options o, List<ExperimentPlan> plans,
                   PrintStream out, PrintStream err) {
        Path job = SparkLaunch.jobDir();
        SparkLaunch.requireReachable(master);
        String sparkHomeSet = System.getenv("SPARK_HOME");
        Path sparkHome = sparkHomeSet != null && !sparkHomeSet.isBlank() ? Path.of(sparkHomeSet)
                : SparkLaunch.builtRuntime();
        Path handoff;
        try {
            handoff = Files.createTempDirectory("schedlab-spark");
        } catch (IOException e) {
            throw new InputException("cannot make a temporary folder: " + e.getMessage());
        }
        try {
            List<String> args = new ArrayList<>(List.of(file.toString(), "--out", outDir.toString(), "--handoff",
                    handoff.toString()));
            if (repeat > 0) {
                args.addAll(List.of("--repeat", Integer.toString(repeat)));
            }
            if (o.flag("--resume")) {
                args.add("--resume");
            }
            java.util.Map<String, Double> estimates = new java.util.HashMap<>();
            for (ExperimentPlan plan : plans) {
                ExperimentPlan p = repeat > 0 ? plan.withRepeats(repeat) : plan;
                estimates.put(p.name(), WallTimeEstimate.of(p, 0).wallSeconds());
            }
            SparkSweepRun run = new SparkSweepRun(err, o.flag("--progress"), estimates);
            int exit = run.run(SparkLaunch.command(master, job, args), sparkHome, master);
            int code = Main.OK;
            for (ExperimentPlan plan : plans) {
                ExperimentPlan p = repeat > 0 ? plan.withRepeats(repeat) : plan;
                SparkSweepRun.Counts counts = run.swept(p.name());
                if (counts == null) {
                    code = Math.max(code, Main.PROBLEMS);
                    continue;
                }
                ExperimentResult result = load(handoff.resolve(p.name() + CellStore.EXTENSION));
                code = Math.max(code, SweepCommand.finish(result, counts.ran(), counts.reused(),
                        new CellStore(CellStore.folder(outDir, p)), outDir, o.flag("--parquet"), out, err));
            }
            if (exit != 0) {
                code = Math.max(code, exit == Main.BAD_INPUT ? Main.BAD_INPUT : Main.PROBLEMS);
            }
            return code;
        } finally {
            delete(handoff);
        }
    }

    private static ExperimentResult load(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return ResultsResources.load(in);
        } catch (IOException e) {
            throw new InputException("cannot read the Spark driver's result " + file + ": " + e.getMessage());
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary folder left behind
        }
    }
}
