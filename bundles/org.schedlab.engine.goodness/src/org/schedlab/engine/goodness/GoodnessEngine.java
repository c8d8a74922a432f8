/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import java.util.Arrays;
import java.util.List;

import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;

/**
 * The goodness() scheduler of Linux 2.2.16, 2.3.5, 2.4.0-2.4.14 and
 * 2.4.15-2.4.18-pre4 with Ivan Schreter's, Bill Hartner's and Davide
 * Libenzi's patches (engine id {@code goodness}). Stateless; registered
 * through ServiceLoader and a DS component.
 */
public final class GoodnessEngine implements SchedulerEngine {
    /** The engine id used in experiment files. */
    public static final String ID = "goodness";

    private static final EngineInfo INFO = new EngineInfo(ID,
            "Linux 2.2/2.4 goodness() scheduler (global run queue, O(n) scan)",
            Arrays.stream(KernelVersion.values()).map(KernelVersion::label).toList(),
            List.of(), PatchDescriptors.all(), List.of(GoodnessScheduler.EVALUATIONS,
                    GoodnessScheduler.RECALCULATIONS, GoodnessScheduler.LINE_MISSES,
                    GoodnessScheduler.PATCHED_PATHS));

    @Override
    public EngineInfo info() {
        return INFO;
    }

    @Override
    public Scheduler create(SchedulerConfig config, Kernel kernel) {
        return new GoodnessScheduler(config, kernel);
    }
}
