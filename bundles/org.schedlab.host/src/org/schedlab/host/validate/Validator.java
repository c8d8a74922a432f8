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
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.host.CHelpers;
import org.schedlab.host.HostException;
import org.schedlab.host.Shell;

/**
 * {@code schedlab validate-host}: runs every case of {@link ValidationSuite} on the real kernel (repeated), then
 * simulates each with the eevdf engine on the host profile, and compares. All real runs come first, so that the
 * simulations do not load the machine while it is measured. A case whose program is missing or not permitted is
 * reported in its rows ({@code skipped: ...}) and the others still run.
 */
public final class Validator {

    private final Shell shell;
    private final Path work;
    private final Consumer<String> progress;

    /**
     * @param work     a temporary folder (C builds, rt-app logs, the generated case files)
     * @param progress one line per run, for the user
     */
    public Validator(Shell shell, Path work, Consumer<String> progress) {
        this.shell = shell;
        this.work = work;
        this.progress = progress;
    }

    /** @return the eevdf version that models kernel {@code release}: 6.18 from 6.12 on (delayed dequeue), else 6.6 */
    public static String eevdfVersion(String release) {
        Matcher m = Pattern.compile("^(\\d+)\\.(\\d+)").matcher(release);
        if (!m.find()) {
            return "6.18";
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        return major > 6 || (major == 6 && minor >= 12) ? "6.18" : "6.6";
    }

    /**
     * @param cases    the suite
     * @param repeats  real repetitions per case
     * @param profile  the host profile (a .sched file with one machine block)
     * @param machine  that machine's name
     * @param release  the running kernel ({@code uname -r})
     * @param cpus     online CPUs
     * @return one row per case and metric
     */
    public List<ValidationRow> run(List<ValidationCase> cases, int repeats, Path profile, String machine,
            String release, int cpus, EngineCatalog engines) {
        RealContext ctx = new RealContext(shell, new CHelpers(shell, work), work, cpus);
        Map<String, List<Map<String, Double>>> measured = new HashMap<>();
        Map<String, String> skipped = new HashMap<>();
        for (ValidationCase c : cases) {
            List<Map<String, Double>> runs = new ArrayList<>();
            try {
                for (int i = 0; i < repeats; i++) {
                    progress.accept("real " + c.id() + " (" + (i + 1) + "/" + repeats + ")");
                    runs.add(c.real().once(ctx));
                }
            } catch (HostException e) {
                skipped.put(c.id(), e.getMessage());
                progress.accept("  skipped: " + e.getMessage());
            }
            measured.put(c.id(), runs);
        }
        try {
            Files.copy(profile, work.resolve("host.sched"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new HostException("cannot copy " + profile + ": " + e.getMessage());
        }
        CaseSimulation sim = new CaseSimulation(work, machine, eevdfVersion(release), engines);
        List<ValidationRow> rows = new ArrayList<>();
        for (ValidationCase c : cases) {
            progress.accept("simulated " + c.id());
            Map<String, Double> simulated;
            String simFailure = null;
            try {
                simulated = sim.run(c);
            } catch (HostException | IllegalArgumentException e) {
                simulated = Map.of();
                simFailure = "simulation failed: " + e.getMessage();
                progress.accept("  " + simFailure);
            }
            for (ValidationCase.Metric m : c.metrics()) {
                ValidationRow r = row(c, m, measured.get(c.id()), simulated.getOrDefault(m.name(), Double.NaN),
                        skipped.get(c.id()));
                rows.add(simFailure == null ? r : new ValidationRow(r.caseId(), r.metric(), r.unit(), r.median(),
                        r.min(), r.max(), r.runs(), Double.NaN, simFailure));
            }
        }
        return rows;
    }

    /** @return the row of one metric: median and range of the runs that have it, verdict by its tolerance */
    public static ValidationRow row(ValidationCase c, ValidationCase.Metric m, List<Map<String, Double>> runs,
            double simulated, String skipped) {
        double[] v = runs.stream().map(r -> r.getOrDefault(m.name(), Double.NaN)).filter(x -> !Double.isNaN(x))
                .mapToDouble(Double::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return new ValidationRow(c.id(), m.name(), m.unit(), Double.NaN, Double.NaN, Double.NaN, 0, simulated,
                    skipped == null ? "not measured" : "skipped: " + skipped);
        }
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        return new ValidationRow(c.id(), m.name(), m.unit(), median, v[0], v[v.length - 1], v.length, simulated,
                m.tolerance().verdict(median, simulated));
    }

    /** @return the rows' verdict counts, {@code 12 ok, 3 OUTSIDE, 1 no model} */
    public static String summary(List<ValidationRow> rows) {
        Map<String, Integer> n = new java.util.LinkedHashMap<>();
        for (String k : Arrays.asList("ok", "OUTSIDE", "no model", "skipped")) {
            n.put(k, 0);
        }
        for (ValidationRow r : rows) {
            n.merge(r.verdict().startsWith("skipped") ? "skipped" : r.verdict(), 1, Integer::sum);
        }
        StringBuilder b = new StringBuilder(rows.size() + " rows:");
        n.forEach((k, v) -> {
            if (v > 0) {
                b.append(' ').append(v).append(' ').append(k).append(',');
            }
        });
        return b.substring(0, b.length() - 1);
    }
}
