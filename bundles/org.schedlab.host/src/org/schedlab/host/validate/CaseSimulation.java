/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.host.HostException;
import org.schedlab.runner.MetricCatalog;
import org.schedlab.runner.dsl.DslPlans;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;

/**
 * The simulated side of a case: a generated .sched file (the host profile imported, the eevdf engine, the case's
 * workload from the standard library or its own declarations) loaded and run through the runner, one cell.
 */
final class CaseSimulation {

    private final Path dir;
    private final String machine;
    private final String eevdfVersion;
    private final EngineCatalog engines;

    /**
     * @param dir          the folder with {@code host.sched} where the case files are written
     * @param machine      the machine's name in host.sched
     * @param eevdfVersion the eevdf version that models the running kernel
     */
    CaseSimulation(Path dir, String machine, String eevdfVersion, EngineCatalog engines) {
        this.dir = dir;
        this.machine = machine;
        this.eevdfVersion = eevdfVersion;
        this.engines = engines;
    }

    /** @return the .sched text of a case's experiment */
    String text(ValidationCase c) {
        ValidationCase.Simulated s = c.sim();
        String name = c.id().replaceAll("[^A-Za-z0-9_]", "_");
        return "// validate-host case " + c.id() + ", generated\n" + "import \"host.sched\"\n\n"
                + "kernel running {\n\tengine eevdf\n\tversion \"" + eevdfVersion + "\"\n}\n\n"
                + "variant eevdf = running\n\n" + s.declarations() + (s.declarations().isEmpty() ? "" : "\n")
                + "experiment " + name + " {\n\tworkload " + s.workload() + "\n\tmachines " + machine
                + "\n\tvariants eevdf\n\tduration " + s.duration() + "\n"
                + (s.warmup().startsWith("0 ") ? "" : "\twarmup " + s.warmup() + "\n") + "\tmetrics "
                + String.join(", ", s.simMetrics()) + "\n}\n";
    }

    /** @return the case's metrics as simulated (a metric the model has no figure for: absent) */
    Map<String, Double> run(ValidationCase c) {
        Path file = dir.resolve("case-" + c.id().replaceAll("[^A-Za-z0-9_.-]", "_") + ".sched");
        try {
            Files.writeString(file, text(c), StandardCharsets.UTF_8);
            var plans = DslPlans.load(file, engines);
            var plan = plans.get(0);
            var cell = plan.cells().get(0);
            SimResult r = Simulation.run(cell.config().withSeed(plan.seed(cell, 0)));
            Map<String, Double> raw = new LinkedHashMap<>();
            for (String m : c.sim().simMetrics()) {
                raw.put(m, MetricCatalog.value(m, r).value());
            }
            return c.sim().convert().apply(raw);
        } catch (DslPlans.InvalidSourceException e) {
            throw new HostException(file + ": the generated case does not load: " + e.diagnostics().stream()
                    .map(Object::toString).collect(Collectors.joining("; ")));
        } catch (TranslationException | IOException e) {
            throw new HostException(file + ": " + e.getMessage());
        }
    }
}
