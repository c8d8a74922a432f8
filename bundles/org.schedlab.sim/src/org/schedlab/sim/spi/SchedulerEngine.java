/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.spi;

/**
 * A scheduler engine: the OSGi Declarative Services service and the {@link java.util.ServiceLoader}
 * provider. Stateless; {@link #create} makes one {@link Scheduler} per simulated run.
 */
public interface SchedulerEngine {
    /** @return id, title, versions, tunables and patches */
    EngineInfo info();

    /**
     * Creates the per-run scheduler.
     *
     * @param config version, patches and tunables; unknown ids are an {@link IllegalArgumentException}
     * @param kernel the run's kernel: machine, costs, locks, metrics
     * @return a fresh scheduler for one run
     */
    Scheduler create(SchedulerConfig config, Kernel kernel);
}
