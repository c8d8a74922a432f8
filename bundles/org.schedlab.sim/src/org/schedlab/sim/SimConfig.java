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
 * @param machine          machine profile (CPU count, costs, idle loop)
 * @param engine           scheduler engine
 * @param scheduler        engine version, patches, tunables
 * @param workload         tasks at boot
 * @param durationNs       simulated time to run
 * @param seed             seed of every random stream of the run
 * @param checkInvariants  check the invariants while running (on in every test)
 * @param traceLimit       schedule-trace records to keep (0: no trace)
 */
public record SimConfig(MachineProfile machine, SchedulerEngine engine, SchedulerConfig scheduler,
                        Workload workload, long durationNs, long seed, boolean checkInvariants, int traceLimit) {
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
    }

    /** @return a builder with invariants on, no trace, seed 1 and one simulated second */
    public static Builder builder() {
        return new Builder();
    }

    /** @return this configuration with another seed */
    public SimConfig withSeed(long newSeed) {
        return new SimConfig(machine, engine, scheduler, workload, durationNs, newSeed, checkInvariants, traceLimit);
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

        public Builder duration(long ns) {
            this.durationNs = ns;
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
                    traceLimit);
        }
    }
}
