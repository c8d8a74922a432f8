/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.runner.MetricCatalog;
import org.schedlab.runner.dsl.DslPlans;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.machine.CostKey;

/**
 * How profile-host turns a microbenchmark of one kernel path into a cost key: the same microbenchmark is simulated
 * with the eevdf engine on the profile measured so far, with the key set to 0, and the key is what the real run
 * took beyond that (divided by how often the path runs per operation). So every other cost the model charges on
 * the path, the memory model's stalls included, is taken out as the model itself charges it, and no key absorbs
 * another's error by arithmetic written by hand. The model inverted is the model that predicts: once the profile
 * has the CPUs' speed keys, the microbenchmark runs with them, over {@link #SPEED_SEEDS} seeds.
 */
final class SimInversion {

    /**
     * Seeds a simulated microbenchmark runs when the profile so far has the speed keys (CPU_SPEED_WINDOW and
     * CPU_SPEED_SPREAD): the speed model draws a factor per CPU and window (6 s for the slow part), so one 300 ms
     * run holds one draw of each; the figure is the mean over the seeds, the same seeds at every step of a
     * bisection. Until 6 December 2026 (fifth session) the inversions ran at nominal speed, on the ground that the
     * factors' mean is 1; that is not the model's expectation where the figure depends on the CPUs' phase: the pipe
     * ping-pong of halted_ipi_latency between two pinned threads locks into one of two phases at nominal speed (a
     * round trip of 17 or 28 us), so its round trip is not monotonic in the key (1,000 ns: 21.7 us, 1,500 ns: 14.8
     * us, 4,064 ns: 20.6 us, six seeds each on the 12:40 profile) and the bisection's answer was a phase's, while
     * every validate-host case runs with the speed keys, where the same ping-pong took 29 us against the measured 21.
     * With them the round trip grows with the key (1,000 ns: 20.1 us, 2,000 ns: 26.0, 4,064 ns: 30.5).
     */
    static final int SPEED_SEEDS = 8;
    private final Path dir;
    private final String version;
    private final EngineCatalog engines;
    private int runs;

    /**
     * @param dir     where the generated .sched files go
     * @param version the eevdf version that models the running kernel
     */
    SimInversion(Path dir, String version, EngineCatalog engines) {
        this.dir = dir;
        this.version = version;
        this.engines = engines;
    }

    /**
     * @param settings  the machine block so far (its lines)
     * @param zero      the key being measured, set to 0 for this run (to its {@link CostKey#pathFloor()})
     * @param workload  the microbenchmark's workload declaration, named {@code probe_workload}
     * @param metric    the metric read ({@code ops}: a counter's rate; {@code timer_latency})
     * @return the simulated metric (ns per op for a counter, the metric's own unit otherwise)
     */
    double simulate(List<HostProfile.Setting> settings, CostKey zero, String workload, String metric) {
        return simulate(settings, List.of(zero), workload, metric);
    }

    /** As {@link #simulate(List, CostKey, String, String)}, with every key of {@code zero} at 0 (its path floor), the first named. */
    double simulate(List<HostProfile.Setting> settings, List<CostKey> zero, String workload, String metric) {
        Map<CostKey, Long> at = new LinkedHashMap<>();
        zero.forEach(z -> at.put(z, z.pathFloor()));
        return simulate(settings, at, workload, metric);
    }

    /**
     * The value of {@code key} at which the simulated microbenchmark gives {@code target}, by bisection between its
     * path floor and {@code high}: for a key whose share of the measured figure is not a fixed multiple of it (a
     * latency that the paths around it overlap). 12 halvings; the simulated figure must grow with the key overall,
     * not at every step.
     *
     * @return the value, within (high - floor) / 4096; the floor when the floor already gives at least the target,
     *         {@code high} when even that gives less
     */
    long solve(List<HostProfile.Setting> settings, CostKey key, double target, long high, String workload,
            String metric) {
        long lo = key.pathFloor();
        long hi = Math.max(lo, high);
        if (simulate(settings, Map.of(key, lo), workload, metric) >= target) {
            return lo;
        }
        if (simulate(settings, Map.of(key, hi), workload, metric) <= target) {
            return hi;
        }
        for (int i = 0; i < 12 && hi - lo > 1; i++) {
            long mid = lo + (hi - lo) / 2;
            if (simulate(settings, Map.of(key, mid), workload, metric) < target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo + (hi - lo) / 2;
    }

    private double simulate(List<HostProfile.Setting> settings, Map<CostKey, Long> given, String workload,
            String metric) {
        Map<CostKey, Long> at = new LinkedHashMap<>(given);
        List<CostKey> keys = List.copyOf(at.keySet());
        String key = keys.get(0).name().toLowerCase(Locale.ROOT);
        List<String> names = keys.stream().map(z -> z.name().toLowerCase(Locale.ROOT)).toList();
        String machine = settings.stream().map(HostProfile.Setting::text)
                .filter(t -> names.stream().noneMatch(n -> t.startsWith("cost " + n + " "))).map(t -> "\t" + t + "\n")
                .collect(Collectors.joining());
        String values = keys.stream().map(z -> "\tcost " + z.name().toLowerCase(Locale.ROOT) + " = " + at.get(z) + " "
                + (z.unit() == CostKey.Unit.CYCLES ? "cycles" : "ns") + "\n").collect(Collectors.joining());
        String text = "// profile-host: the microbenchmark of " + key + " with " + keys.stream().map(z -> z.name()
                .toLowerCase(Locale.ROOT) + " = " + at.get(z)).collect(Collectors.joining(", ")) + ", generated\n"
                + "machine probe {\n" + machine + values + "}\n\n"
                + "kernel running {\n\tengine eevdf\n\tversion \"" + version + "\"\n}\n\nvariant eevdf = running\n\n"
                + workload + "\n\nexperiment probe {\n\tworkload probe_workload\n\tmachines probe\n\tvariants eevdf\n"
                + "\twarmup 20 ms\n\tduration 300 ms\n\tmetrics " + metric + "\n}\n";
        Path file = dir.resolve("probe-" + key + "-" + (runs++) + ".sched");
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
            var plan = DslPlans.load(file, engines).get(0);
            var cell = plan.cells().get(0);
            int seeds = varyingSpeed(settings) ? SPEED_SEEDS : 1;
            double sum = 0;
            for (int i = 0; i < seeds; i++) {
                SimResult r = Simulation.run(cell.config().withSeed(plan.seed(cell, i)));
                sum += MetricCatalog.value(metric, r).value();
            }
            double v = sum / seeds;
            if (metric.equals("ops")) {
                if (v <= 0) {
                    throw new HostException(file + ": the simulated microbenchmark of " + key + " made no progress");
                }
                return 1e9 / v; // the mean rate's time per op: all the seeds' ops over all their time
            }
            return v;
        } catch (DslPlans.InvalidSourceException e) {
            throw new HostException(file + ": the generated microbenchmark does not load: " + e.getMessage());
        } catch (TranslationException | IOException e) {
            throw new HostException(file + ": " + e.getMessage());
        }
    }

    /** @return whether the settings give the CPUs a varying speed (CPU_SPEED_WINDOW and CPU_SPEED_SPREAD above 0) */
    static boolean varyingSpeed(List<HostProfile.Setting> settings) {
        return CostSettings.cyclesOf(settings, CostKey.CPU_SPEED_WINDOW) > 0
                && CostSettings.cyclesOf(settings, CostKey.CPU_SPEED_SPREAD) > 0;
    }
}
