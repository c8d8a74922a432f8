/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One case of the validate-host suite: a program run on the real kernel, and the same workload simulated; and the
 * changes a user can make to the running kernel or to the case's tasks without a reboot, each run on both sides.
 *
 * @param id      the row name ({@code threads_c-64}, {@code hackbench-g4}, ...)
 * @param metrics the figures compared, in row order
 * @param real    one run on the real kernel, giving every metric
 * @param sim     the simulated side
 * @param changes the case with one change each (nice, policy, slice, affinity, a sysctl), compared as changes
 */
public record ValidationCase(String id, List<Metric> metrics, RealRun real, Simulated sim, List<Change> changes) {

    public ValidationCase {
        metrics = List.copyOf(metrics);
        changes = List.copyOf(changes);
    }

    /** A case without changes. */
    public ValidationCase(String id, List<Metric> metrics, RealRun real, Simulated sim) {
        this(id, metrics, real, sim, List.of());
    }

    /** @return the metric named {@code name} */
    public Metric metric(String name) {
        return metrics.stream().filter(m -> m.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(id + " has no metric " + name));
    }

    /**
     * A change to the case, as a user would make it on a running system.
     *
     * @param name    as the table prints it ({@code nice -5}, {@code SCHED_BATCH}, {@code rr timeslice 10 ms})
     * @param kind    what kind of change ({@code nice}, {@code policy}, {@code slice}, {@code affinity},
     *                {@code sysctl})
     * @param real    one run on the real kernel with the change made
     * @param variant the simulated variant's body: {@code change GROUP OPTIONS} or {@code set TUNABLE = VALUE} lines
     * @param metrics the case's metrics compared, measured change against simulated change
     */
    public record Change(String name, String kind, RealRun real, String variant, List<String> metrics) {
        public Change {
            metrics = List.copyOf(metrics);
        }
    }

    /**
     * A compared figure.
     *
     * @param name      as the table prints it
     * @param unit      its unit
     * @param tolerance when the simulated figure is {@code ok}
     */
    public record Metric(String name, String unit, Tolerance tolerance) {
    }

    /** One repetition on the real kernel: metric name to value (a metric may be missing: NaN). */
    @FunctionalInterface
    public interface RealRun {
        Map<String, Double> once(RealContext context);
    }

    /**
     * The simulated side: an experiment of one cell on the host profile with the eevdf engine.
     *
     * @param declarations .sched declarations the case needs besides the standard library (may be empty)
     * @param workload     the experiment's {@code workload} line argument ({@code threads_c(nthreads = 64)})
     * @param duration     simulated time ({@code 1 s})
     * @param warmup       simulated first, excluded from the metrics ({@code 0 ms} for none)
     * @param simMetrics   the runner's metrics to read ({@code work}, {@code elapsed}, ...)
     * @param convert      from those (name to value, in the runner's units) to the case's metrics; a metric the
     *                     model has no figure for is absent
     */
    public record Simulated(String declarations, String workload, String duration, String warmup,
            List<String> simMetrics, Function<Map<String, Double>, Map<String, Double>> convert) {
        public Simulated {
            simMetrics = List.copyOf(simMetrics);
        }
    }
}
