/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.runner.ReproducedFigure.Verdict;
import org.schedlab.runner.ReproducedFigure;
import org.schedlab.runner.Reproduction;
import org.schedlab.runner.RunPool;
import org.schedlab.runner.RunTimes;
import org.schedlab.runner.Stats;

/**
 * {@code schedlab reproduce}: runs the published changes of the seed experiments in examples/ over independent
 * repeats and prints one row per figure: the published change, the simulated mean change with its 95 %
 * confidence interval, the band and the verdict ({@link Reproduction}).
 */
final class ReproduceCommand implements Command {

    static final int DEFAULT_REPEATS = 2;
    static final int DEFAULT_MAX_REPEATS = 20;

    @Override
    public String name() {
        return "reproduce";
    }

    @Override
    public String summary() {
        return "run the seed experiments in examples/ and compare them with the published figures";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab reproduce [--only ID,...] [--dir DIR] [--jobs N] [--repeats N] [--max-repeats N]
				                          [--progress]
				  Runs every published change (`published change`) of the experiments in DIR (default: the
				  examples/ folder beside the schedlab launcher), the patched and the baseline cell of each figure
				  with seeds 1, 2, ... (or the experiment's seeds), seed i against seed i, and prints
				    ID  experiment  cell  metric  published  simulated  95% interval  repeats  2x run  band  verdict
				  simulated is the mean of the per-seed % changes, the interval its Student-t 95 % confidence
				  interval. Stopping rule: after the first N seeds (--repeats) and after each seed past them, in
				  seed order, a figure stops when its interval is wholly inside or wholly outside the band or its
				  half-width is at most 2 percentage points or a tenth of the band's width; otherwise it runs the
				  next seed, up to the cap (--max-repeats). Run length: a settled figure whose runs lasted their
				  whole duration (and whose window is not `fixed`) runs its first N seeds again for twice the
				  duration; `2x run` is that mean (- when not checked), and a mean that moved by more than 2 points,
				  a tenth of the band or the two half-widths makes the figure unconverged. Every figure's runs share
				  one pool (a cell and seed run once, the longest first); the summary gives its runs and idle
				  core-seconds. Verdicts: ok (the whole interval inside the band), ok, unaffected (the same, and
				  the patch's code path never ran: engine counter patched_paths 0 in every repeat), OUTSIDE,
				  unconverged (still unsettled at the cap, or moved with the run length).
				  --only ID,...      only the figures with these ids (e.g. 000-8p,003-slotizer)
				  --jobs N           worker threads (default: one per core); every (cell, seed) is one job
				  --progress         the progress line on standard error even when it is not a terminal
				  --repeats N        seeds before a figure may stop (default 2, at least 2)
				  --max-repeats N    seeds at most (default 20)
				Exit codes: 0 every figure ok, 1 some figure OUTSIDE or unconverged (or a file failed), 2 bad usage.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--only", "--dir", "--jobs", "--repeats", "--max-repeats"),
                Set.of("--progress"));
        if (!o.positional().isEmpty()) {
            throw new UsageException("takes no file arguments (use --dir)");
        }
        Set<String> only = ExperimentFolder.only(o);
        int jobs = o.intValue("--jobs", 0, 1, 256);
        int repeats = o.intValue("--repeats", DEFAULT_REPEATS, 2, 1000);
        int cap = o.intValue("--max-repeats", Math.max(DEFAULT_MAX_REPEATS, repeats), repeats, 10_000);
        Reproduction.Repeats plan = new Reproduction.Repeats(repeats, cap);
        Path dir = Path.of(o.value("--dir", ExperimentFolder.defaultDir("").toString()));
        long start = System.nanoTime();
        Figures figures = reproduce(dir, only, plan, jobs, err, o.flag("--progress"));
        List<ReproducedFigure> rows = figures.rows();
        boolean failed = figures.failed();
        if (rows.isEmpty()) {
            err.println("schedlab reproduce: " + ExperimentFolder.nothingFound("published figure", only, dir));
            return Main.PROBLEMS;
        }
        print(rows, out);
        out.println(summary(rows, (System.nanoTime() - start) / 1e9, figures.pool()));
        boolean allOk = rows.stream().allMatch(r -> r.verdict() == Verdict.OK || r.verdict() == Verdict.OK_UNAFFECTED);
        return allOk && !failed ? Main.OK : Main.PROBLEMS;
    }

    /**
     * The rows of a reproduction.
     *
     * @param rows   one per published change, in file and figure order
     * @param failed a file did not load or a run failed (printed to the error stream)
     * @param pool   the runs, workers, wall and idle time of the pool they ran on
     */
    record Figures(List<ReproducedFigure> rows, boolean failed, RunPool.Report pool) {
    }

    /**
     * Runs the published changes of the experiments in {@code dir} whose id is in {@code only} (every one when
     * empty): what {@code schedlab reproduce} prints, and what its test checks.
     *
     * @param jobs worker threads (0: one per core)
     * @param err  where load errors, run failures and the progress go
     */
    static Figures reproduce(Path dir, Set<String> only, Reproduction.Repeats repeats, int jobs, PrintStream err) {
        return reproduce(dir, only, repeats, jobs, err, false);
    }

    /** {@link #reproduce(Path, Set, Reproduction.Repeats, int, PrintStream)}; {@code progress}: {@code --progress} */
    static Figures reproduce(Path dir, Set<String> only, Reproduction.Repeats repeats, int jobs, PrintStream err,
            boolean progress) {
        List<ExperimentPlan> plans = new ArrayList<>();
        boolean loaded = ExperimentFolder.eachPlan(dir, err, (file, p) -> {
            if (p.published().stream().anyMatch(f -> f.isChange() && (only.isEmpty() || only.contains(f.id())))) {
                plans.add(p);
            }
            return true;
        });
        ProgressBar bar = ProgressBar.forRun(err, progress, 0);
        try (RunPool pool = new RunPool(jobs, RunCommand.monitor(bar, "reproduce"), RunTimes.fromState(), true)) {
            Reproduction.Outcome outcome = Reproduction.reproduce(plans, only, repeats, pool);
            bar.done();
            outcome.problems().forEach(line -> err.println("schedlab reproduce: " + line));
            return new Figures(outcome.rows(), !loaded || !outcome.problems().isEmpty(), pool.report());
        }
    }

    static void print(List<ReproducedFigure> rows, PrintStream out) {
        AlignedTable table = new AlignedTable(Set.of(4, 5, 7, 8), "ID", "experiment", "cell", "metric", "published",
                "simulated", "95% interval", "repeats", "2x run", "band", "verdict");
        for (ReproducedFigure r : rows) {
            Stats s = r.change();
            table.add(r.id(), r.experiment(), r.cell(), r.metric(), AlignedTable.value(r.published(), "%"),
                    AlignedTable.value(s == null ? Double.NaN : s.mean(), "%"), interval(s),
                    Integer.toString(r.repeats()),
                    r.doubled() == null ? "-" : AlignedTable.value(r.doubled().mean(), "%"),
                    AlignedTable.band(r.bandLow(), r.bandHigh(), "%"),
                    r.verdict().label());
        }
        table.print(out);
    }

    /** @return {@code [+30.1 .. +39.5]}, or n/a */
    static String interval(Stats s) {
        if (s == null) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "[%+.1f .. %+.1f]", s.ci95Low(), s.ci95High());
    }

    /**
     * @return {@code N figures: A ok, B ok unaffected, C OUTSIDE[, D unconverged] (T s; R runs on W cores, I
     *         core-s idle)}
     */
    static String summary(List<ReproducedFigure> rows, double seconds, RunPool.Report pool) {
        long ok = count(rows, Verdict.OK);
        long unaffected = count(rows, Verdict.OK_UNAFFECTED);
        long outside = count(rows, Verdict.OUTSIDE);
        long unconverged = count(rows, Verdict.UNCONVERGED);
        return String.format(Locale.ROOT, "%d %s: %d ok, %d ok unaffected, %d OUTSIDE%s (%.1f s", rows.size(),
                rows.size() == 1 ? "figure" : "figures", ok, unaffected, outside, unconverged > 0 ? ", " + unconverged
                        + " unconverged" : "", seconds) + (pool == null ? "" : String.format(Locale.ROOT,
                        "; %d runs on %d cores, %.1f core-s idle", pool.runs(), pool.workers(), pool.idleSeconds())) + ")";
    }

    private static long count(List<ReproducedFigure> rows, Verdict v) {
        return rows.stream().filter(r -> r.verdict() == v).count();
    }
}
