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
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.runner.dsl.DslPlans;

/**
 * The plans an executor made from a shipped .sched file, kept for the executor's lifetime: the file is loaded once
 * per executor, not once per task. Loading is what the driver does ({@link DslPlans#load}), so a cell's index names
 * the same cell on both sides.
 */
final class ExecutorPlans {
    private static final Map<String, List<ExperimentPlan>> LOADED = new HashMap<>();

    private ExecutorPlans() {
    }

    /**
     * @param repeats the runs per cell the driver uses (0: the file's)
     * @return the experiment {@code name} of {@code source}, as the driver planned it
     */
    static ExperimentPlan plan(SchedSource source, String name, int repeats) {
        for (ExperimentPlan p : plans(source)) {
            if (p.name().equals(name)) {
                return repeats > 0 ? p.withRepeats(repeats) : p;
            }
        }
        throw new IllegalStateException("experiment " + name + " is not in " + source.file() + " on this executor");
    }

    private static synchronized List<ExperimentPlan> plans(SchedSource source) {
        List<ExperimentPlan> plans = LOADED.get(source.hash());
        if (plans == null) {
            plans = load(source);
            LOADED.put(source.hash(), plans);
        }
        return plans;
    }

    private static List<ExperimentPlan> load(SchedSource source) {
        Path root = null;
        try {
            root = Files.createTempDirectory("schedlab-sweep");
            Path copy = source.writeUnder(root);
            if (!DslPlans.sha256(copy).equals(source.hash())) {
                throw new IllegalStateException("the copy of " + source.file() + " differs from the driver's");
            }
            return DslPlans.load(copy).stream().map(p -> p.withSource(source.file(), source.hash())).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (DslPlans.InvalidSourceException | TranslationException e) {
            throw new IllegalStateException(source.file() + " does not load on this executor: " + e.getMessage(), e);
        } finally {
            delete(root);
        }
    }

    private static void delete(Path root) {
        if (root == null) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary folder left behind; the next load makes another
        }
    }
}
