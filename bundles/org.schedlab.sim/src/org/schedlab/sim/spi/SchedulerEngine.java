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
