/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import java.util.List;

import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

/**
 * A third-party engine the language knows nothing about: its names (versions, patches, tunables) must work in .sched
 * files through the engine catalog alone. Runs as the round-robin reference engine.
 */
public final class ToyEngine implements SchedulerEngine {

    static final EngineInfo INFO = new EngineInfo("toy", "Toy scheduler (test engine)", List.of("1.0", "2.0"),
            List.of(new TunableInfo("slice_ns", "ns", "10000000", "timeslice"),
                    new TunableInfo("balance", "bool", "1", "balance on idle"),
                    new TunableInfo("ticks", "ticks", "10", "ticks per slice")),
            List.of(new PatchInfo("fast-path-2001", "[PATCH] fast path for yield", "A. Hacker", "2001-05-30",
                    "linux-kernel", "Skips the scan when the yielding task is alone.", List.of("schedule"),
                    List.of("1.0"), false),
                    new PatchInfo("big-lock-2002", "[PATCH] one big lock", "B. Hacker", "2002-01-18", "linux-kernel",
                            "Takes one lock around everything.", List.of("schedule"), List.of("1.0", "2.0"),
                            false)),
            List.of("toy_picks"));

    @Override
    public EngineInfo info() {
        return INFO;
    }

    @Override
    public Scheduler create(SchedulerConfig config, Kernel kernel) {
        return new RoundRobinEngine().create(SchedulerConfig.of("1.0"), kernel);
    }
}
