/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.List;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.sim.SimConfig;

/**
 * How long a run will take on this machine, told before it starts: simulated CPU-seconds (warm-up and duration, times
 * the machine's CPUs, times the repeats) divided by a rate from the bench figures (docs/performance.md) and by the
 * workers. A rough figure for tasks that switch about every millisecond; finer-grained workloads take longer.
 */
public record WallTimeEstimate(double simulatedCpuSeconds, int workers, double wallSeconds) {

    /**
     * Simulated CPU-seconds per wall-clock second of one worker. {@code schedlab bench}: 1.3 to 2.7 million switches per
     * wall-second for cfs with 512 tasks that compute 1 ms and yield, that is about 1,000 switches per simulated
     * CPU-second; rounded down so that the estimate errs long.
     */
    public static final double CPU_SECONDS_PER_WALL_SECOND = 1000;

    /** Plans of more cells are estimated from this many cells spread over the plan. */
    static final int SAMPLED = 10_000;

    /** Above this the command line warns before running. */
    public static final double WARN_ABOVE_SECONDS = 60;

    /** @param jobs worker threads as given to {@link ExperimentRunner#run}; 0 or less: one per processor */
    public static WallTimeEstimate of(ExperimentPlan plan, int jobs) {
        int threads = jobs > 0 ? jobs : Runtime.getRuntime().availableProcessors();
        List<CellSpec> cells = plan.cells();
        // past SAMPLED cells, every k-th stands for its neighbours: a lazy cell builds its configuration to answer
        int step = Math.max(1, cells.size() / SAMPLED);
        double cpuSeconds = 0;
        int seen = 0;
        for (int i = 0; i < cells.size(); i += step) {
            SimConfig c = cells.get(i).config();
            cpuSeconds += c.endNs() / 1e9 * c.machine().nrCpus();
            seen++;
        }
        cpuSeconds *= (double) cells.size() / seen * plan.repeats();
        int workers = Math.max(1, Math.min(threads, plan.cells().size() * plan.repeats()));
        return new WallTimeEstimate(cpuSeconds, workers, cpuSeconds / CPU_SECONDS_PER_WALL_SECOND / workers);
    }

    /** @return whether the run is long enough to say so before it starts */
    public boolean isLong() {
        return wallSeconds > WARN_ABOVE_SECONDS;
    }

    /** @return the wall time in the largest sensible unit: 45 s, 12 min, 3.5 h, 2.3 days */
    public String wallTime() {
        if (wallSeconds < 120) {
            return Math.round(wallSeconds) + " s";
        }
        if (wallSeconds < 7200) {
            return Math.round(wallSeconds / 60) + " min";
        }
        if (wallSeconds < 2 * 86400) {
            return String.format(java.util.Locale.ROOT, "%.1f h", wallSeconds / 3600);
        }
        double days = wallSeconds / 86400;
        return String.format(java.util.Locale.ROOT, days < 100 ? "%.1f days" : "%,.0f days", days);
    }

    /** @return one line: the estimate and where it comes from */
    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT,
                "about %s of wall time (%,.0f simulated CPU-seconds on %d worker(s) at about %,.0f per wall-second)",
                wallTime(), simulatedCpuSeconds, workers, CPU_SECONDS_PER_WALL_SECOND);
    }
}
