/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim;

import java.util.List;
import java.util.Map;
import org.schedlab.sim.metrics.MetricsSnapshot;
import org.schedlab.sim.metrics.TraceEvent;

/**
 * The outcome of one run. Everything in it is a function of the {@link SimConfig} alone (no wall-clock
 * figures), so equal configurations give equal results.
 *
 * @param status          completed or cancelled
 * @param engineId        engine id
 * @param engineVersion   version simulated
 * @param patches         patches applied
 * @param machineId       machine profile id
 * @param nrCpus          CPUs simulated
 * @param metrics         the figures
 * @param trace           switch and wakeup records (empty unless tracing was on)
 * @param eventsProcessed discrete events handled
 * @param taskNames       names of every task the run created by pid, exited ones included (empty unless tracing
 *                        was on: the trace's pids need them)
 * @param ipis            the reschedule IPIs sent and suppressed (kinds IPI and IPI_SUPPRESSED; empty unless tracing
 *                        was on), apart from {@code trace}
 */
public record SimResult(Status status, String engineId, String engineVersion, List<String> patches,
                        String machineId, int nrCpus, MetricsSnapshot metrics, List<TraceEvent> trace,
                        long eventsProcessed, Map<Integer, String> taskNames, List<TraceEvent> ipis) {
    /** How a run ended. */
    public enum Status {
        COMPLETED, CANCELLED
    }

    public SimResult {
        patches = List.copyOf(patches);
        trace = List.copyOf(trace);
        taskNames = Map.copyOf(taskNames);
        ipis = List.copyOf(ipis);
    }

    /** A result without task names (no trace). */
    public SimResult(Status status, String engineId, String engineVersion, List<String> patches, String machineId,
                     int nrCpus, MetricsSnapshot metrics, List<TraceEvent> trace, long eventsProcessed) {
        this(status, engineId, engineVersion, patches, machineId, nrCpus, metrics, trace, eventsProcessed, Map.of(),
                List.of());
    }

    /** @return the rate of workload counter {@code name} per simulated second (0 when absent) */
    public double rate(String name) {
        return metrics.rate(name);
    }
}
