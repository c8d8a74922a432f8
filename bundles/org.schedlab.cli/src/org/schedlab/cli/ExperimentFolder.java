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
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.schedlab.dsl.plan.ExperimentPlan;

/**
 * The folder of .sched files {@code reproduce} and {@code calibrate} run ({@code examples/} and
 * {@code examples/calibration/} beside the launcher), and their common {@code --only ID,...} option.
 */
final class ExperimentFolder {

    private ExperimentFolder() {
    }

    /** @return {@code examples/SUB} under {@code schedlab.home} (the launcher's folder), else under the working folder */
    static Path defaultDir(String sub) {
        String home = System.getProperty("schedlab.home");
        Path examples = home != null ? Path.of(home, "examples") : Path.of("examples");
        return sub.isEmpty() ? examples : examples.resolve(sub);
    }

    /** @return the .sched files of {@code dir}, sorted by name */
    static List<Path> schedFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new InputException("no such folder: " + dir);
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".sched")).sorted().toList();
        } catch (IOException e) {
            throw new InputException("cannot list " + dir + ": " + e.getMessage());
        }
    }

    /** What to do with one experiment of the folder; returns false when it had a problem (already printed). */
    interface PlanAction {
        boolean run(Path file, ExperimentPlan plan);
    }

    /**
     * Loads every .sched file of {@code dir} and hands each experiment to {@code action}; a file with errors is
     * printed to {@code err} and skipped.
     *
     * @return true when every file loaded and every action succeeded
     */
    static boolean eachPlan(Path dir, PrintStream err, PlanAction action) {
        boolean ok = true;
        for (Path file : schedFiles(dir)) {
            List<ExperimentPlan> plans = RunCommand.load(file, err);
            if (plans == null) {
                ok = false;
                continue;
            }
            for (ExperimentPlan plan : plans) {
                ok &= action.run(file, plan);
            }
        }
        return ok;
    }

    /** @return the ids of {@code --only id,id} (empty: every figure) */
    static Set<String> only(Options o) {
        Set<String> only = new LinkedHashSet<>();
        String arg = o.value("--only", "");
        Arrays.stream(arg.split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(only::add);
        return only;
    }

    /** @return the message for a run that found no figure */
    static String nothingFound(String what, Set<String> only, Path dir) {
        return "no " + what + " " + (only.isEmpty() ? "found in " + dir
                : "with id " + String.join(", ", only) + " in " + dir);
    }
}
