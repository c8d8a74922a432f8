/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim;

import org.schedlab.sim.internal.KernelImpl;
import org.schedlab.sim.internal.Runner;

/**
 * Builds and runs one simulated cell: a machine, an engine with its configuration, a workload, a
 * duration and a seed. A {@code Simulation} runs once; runs share nothing, so a runner may execute
 * many in parallel threads.
 */
public final class Simulation {
    private final SimConfig config;
    private boolean used;

    public Simulation(SimConfig config) {
        this.config = config;
    }

    /** Runs to the configured duration. */
    public static SimResult run(SimConfig config) {
        return new Simulation(config).run(ProgressListener.NONE, new Cancellation());
    }

    /**
     * Runs to the configured duration or until {@code cancel} is set.
     *
     * @throws InvariantViolation  when invariant checking is on and one breaks
     * @throws SimulationException when the engine or the workload misbehaves
     */
    public synchronized SimResult run(ProgressListener progress, Cancellation cancel) {
        if (used) {
            throw new IllegalStateException("a Simulation runs once; create another");
        }
        used = true;
        return new Runner(new KernelImpl(config)).run(progress, cancel);
    }
}
