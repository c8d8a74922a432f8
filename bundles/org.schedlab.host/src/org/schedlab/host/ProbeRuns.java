/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Runs one measuring command of profile-host several times and keeps the median and the spread: one discarded
 * run first (the program's pages, the caches, the host's placement of the vCPUs), then {@link #REPEATS} counted
 * ones. A program that is missing or fails gives no figure and a note; the caller goes on without it.
 */
final class ProbeRuns {

    /** Counted runs of every measurement (after one discarded warm-up run). */
    static final int REPEATS = 5;
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    /**
     * A measured figure.
     *
     * @param median  the median of the counted runs
     * @param min     the smallest
     * @param max     the largest
     * @param command the command line as the provenance names it
     */
    record Measured(double median, double min, double max, String command, int runs) {

        Measured(double median, double min, double max, String command) {
            this(median, min, max, command, REPEATS);
        }

        /** @return the spread as the provenance writes it: {@code 5 runs 1.23..1.31} */
        String spread() {
            return runs + " runs after a warm-up, " + fmt(min) + ".." + fmt(max);
        }

        /** @return (max - min) / median */
        double relativeSpread() {
            return median == 0 ? 0 : (max - min) / median;
        }
    }

    private final Shell shell;
    private final CHelpers helpers;
    private final Consumer<String> progress;
    private final List<String> notes;
    private final int repeats;

    ProbeRuns(Shell shell, CHelpers helpers, Consumer<String> progress, List<String> notes) {
        this(shell, helpers, progress, notes, REPEATS);
    }

    /** As above, with {@code repeats} counted runs (odd) after the warm-up. */
    ProbeRuns(Shell shell, CHelpers helpers, Consumer<String> progress, List<String> notes, int repeats) {
        this.shell = shell;
        this.helpers = helpers;
        this.progress = progress;
        this.notes = notes;
        this.repeats = repeats;
    }

    /** hostprobe (helpers/hostprobe.c) with {@code args}: the median of its {@code name} line, or null. */
    Measured probe(String key, String name, String... args) {
        List<Measured> m = probe(key, List.of(name), args);
        return m == null ? null : m.get(0);
    }

    /**
     * As {@link #probe(String, String, String...)} for a mode that prints several figures: one set of runs, each
     * figure's median and spread over them.
     *
     * @return one per name, in order, or null when the mode could not run
     */
    List<Measured> probe(String key, List<String> names, String... args) {
        try {
            List<String> cmd = new ArrayList<>(List.of(helpers.hostprobe().toString()));
            cmd.addAll(List.of(args));
            return run(key, cmd, "hostprobe " + String.join(" ", args) + " (helpers/hostprobe.c, gcc -O2 -pthread)",
                    reads(names));
        } catch (HostException e) {
            note(key, e);
            return null;
        }
    }

    /**
     * Every run's figures, in the order of the runs: for a measurement whose runs are samples of a distribution
     * rather than repeats of one value (one window of the host's state each).
     *
     * @param command the command line as the provenance names it
     * @param values  one array per name, one value per counted run
     */
    record Series(String command, double[][] values) {
    }

    /**
     * hostprobe with {@code args}, {@code count} counted runs after the warm-up: each run's {@code names} figures.
     *
     * @return the series, or null when the mode could not run
     */
    Series series(String key, List<String> names, int count, String... args) {
        String shown = "hostprobe " + String.join(" ", args) + " (helpers/hostprobe.c, gcc -O2 -pthread)";
        try {
            List<String> cmd = new ArrayList<>(List.of(hostprobe()));
            cmd.addAll(List.of(args));
            progress.accept("measuring " + key + ": " + shown + ", " + count + " runs");
            return new Series(shown, values(cmd, reads(names), count));
        } catch (HostException e) {
            note(key, e);
            return null;
        }
    }

    /** @return the built hostprobe */
    String hostprobe() {
        return helpers.hostprobe().toString();
    }

    /** @return whether {@code program} is installed; if not, a note for {@code key} says how to install it */
    boolean has(String key, String program) {
        if (shell.has(program)) {
            return true;
        }
        note(key, new HostException(program + " is not installed", program));
        return false;
    }

    /** A packaged program's command: the median of what {@code read} takes from its output, or null. */
    Measured tool(String key, List<String> cmd, ToDoubleFunction<Shell.Output> read) {
        return tool(key, cmd, Shell.line(cmd).replace(hostprobePath(cmd), "hostprobe"), read);
    }

    /** As {@link #tool(String, List, ToDoubleFunction)}, the provenance naming the command as {@code shown}. */
    Measured tool(String key, List<String> cmd, String shown, ToDoubleFunction<Shell.Output> read) {
        try {
            return run(key, cmd, shown, read);
        } catch (HostException e) {
            note(key, e);
            return null;
        }
    }

    /**
     * As {@link #tool(String, List, String, ToDoubleFunction)}, measured once more when a run's output cannot be read
     * (a sampled recording that missed what {@code read} looks for): only the second failure is noted.
     */
    Measured toolOrAgain(String key, List<String> cmd, String shown, ToDoubleFunction<Shell.Output> read) {
        try {
            return run(key, cmd, shown, read);
        } catch (HostException e) {
            if (e.missingTool() != null) {
                note(key, e);
                return null;
            }
            progress.accept("  " + e.getMessage() + ": measured once more");
            return tool(key, cmd, shown, read);
        }
    }

    /**
     * Runs {@code use} with a fresh temporary file for perf record's data, removed afterwards (with the {@code .old}
     * copy perf leaves beside it).
     *
     * @return what {@code use} returned, or null (with a note) when no temporary file can be made
     */
    <T> T withPerfData(String key, Function<Path, T> use) {
        Path data = null;
        try {
            data = Files.createTempFile("schedlab-" + key, ".perf");
            return use.apply(data);
        } catch (IOException e) {
            notes.add(key + ": no temporary file for perf record (" + e.getMessage() + ")");
            return null;
        } finally {
            if (data != null) {
                data.toFile().delete();
                new File(data + ".old").delete();
            }
        }
    }

    private static String hostprobePath(List<String> cmd) {
        return cmd.get(0).endsWith("/hostprobe") ? cmd.get(0) : "\u0000";
    }

    private Measured run(String key, List<String> cmd, String shown, ToDoubleFunction<Shell.Output> read) {
        return run(key, cmd, shown, List.of(read)).get(0);
    }

    private List<Measured> run(String key, List<String> cmd, String shown, List<ToDoubleFunction<Shell.Output>> reads) {
        progress.accept("measuring " + key + ": " + shown);
        double[][] v = values(cmd, reads, repeats);
        List<Measured> out = new ArrayList<>(reads.size());
        for (double[] x : v) {
            Arrays.sort(x);
            out.add(new Measured(x[repeats / 2], x[0], x[repeats - 1], shown, repeats));
        }
        return out;
    }

    /**
     * Once the machine is quiet, one warm-up run of {@code cmd} and {@code count} counted ones.
     *
     * @return per read, its figure of each counted run in the order of the runs
     */
    private double[][] values(List<String> cmd, List<ToDoubleFunction<Shell.Output>> reads, int count) {
        shell.settle();
        double[][] v = new double[reads.size()][count];
        for (int i = -1; i < count; i++) {
            Shell.Output o = checked(shell.run(cmd, TIMEOUT));
            for (int r = 0; r < reads.size(); r++) {
                double x = reads.get(r).applyAsDouble(o);
                if (i >= 0) {
                    v[r][i] = x;
                }
            }
        }
        return v;
    }

    /** @return a read of hostprobe's {@code name} line for each name */
    private static List<ToDoubleFunction<Shell.Output>> reads(List<String> names) {
        List<ToDoubleFunction<Shell.Output>> reads = new ArrayList<>();
        for (String name : names) {
            reads.add(o -> ToolOutputs.probe(o, name));
        }
        return reads;
    }

    private static Shell.Output checked(Shell.Output o) {
        if (o.exit() != 0) {
            throw new HostException("`" + o.command() + "` failed (exit " + o.exit() + "): "
                    + o.stderr().strip().lines().findFirst().orElse(""));
        }
        return o;
    }

    private void note(String key, HostException e) {
        notes.add(key + ": " + e.getMessage() + (e.missingTool() == null ? "" : hint(e.missingTool())));
        progress.accept("  skipped: " + e.getMessage());
    }

    private static String hint(String tool) {
        return DebianPackages.of(tool).map(p -> " (apt-get install " + p + ")").orElse("");
    }

    static String fmt(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
