/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import java.util.List;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.machine.Arch;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.CostTable;
import org.schedlab.sim.machine.IdlePolicy;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.workload.Workload;

/** Shortcuts for the kernel's tests: runs with invariant checking on, a 1 GHz machine of round costs. */
final class Sims {
    private Sims() {
    }

    /** Runs {@code w} on the round-robin engine with invariants on. */
    static SimResult rr(MachineProfile m, Workload w, long ns) {
        return Simulation.run(SimConfig.builder().machine(m).engine(new RoundRobinEngine()).workload(w)
                .duration(ns).seed(1).checkInvariants(true).build());
    }

    /** Runs {@code w} on {@code e} with invariants on. */
    static SimResult run(SchedulerEngine e, MachineProfile m, Workload w, long ns) {
        return Simulation.run(SimConfig.builder().machine(m).engine(e).workload(w).duration(ns).seed(1)
                .checkInvariants(true).build());
    }

    /** A 1000 MHz machine (cycles = ns) whose every cost is {@code dflt}, HZ 100, halting idle. */
    static MachineProfile flat(int cpus, long dflt) {
        CostTable.Builder b = CostTable.builder();
        for (CostKey k : CostKey.values()) {
            b.set(k, dflt, "test");
        }
        // not the cost of a path: no work of the machine's own, every CPU at its clock; no measured refill curve
        // (CACHE_REFILL alone, on lat_ctx's shape)
        for (CostKey k : new CostKey[] { CostKey.BACKGROUND_INTERVAL, CostKey.BACKGROUND_RUN, CostKey.CPU_SPEED_WINDOW,
                CostKey.CPU_SPEED_SPREAD, CostKey.CACHE_REFILL_8, CostKey.CACHE_REFILL_32, CostKey.CACHE_REFILL_256,
                CostKey.CACHE_REFILL_1024 }) {
            b.set(k, 0, "test");
        }
        return new MachineProfile("flat", "test machine", Arch.I386, 1000, 100, cpus, 1, 256, IdlePolicy.HALT,
                b.build());
    }

    /** A one-version engine with id {@code id} whose schedulers {@code factory} makes. */
    static SchedulerEngine engine(String id, java.util.function.Function<Kernel, Scheduler> factory) {
        EngineInfo info = new EngineInfo(id, "test engine " + id, List.of("1"), List.of(), List.of());
        return new SchedulerEngine() {
            @Override
            public EngineInfo info() {
                return info;
            }

            @Override
            public Scheduler create(SchedulerConfig config, Kernel kernel) {
                return factory.apply(kernel);
            }
        };
    }

    /** The round-robin scheduler for {@code kernel}, to wrap in a test engine. */
    static Scheduler rrScheduler(Kernel kernel) {
        return new RoundRobinEngine().create(SchedulerConfig.of("1.0"), kernel);
    }
}
