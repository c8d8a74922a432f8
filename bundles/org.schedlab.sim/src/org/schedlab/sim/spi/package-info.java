/**
 * The engine SPI: an engine is a {@link org.schedlab.sim.spi.SchedulerEngine} registered as an OSGi
 * Declarative Services component and in {@code META-INF/services}; per run it creates a
 * {@link org.schedlab.sim.spi.Scheduler} whose hooks are named after the kernel's entry points, and it
 * charges cycles and takes locks through the {@link org.schedlab.sim.spi.Kernel}. Engines pass
 * {@code org.schedlab.sim.testing.EngineContractTest}.
 */
package org.schedlab.sim.spi;
