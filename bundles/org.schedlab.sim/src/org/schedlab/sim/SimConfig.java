/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim;

import java.util.Objects;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.workload.Workload;

/**
 * Everything one run needs. Identical configurations give identical {@link SimResult}s on any machine.
 *
 * <p>A run simulates {@code warmupNs + durationNs}. At simulated time {@code warmupNs} the measurement starts
 * over: every figure of the {@link SimResult} (rates, counters, cycles, histogram, run-queue samples, per-task,
 * per-CPU and per-lock figures, phase times) covers {@code [warmupNs, end]} only, and rates divide by the
 * measured time. The schedule trace is the exception: it records from time 0, so a warm-up stays visible.
 *
 * @param machine          machine profile (CPU count, costs, idle loop)
 * @param engine           scheduler engine
 * @param scheduler        engine version, patches, tunables
 * @param workload         tasks at boot
 * @param durationNs       simulated time measured, after the warm-up
 * @param seed             seed of every random stream of the run
 * @param checkInvariants  check the invariants while running (on in every test)
 * @param traceLimit       schedule-trace records to keep (0: no trace)
 * @param warmupNs         simulated time run before the measurement starts (0: measure from boot)
 */
public record SimConfig(MachineProfile machine, SchedulerEngine engine, SchedulerConfig scheduler,
                        Workload workload, long durationNs, long seed, boolean checkInvariants, int traceLimit,
                        long warmupNs) {
    public SimConfig {
        Objects.requireNonNull(machine, "machine");
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(workload, "workload");
        if (durationNs <= 0) {
            throw new IllegalArgumentException("duration must be positive");
        }
        if (traceLimit < 0) {
            throw new IllegalArgumentException("traceLimit must not be negative");
        }
        if (warmupNs < 0) {
            throw new IllegalArgumentException("warm-up must not be negative");
        }
        if (warmupNs > Long.MAX_VALUE - durationNs) {
            throw new IllegalArgumentException("warm-up + duration overflows");
        }
    }

    /** A configuration without warm-up: the measurement starts at boot. */
    public SimConfig(MachineProfile machine, SchedulerEngine engine, SchedulerConfig scheduler, Workload workload,
                     long durationNs, long seed, boolean checkInvariants, int traceLimit) {
        this(machine, engine, scheduler, workload, durationNs, seed, checkInvariants, traceLimit, 0);
    }

    /** @return the simulated time at which the run ends: {@code warmupNs + durationNs} */
    public long endNs() {
        return warmupNs + durationNs;
    }

    /** @return a builder with invariants on, no trace, seed 1, no warm-up and one simulated second */
    public static Builder builder() {
        return new Builder();
    }

    /** @return this configuration with another seed */
    public SimConfig withSeed(long newSeed) {
        return new SimConfig(machine, engine, scheduler, workload, durationNs, newSeed, checkInvariants, traceLimit,
                warmupNs);
    }

    /** @return this configuration measuring {@code ns} of simulated time after the same warm-up */
    public SimConfig withDuration(long ns) {
        return new SimConfig(machine, engine, scheduler, workload, ns, seed, checkInvariants, traceLimit, warmupNs);
    }

    /** @return this configuration keeping up to {@code limit} schedule-trace records (0: no trace) */
    public SimConfig withTraceLimit(int limit) {
        return new SimConfig(machine, engine, scheduler, workload, durationNs, seed, checkInvariants, limit,
                warmupNs);
    }

    /** Builder for {@link SimConfig}. */
    public static final class Builder {
        private MachineProfile machine;
        private SchedulerEngine engine;
        private SchedulerConfig scheduler;
        private Workload workload;
        private long durationNs = Time.S;
        private long seed = 1;
        private boolean checkInvariants = true;
        private int traceLimit;
        private long warmupNs;

        public Builder machine(MachineProfile m) {
            this.machine = m;
            return this;
        }

        /** Sets the engine and its configuration. */
        public Builder engine(SchedulerEngine e, SchedulerConfig c) {
            this.engine = e;
            this.scheduler = c;
            return this;
        }

        /** Sets the engine with its default (first) version, no patches. */
        public Builder engine(SchedulerEngine e) {
            return engine(e, SchedulerConfig.of(e.info().versions().get(0)));
        }

        public Builder workload(Workload w) {
            this.workload = w;
            return this;
        }

        /** Sets the measured simulated time (after the warm-up). */
        public Builder duration(long ns) {
            this.durationNs = ns;
            return this;
        }

        /** Runs {@code ns} of simulated time before the measurement starts (default 0). */
        public Builder warmup(long ns) {
            this.warmupNs = ns;
            return this;
        }

        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        public Builder checkInvariants(boolean on) {
            this.checkInvariants = on;
            return this;
        }

        /** Keeps up to {@code limit} switch and wakeup records (0: off). */
        public Builder trace(int limit) {
            this.traceLimit = limit;
            return this;
        }

        public SimConfig build() {
            return new SimConfig(machine, engine, scheduler, workload, durationNs, seed, checkInvariants,
                    traceLimit, warmupNs);
        }
    }
}
