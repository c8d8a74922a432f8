/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

/**
 * The Linux 2.6.15 O(1) scheduler engine (id {@value #ID}) with the ia64
 * idle-loop variants of seed 004 as patches. Stateless; registered through
 * {@code META-INF/services} and the DS component {@code OSGI-INF/o1-engine.xml}.
 */
public final class O1Engine implements SchedulerEngine {
    /** Engine id. */
    public static final String ID = "o1";
    /** The one kernel version modelled. */
    public static final String VERSION = "2.6.15";
    /** Tunable: HZ override (default: the machine profile's HZ; ia64 defconfig 250). */
    public static final String TUNABLE_HZ = "HZ";

    private static final EngineInfo INFO = buildInfo();

    @Override
    public EngineInfo info() {
        return INFO;
    }

    /**
     * Creates one run. Unknown versions, patches or tunables and two idle-loop
     * patches at once are an {@link IllegalArgumentException}.
     */
    @Override
    public Scheduler create(SchedulerConfig config, Kernel kernel) {
        if (!VERSION.equals(config.version())) {
            throw new IllegalArgumentException("o1 engine models " + VERSION + ", not " + config.version());
        }
        for (String id : config.patches()) {
            if (IdleLoopPatch.byId(id) == null) {
                throw new IllegalArgumentException("unknown o1 patch: " + id);
            }
        }
        for (String name : config.tunables().keySet()) {
            if (!TUNABLE_HZ.equals(name)) {
                throw new IllegalArgumentException("unknown o1 tunable: " + name);
            }
        }
        int hz = (int) config.tunableLong(TUNABLE_HZ, kernel.machine().hz());
        if (hz != kernel.machine().hz()) {
            throw new IllegalArgumentException("HZ " + hz + " differs from the machine's timer ("
                    + kernel.machine().hz() + "); set HZ on the machine profile instead");
        }
        return new O1Scheduler(kernel, hz, IdleLoopPatch.select(config.patches()));
    }

    private static EngineInfo buildInfo() {
        List<PatchInfo> patches = new ArrayList<>();
        for (IdleLoopPatch p : IdleLoopPatch.values()) {
            patches.add(new PatchInfo(p.id(), p.title(), p.author(), p.date(), p.source(), p.description(),
                    List.of(IdleLoopPatch.HOOK), List.of(VERSION), p.extension()));
        }
        List<TunableInfo> tunables = List.of(new TunableInfo(TUNABLE_HZ, "Hz", "machine",
                "timer frequency the jiffy-based timeslices are computed with; must equal the machine's "
                        + "(ia64 defconfig 250, kernel choices 100/250/1000)"));
        return new EngineInfo(ID, "Linux 2.6.15 O(1) scheduler", List.of(VERSION), tunables, patches,
                List.of(O1Scheduler.PATCHED_PATHS));
    }
}
