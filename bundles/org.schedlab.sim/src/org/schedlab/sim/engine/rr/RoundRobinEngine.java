/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.engine.rr;

import java.util.List;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

/**
 * The plain round-robin reference engine (id {@code rr}): one global FIFO run queue under one spinlock,
 * a fixed timeslice in ticks, wakeups to the tail and onto an idle CPU, no priorities, no wakeup
 * preemption. Not a Linux scheduler: it exists so that the simulation kernel can be tested and
 * benchmarked without the Linux engines.
 */
public final class RoundRobinEngine implements SchedulerEngine {
    /** The engine id. */
    public static final String ID = "rr";
    /** Tunable: timeslice in timer ticks. */
    public static final String TIMESLICE = "timeslice_ticks";

    private static final EngineInfo INFO = new EngineInfo(ID, "Round robin (reference engine)", List.of("1.0"),
            List.of(new TunableInfo(TIMESLICE, "ticks", "10", "timer ticks a task runs before the next one")),
            List.of());

    @Override
    public EngineInfo info() {
        return INFO;
    }

    @Override
    public Scheduler create(SchedulerConfig config, Kernel kernel) {
        if (!INFO.versions().contains(config.version())) {
            throw new IllegalArgumentException("rr has no version " + config.version());
        }
        if (!config.patches().isEmpty()) {
            throw new IllegalArgumentException("rr has no patches: " + config.patches());
        }
        for (String name : config.tunables().keySet()) {
            if (INFO.tunable(name).isEmpty()) {
                throw new IllegalArgumentException("rr has no tunable " + name);
            }
        }
        int slice = (int) config.tunableLong(TIMESLICE, 10);
        if (slice < 1) {
            throw new IllegalArgumentException(TIMESLICE + " must be at least 1");
        }
        return new RoundRobinScheduler(kernel, slice);
    }
}
