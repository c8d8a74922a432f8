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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.host.CHelpers;
import org.schedlab.host.CountingShell;
import org.schedlab.host.HostException;
import org.schedlab.host.HostProfile;
import org.schedlab.host.HostProfiler;
import org.schedlab.host.Shell;

/**
 * {@code schedlab validate-host}: runs every case of {@link ValidationSuite} on the real kernel (repeated; each
 * repetition runs the case and then each of its changes, so a change is compared with the run beside it), then
 * simulates each with the eevdf engine on the host profile, and compares: one row per case and metric, one per case,
 * change and compared metric. All real runs come first, so that the simulations do not load the machine while it is
 * measured. A case (or a change) whose program is missing or not permitted is reported in its rows
 * ({@code skipped: ...}) and the others still run.
 */
public final class Validator {

    /**
     * The metric every case gets: context switches per second of the case's own programs (voluntary and involuntary,
     * {@link CountingShell}), against the simulation's switches of the workload's tasks.
     */
    public static final ValidationCase.Metric SWITCHES = new ValidationCase.Metric("context switches", "1/s",
            Tolerance.RELATIVE_25);

    /**
     * What a validation found.
     *
     * @param rows    one per case and metric
     * @param changes one per case, change and compared metric
     * @param states  per case, the drifting cost keys it was simulated with (measured just before its runs)
     */
    public record Result(List<ValidationRow> rows, List<ChangeRow> changes, Map<String, List<String>> states) {

        public Result(List<ValidationRow> rows, List<ChangeRow> changes) {
            this(rows, changes, Map.of());
        }
    }

    private final Shell shell;
    private final Path work;
    private final Consumer<String> progress;
    private final Path proc;
    private HostProfiler drift;
    private boolean useStates = true;

    /**
     * @param work     a temporary folder (C builds, rt-app logs, the generated case files)
     * @param progress one line per run, for the user
     */
    public Validator(Shell shell, Path work, Consumer<String> progress) {
        this(shell, work, progress, Path.of("/proc"));
    }

    /** As above, writing sysctls below {@code proc} (a folder of a test's own). */
    public Validator(Shell shell, Path work, Consumer<String> progress, Path proc) {
        this.shell = shell;
        this.work = work;
        this.progress = progress;
        this.proc = proc;
    }

    /**
     * Measures the cost keys the host's state moves ({@link HostProfiler#drifting}) with {@code profiler} just
     * before each case's real runs, keeps them with the real side, and simulates the case with them in place of the
     * profile's.
     */
    public Validator measuringState(HostProfiler profiler) {
        this.drift = profiler;
        return this;
    }

    /** Simulates every case on the profile alone, without the host's state kept at each case. */
    public Validator ignoringState() {
        this.useStates = false;
        return this;
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
     * @param repeats  real repetitions per case (and simulated seeds per variant)
     * @param profile  the host profile (a .sched file with one machine block)
     * @param machine  that machine's name
     * @param release  the running kernel ({@code uname -r})
     * @param cpus     online CPUs
     * @return the rows
     */
    public Result run(List<ValidationCase> cases, int repeats, Path profile, String machine, String release, int cpus,
            EngineCatalog engines) {
        return run(cases, repeats, profile, machine, release, cpus, engines, id -> false, false);
    }

    /**
     * As above, and the trace replays ({@link TraceReplay}) whose id {@code replays} accepts: recorded after the
     * cases' real runs, replayed after their simulations.
     */
    public Result run(List<ValidationCase> cases, int repeats, Path profile, String machine, String release, int cpus,
            EngineCatalog engines, java.util.function.Predicate<String> replays, boolean quick) {
        return run(cases, repeats, profile, machine, release, cpus, engines, replays, quick, null);
    }

    /**
     * As above; with {@code keep} a folder, the real side is kept there ({@link MeasuredRuns}), or, when the folder
     * holds one already, taken from it and no program runs.
     */
    public Result run(List<ValidationCase> cases, int repeats, Path profile, String machine, String release, int cpus,
            EngineCatalog engines, java.util.function.Predicate<String> replays, boolean quick, Path keep) {
        MeasuredRuns real;
        if (keep != null && MeasuredRuns.exists(keep)) {
            progress.accept("the real side from " + keep.resolve(MeasuredRuns.FILE) + " (no program runs)");
            List<String> ids = new ArrayList<>();
            for (String id : List.of("replay-hackbench", "replay-rtapp")) {
                if (replays.test(id)) {
                    ids.add(id);
                }
            }
            real = MeasuredRuns.load(keep, ids);
        } else {
            real = new RealSide(shell, work, progress, proc, drift).measure(cases, repeats, cpus, replays, quick,
                    profileLines(profile));
            if (keep != null) {
                real.save(keep);
            }
        }
        Map<String, List<Map<String, Double>>> measured = real.measured();
        Map<String, String> skipped = real.skipped();
        try {
            Files.copy(profile, work.resolve("host.sched"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new HostException("cannot copy " + profile + ": " + e.getMessage());
        }
        CaseSimulation sim = new CaseSimulation(work, machine, eevdfVersion(release), engines);
        Map<String, List<String>> states = useStates ? real.states() : Map.of();
        List<ValidationRow> rows = new ArrayList<>();
        List<ChangeRow> changeRows = new ArrayList<>();
        for (ValidationCase c : cases) {
            progress.accept("simulated " + c.id() + (c.changes().isEmpty() ? "" : " and its " + c.changes().size()
                    + " change(s)"));
            Map<String, Map<String, Double>> simulated;
            String simFailure = null;
            try {
                simulated = sim.run(c, repeats, states.getOrDefault(c.id(), List.of()));
            } catch (HostException | IllegalArgumentException e) {
                simulated = Map.of();
                simFailure = "simulation failed: " + e.getMessage();
                progress.accept("  " + simFailure);
            }
            Map<String, Double> base = simulated.getOrDefault(CaseSimulation.BASE, Map.of());
            List<ValidationCase.Metric> metrics = new ArrayList<>(c.metrics());
            metrics.add(SWITCHES);
            for (ValidationCase.Metric m : metrics) {
                String simName = m == SWITCHES ? CaseSimulation.SWITCHES : m.name();
                ValidationRow r = row(c, m, measured.get(c.id()), base.getOrDefault(simName, Double.NaN),
                        skipped.get(c.id()));
                rows.add(simFailure == null ? r : new ValidationRow(r.caseId(), r.metric(), r.unit(), r.median(),
                        r.min(), r.max(), r.runs(), Double.NaN, simFailure));
            }
            for (int i = 0; i < c.changes().size(); i++) {
                ValidationCase.Change ch = c.changes().get(i);
                Map<String, Double> changed = simulated.getOrDefault(CaseSimulation.variant(i), Map.of());
                for (String metric : ch.metrics()) {
                    changeRows.add(changeRow(c, ch, c.metric(metric), measured.get(c.id()), measured.get(key(c, ch)),
                            base.getOrDefault(metric, Double.NaN), changed.getOrDefault(metric, Double.NaN),
                            skipped.getOrDefault(key(c, ch), skipped.get(c.id())), simFailure));
                }
            }
        }
        for (TraceReplay.Recorded r : TraceReplay.recordings(work, quick, replays)) {
            Object e = real.traces().getOrDefault(r.id(), "not recorded");
            if (e instanceof Path trace) {
                progress.accept("replayed " + r.id());
                try {
                    rows.addAll(TraceReplay.replay(r, trace, work, machine, eevdfVersion(release), engines));
                } catch (HostException ex) {
                    progress.accept("  " + ex.getMessage());
                    rows.addAll(TraceReplay.skipped(r, ex.getMessage()));
                }
            } else {
                rows.addAll(TraceReplay.skipped(r, (String) e));
            }
        }
        Map<String, List<String>> used = new LinkedHashMap<>();
        cases.forEach(c -> {
            if (states.containsKey(c.id())) {
                used.put(c.id(), states.get(c.id()));
            }
        });
        return new Result(rows, changeRows, used);
    }

    private static List<String> profileLines(Path profile) {
        try {
            return HostProfile.blockLines(Files.readString(profile));
        } catch (IOException e) {
            throw new HostException("cannot read " + profile + ": " + e.getMessage());
        }
    }

    static String key(ValidationCase c, ValidationCase.Change ch) {
        return c.id() + " | " + ch.name();
    }

    /** @return the row of one metric: median and range of the runs that have it, verdict by its tolerance */
    public static ValidationRow row(ValidationCase c, ValidationCase.Metric m, List<Map<String, Double>> runs,
            double simulated, String skipped) {
        double[] v = values(runs, m.name());
        if (v.length == 0) {
            return new ValidationRow(c.id(), m.name(), m.unit(), Double.NaN, Double.NaN, Double.NaN, 0, simulated,
                    skipped == null ? "not measured" : "skipped: " + skipped);
        }
        double median = median(v);
        return new ValidationRow(c.id(), m.name(), m.unit(), median, v[0], v[v.length - 1], v.length, simulated,
                m.tolerance().verdict(median, v[0], v[v.length - 1], simulated));
    }

    /**
     * @return the change row of one metric: the change of the medians, its range over the paired runs, and the
     *         simulated change of the variant's medians against the case's
     */
    public static ChangeRow changeRow(ValidationCase c, ValidationCase.Change ch, ValidationCase.Metric m,
            List<Map<String, Double>> baseRuns, List<Map<String, Double>> changedRuns, double simBase, double simChanged,
            String skipped, String simFailure) {
        boolean points = m.tolerance() == Tolerance.POINTS_5;
        double[] b = values(baseRuns, m.name());
        double[] x = values(changedRuns, m.name());
        double sim = ChangeRow.change(simBase, simChanged, points);
        if (b.length == 0 || x.length == 0) {
            return new ChangeRow(c.id(), ch.name(), ch.kind(), m.name(), points, Double.NaN, Double.NaN, Double.NaN, sim,
                    skipped == null ? "not measured" : "skipped: " + skipped);
        }
        double measured = ChangeRow.change(median(b), median(x), points);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        int pairs = Math.min(baseRuns.size(), changedRuns.size());
        for (int i = 0; i < pairs; i++) {
            double d = ChangeRow.change(baseRuns.get(i).getOrDefault(m.name(), Double.NaN),
                    changedRuns.get(i).getOrDefault(m.name(), Double.NaN), points);
            if (!Double.isNaN(d)) {
                lo = Math.min(lo, d);
                hi = Math.max(hi, d);
            }
        }
        if (lo > hi) {
            lo = measured;
            hi = measured;
        }
        String verdict = simFailure != null ? simFailure : ChangeRow.verdict(measured, sim, points);
        return new ChangeRow(c.id(), ch.name(), ch.kind(), m.name(), points, measured, lo, hi, sim, verdict);
    }

    private static double[] values(List<Map<String, Double>> runs, String metric) {
        if (runs == null) {
            return new double[0];
        }
        return runs.stream().map(r -> r.getOrDefault(metric, Double.NaN)).filter(x -> !Double.isNaN(x))
                .mapToDouble(Double::doubleValue).sorted().toArray();
    }

    static double median(double[] sorted) {
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    /** @return the rows' verdict counts, {@code 12 ok, 3 OUTSIDE, 1 no model} */
    public static String summary(List<ValidationRow> rows) {
        return counts(rows.stream().map(ValidationRow::verdict).toList(), "rows");
    }

    /** @return the change rows' verdict counts, {@code 10 change rows: 8 ok, 1 OUTSIDE, 1 wrong sign} */
    public static String changeSummary(List<ChangeRow> rows) {
        return counts(rows.stream().map(ChangeRow::verdict).toList(), "change rows");
    }

    private static String counts(List<String> verdicts, String what) {
        Map<String, Integer> n = new LinkedHashMap<>();
        for (String k : Arrays.asList("ok", "OUTSIDE", "wrong sign", "no model", "skipped", "not measured")) {
            n.put(k, 0);
        }
        for (String v : verdicts) {
            String k = v.startsWith("skipped") ? "skipped" : v.startsWith("simulation failed") ? "no model" : v;
            n.merge(k, 1, Integer::sum);
        }
        StringBuilder b = new StringBuilder(verdicts.size() + " " + what + ":");
        n.forEach((k, v) -> {
            if (v > 0) {
                b.append(' ').append(v).append(' ').append(k).append(',');
            }
        });
        return b.substring(0, b.length() - 1);
    }
}
