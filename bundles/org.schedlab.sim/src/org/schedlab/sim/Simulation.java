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
