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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * workload from the standard library or its own declarations, a variant per change) loaded and run through the
 * runner, every variant with as many seeds as the real side has runs; a figure is the median over the seeds, as the
 * real one is over the runs.
 */
final class CaseSimulation {

    /** The variant of the unchanged case. */
    static final String BASE = "eevdf";
    /**
     * The runner metric every case's context-switch row reads: the switches of the workload's tasks, voluntary and
     * involuntary, as the real side counts its programs' own ({@link org.schedlab.host.CountingShell}).
     */
    static final String SWITCHES = "task_switches";

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

    /** @return the name of the variant of the case's change {@code i} */
    static String variant(int i) {
        return "change_" + i;
    }

    /** The machine of a case simulated on the host's state before its runs. */
    static final String AT_CASE = "host_at_case";

    /** @return the .sched text of a case's experiment */
    String text(ValidationCase c) {
        return text(c, List.of());
    }

    /**
     * @param state the drifting cost keys measured before the case's runs ({@code cost KEY = VALUE UNIT} lines), in
     *              place of the profile's, and the workload arguments measured then ({@link #PARAM} lines); none:
     *              the profile alone
     * @return the .sched text of a case's experiment
     */
    String text(ValidationCase c, List<String> state) {
        ValidationCase.Simulated s = c.sim();
        String name = c.id().replaceAll("[^A-Za-z0-9_]", "_");
        StringBuilder variants = new StringBuilder("variant " + BASE + " = running\n");
        List<String> names = new ArrayList<>(List.of(BASE));
        for (int i = 0; i < c.changes().size(); i++) {
            variants.append("// ").append(c.changes().get(i).name()).append('\n').append("variant ").append(variant(i))
                    .append(" = running {\n\t").append(c.changes().get(i).variant()).append("\n}\n");
            names.add(variant(i));
        }
        List<String> metrics = new ArrayList<>(s.simMetrics());
        if (!metrics.contains(SWITCHES)) {
            metrics.add(SWITCHES);
        }
        List<String> costs = state.stream().filter(l -> !l.startsWith(PARAM)).toList();
        String workload = withParams(s.workload(), state);
        String at = costs.isEmpty() ? "" : "// the host's state just before the case's real runs\nmachine " + AT_CASE
                + " extends " + machine + " {\n" + costs.stream().map(l -> "\t" + l + "\n").collect(Collectors.joining())
                + "}\n\n";
        return "// validate-host case " + c.id() + ", generated\n" + "import \"host.sched\"\n\n" + at
                + "kernel running {\n\tengine eevdf\n\tversion \"" + eevdfVersion + "\"\n}\n\n" + variants + "\n"
                + s.declarations() + (s.declarations().isEmpty() ? "" : "\n") + "experiment " + name + " {\n\tworkload "
                + workload + "\n\tmachines " + (costs.isEmpty() ? machine : AT_CASE) + "\n\tvariants " + String.join(", ", names)
                + "\n\tduration " + s.duration() + "\n" + (s.warmup().startsWith("0 ") ? "" : "\twarmup " + s.warmup()
                        + "\n") + "\tmetrics " + String.join(", ", metrics) + "\n}\n";
    }

    /** A state line that sets one of the case's workload arguments: {@code param NAME = VALUE UNIT}. */
    static final String PARAM = "param ";

    /**
     * @return {@code workload} (a call {@code name(arg = value, ...)}) with each argument a {@link #PARAM} line of
     *         {@code state} names set to that line's value (an argument the call does not give is added)
     */
    static String withParams(String workload, List<String> state) {
        String out = workload;
        for (String l : state) {
            if (!l.startsWith(PARAM)) {
                continue;
            }
            String[] nv = l.substring(PARAM.length()).split("=", 2);
            String name = nv[0].strip();
            String value = nv[1].strip();
            Matcher m = Pattern.compile("\\b" + Pattern.quote(name)
                    + "\\s*=\\s*[^,)]+").matcher(out);
            if (m.find()) {
                out = out.substring(0, m.start()) + name + " = " + value + out.substring(m.end());
            } else {
                int close = out.lastIndexOf(')');
                out = close < 0 ? out + "(" + name + " = " + value + ")"
                        : out.substring(0, close) + (out.charAt(close - 1) == '(' ? "" : ", ") + name + " = " + value
                                + out.substring(close);
            }
        }
        return out;
    }

    /**
     * @param seeds runs per variant
     * @param state the host's state before the case's runs ({@link #text(ValidationCase, List)})
     * @return per variant ({@link #BASE}, then {@link #variant(int)}), the case's metrics as simulated (a metric the
     *         model has no figure for: absent) and {@link #SWITCHES}, each the median over the seeds
     */
    Map<String, Map<String, Double>> run(ValidationCase c, int seeds, List<String> state) {
        Path file = dir.resolve("case-" + c.id().replaceAll("[^A-Za-z0-9_.-]", "_") + ".sched");
        try {
            Files.writeString(file, text(c, state), StandardCharsets.UTF_8);
            var plan = DslPlans.load(file, engines).get(0);
            Map<String, Map<String, Double>> out = new LinkedHashMap<>();
            for (var cell : plan.cells()) {
                List<Map<String, Double>> runs = new ArrayList<>();
                for (int i = 0; i < seeds; i++) {
                    SimResult r = Simulation.run(cell.config().withSeed(plan.seed(cell, i)));
                    Map<String, Double> raw = new LinkedHashMap<>();
                    for (String m : c.sim().simMetrics()) {
                        raw.put(m, MetricCatalog.value(m, r).value());
                    }
                    Map<String, Double> v = new LinkedHashMap<>(c.sim().convert().apply(raw));
                    v.put(SWITCHES, MetricCatalog.value(SWITCHES, r).value());
                    runs.add(v);
                }
                out.put(cell.variantName(), medians(runs));
            }
            return out;
        } catch (DslPlans.InvalidSourceException e) {
            throw new HostException(file + ": the generated case does not load: " + e.diagnostics().stream()
                    .map(Object::toString).collect(Collectors.joining("; ")));
        } catch (TranslationException | IOException e) {
            throw new HostException(file + ": " + e.getMessage());
        }
    }

    /** @return each metric's median over the runs that have it */
    static Map<String, Double> medians(List<Map<String, Double>> runs) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String k : runs.get(0).keySet()) {
            double[] v = runs.stream().map(r -> r.getOrDefault(k, Double.NaN)).filter(x -> !Double.isNaN(x))
                    .mapToDouble(Double::doubleValue).sorted().toArray();
            if (v.length > 0) {
                out.put(k, v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2);
            }
        }
        return out;
    }
}
