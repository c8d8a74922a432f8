/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

import org.schedlab.host.CHelpers;
import org.schedlab.host.CountingShell;
import org.schedlab.host.HostException;
import org.schedlab.host.HostProfile;
import org.schedlab.host.HostProfiler;
import org.schedlab.host.Shell;

/**
 * validate-host's real side: every case and change run on this kernel, repeated (with the context switches its
 * programs made and the share of the CPUs' time the host stole meanwhile), the cost keys the host's state moves
 * measured just before each case when a profiler is given (and before each case whose workers are processes, their
 * exit work: a {@code param} line), then the trace recordings.
 */
final class RealSide {
    private final Shell shell;
    private final Path work;
    private final Consumer<String> progress;
    private final Path proc;
    private final HostProfiler drift;
    /**
     * What the watch did: cases whose probes were taken again, cases probed and run again, real runs taken again,
     * runs kept that still moved, and the seconds runs waited for their cases' states.
     */
    private int reprobed;
    private int restarted;
    private int rerun;
    private int keptMoved;
    private int waitedS;

    /** @param drift measures the drifting cost keys before each case; null: not measured */
    RealSide(Shell shell, Path work, Consumer<String> progress, Path proc, HostProfiler drift) {
        this.shell = shell;
        this.work = work;
        this.progress = progress;
        this.proc = proc;
        this.drift = drift;
    }

    /** The real side: every case and change, repeated, then the trace recordings. */
    MeasuredRuns measure(List<ValidationCase> cases, int repeats, int cpus,
            java.util.function.Predicate<String> replays, boolean quick, List<String> profile) {
        SuitePrograms.missing(shell).ifPresent(progress);
        RealContext ctx = new RealContext(shell, new CHelpers(shell, work), work, cpus, proc, new HashMap<>());
        Map<String, List<Map<String, Double>>> measured = new LinkedHashMap<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        Map<String, List<String>> states = new LinkedHashMap<>();
        HostRing ring = drift == null ? null : new HostRing(shell, ctx.helpers());
        for (ValidationCase c : cases) {
            for (int attempt = 1;; attempt++) {
                double at = drift == null ? Double.NaN : probed(c.id(), profile, states, ring);
                shell.settle(); // the drifting keys' simulations leave the JIT compiling beside the real runs
                Map<String, List<Map<String, Double>>> taken = new LinkedHashMap<>();
                int moved = 0;
                for (int i = 0; i < repeats; i++) {
                    moved += once(c.id(), c.real(), ctx, i, repeats, taken, skipped, ring, at);
                    for (ValidationCase.Change ch : c.changes()) {
                        moved += once(Validator.key(c, ch), ch.real(), ctx, i, repeats, taken, skipped, ring, at);
                    }
                }
                if (moved == 0 || attempt > HostRing.CASE_RETRIES) {
                    measured.putAll(taken);
                    keptMoved += moved;
                    break;
                }
                restarted++;
                progress.accept("  the host stayed in another state than at " + c.id() + "'s probes: the case is"
                        + " probed and run again");
            }
        }
        Map<String, Object> recorded = new LinkedHashMap<>(); // a trace, or why there is none
        for (TraceReplay.Recorded r : TraceReplay.recordings(work, quick, replays)) {
            progress.accept("recording " + r.id() + ": " + String.join(" ", r.command()));
            try {
                recorded.put(r.id(), TraceReplay.record(r, work));
            } catch (HostException e) {
                recorded.put(r.id(), e.getMessage());
                progress.accept("  skipped: " + e.getMessage());
            }
        }
        stealSummary(measured);
        if (ring != null) {
            progress.accept("the host moved during the probes of " + reprobed + " cases (probed again) and during "
                    + rerun + " real runs (taken again; " + keptMoved + " runs kept that still moved after "
                    + HostRing.RETRIES + " more); " + restarted + " cases probed and run again because the host stayed"
                    + " in another state; the runs waited " + waitedS + " s in all for their cases' states (the ring's"
                    + " figures beside each run in measured.tsv)");
        }
        return new MeasuredRuns(measured, skipped, recorded, states);
    }

    /**
     * The drifting keys measured before case {@code id}'s runs, between two readings of the ring: measured again
     * while the host moved meanwhile (the probes straddled a change of its state), at most {@link HostRing#RETRIES}
     * times more. @return the ring as the kept probes ended
     */
    private double probed(String id, List<String> profile, Map<String, List<String>> states, HostRing ring) {
        for (int attempt = 1;; attempt++) {
            shell.settle();
            double before = ring.ns();
            states.put(id, state(id, profile));
            shell.settle();
            double at = ring.ns();
            if (!HostRing.moved(before, at) || attempt > HostRing.RETRIES) {
                progress.accept(String.format(Locale.ROOT, "  the ring: %.0f ns a yield before the probes, %.0f after",
                        before, at));
                return at;
            }
            reprobed++;
            progress.accept(String.format(Locale.ROOT, "  the host moved during the probes (the ring ran %.0f ns a"
                    + " yield before them, %.0f after): once more", before, at));
        }
    }

    /** The drifting keys measured now, before case {@code id}'s runs (none when they cannot be). */
    private List<String> state(String id, List<String> profile) {
        progress.accept("the host's state before " + id);
        try {
            List<String> lines = new ArrayList<>(drift.drifting(profile).stream().map(HostProfile.Setting::text)
                    .toList());
            if (ValidationSuite.EXITING_WORKERS.contains(id)) {
                drift.workerExitWork(ValidationSuite.PERF_MESSAGING.equals(id)).forEach(s -> lines.add(s.text()));
            }
            progress.accept("  " + String.join(", ", lines.stream().map(l -> l.substring(l.indexOf(' ') + 1))
                    .toList()));
            return lines;
        } catch (HostException e) {
            progress.accept("  not measured: " + e.getMessage());
            return List.of();
        }
    }

    /** One line: the median and the largest share of time the host stole during a real run. */
    private void stealSummary(Map<String, List<Map<String, Double>>> measured) {
        List<Double> all = new ArrayList<>();
        String worst = "";
        double max = -1;
        for (Map.Entry<String, List<Map<String, Double>>> e : measured.entrySet()) {
            for (Map<String, Double> run : e.getValue()) {
                Double st = run.get(HostSteal.KEY);
                if (st != null) {
                    all.add(st);
                    if (st > max) {
                        max = st;
                        worst = e.getKey();
                    }
                }
            }
        }
        if (!all.isEmpty()) {
            progress.accept(String.format(Locale.ROOT, "the host stole a median %.1f %% of the CPUs' time"
                    + " in a real run, at most %.1f %% (%s): every real figure is slowed by that much",
                    Validator.median(all.stream().mapToDouble(Double::doubleValue).sorted().toArray()), max, worst));
        }
    }


    /**
     * One real repetition of a case or change, watched by the ring when there is one ({@link HostRing#watched}: taken
     * again while the host is in another state than at the case's probes, {@code at}). @return 1 when the run kept
     * still moved, else 0
     */
    private int once(String key, ValidationCase.RealRun real, RealContext ctx, int i, int repeats,
            Map<String, List<Map<String, Double>>> measured, Map<String, String> skipped, HostRing ring, double at) {
        List<Map<String, Double>> runs = measured.computeIfAbsent(key, k -> new ArrayList<>());
        if (skipped.containsKey(key)) {
            return 0;
        }
        progress.accept("real " + key + " (" + (i + 1) + "/" + repeats + ")");
        try {
            // unwatched (no ring): a NaN ring never moves, so the run is taken once
            HostRing.Watched w = HostRing.watched(ring == null ? () -> Double.NaN : ring::ns, at,
                    () -> measureOnce(real, ctx), RealSide::second, progress);
            rerun += w.attempts() - 1;
            waitedS += w.waitedS();
            runs.add(w.figures());
            return w.moved() ? 1 : 0;
        } catch (HostException e) {
            skipped.put(key, e.getMessage());
            progress.accept("  skipped: " + e.getMessage());
            return 0;
        }
    }

    /** One real run, with the context switches its programs made (hostprobe count) and the host's steal. */
    private Map<String, Double> measureOnce(ValidationCase.RealRun real, RealContext ctx) {
        CountingShell counted = new CountingShell(ctx.shell(), ctx.helpers().hostprobe(), ctx.work());
        HostSteal before = HostSteal.read(proc);
        long t0 = System.nanoTime();
        Map<String, Double> v;
        try {
            v = new LinkedHashMap<>(real.once(counting(ctx, counted)));
        } catch (HostException e) {
            if (e.getMessage() == null || !e.getMessage().contains("did not finish within")) {
                throw e;
            }
            // a program that hangs now and then (threads.c with 450 threads did, once) gets one more try
            progress.accept("  " + e.getMessage() + "; once more");
            counted = new CountingShell(ctx.shell(), ctx.helpers().hostprobe(), ctx.work());
            t0 = System.nanoTime();
            v = new LinkedHashMap<>(real.once(counting(ctx, counted)));
        }
        long dt = System.nanoTime() - t0;
        if (v.containsKey("time")) {
            dt = Math.round(v.get("time") * 1e9); // hackbench's own time: not the program's start and exit
        }
        long switches = counted.switches();
        if (switches >= 0 && dt > 0) {
            v.putIfAbsent(Validator.SWITCHES.name(), switches * 1e9 / dt); // unless the case counted its workers' own
        }
        HostSteal after = HostSteal.read(proc);
        if (before != null && after != null && !Double.isNaN(after.percentSince(before))) {
            v.put(HostSteal.KEY, after.percentSince(before));
            progress.accept(String.format(Locale.ROOT, "  the host stole %.1f %% of the CPUs' time",
                    after.percentSince(before)));
        }
        return v;
    }

    /** A second's pause between two readings of the ring. */
    private static void second() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostException("interrupted while waiting for the host's state");
        }
    }

    private static RealContext counting(RealContext c, CountingShell shell) {
        return new RealContext(shell, c.helpers(), c.work(), c.cpus(), c.proc(), c.cache());
    }
}
