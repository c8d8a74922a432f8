package org.schedlab.dsl.ui;

import java.util.List;

import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.ServiceLoaderEngineCatalog;
import org.schedlab.sim.spi.SchedulerEngine;

/**
 * The scheduler engines of the running workbench: the Declarative Services registered under {@link SchedulerEngine},
 * looked up on every call (so an engine bundle started later is seen), or {@link java.util.ServiceLoader} outside
 * OSGi. A thin front for {@link ServiceLoaderEngineCatalog}, shared with the command line.
 */
public final class InstalledEngines {

	private static final ServiceLoaderEngineCatalog CATALOG = new ServiceLoaderEngineCatalog();

	private InstalledEngines() {
	}

	/** @return a catalog that always answers with the engines registered now */
	public static EngineCatalog catalog() {
		return CATALOG;
	}

	/** @return the engines registered now, sorted by id */
	public static List<SchedulerEngine> find() {
		return CATALOG.engines();
	}

	/**
	 * Waits up to {@code millis} for Declarative Services to register at least one engine (right after start-up).
	 *
	 * @return the engines registered then
	 */
	public static List<SchedulerEngine> await(long millis) {
		return CATALOG.awaitServices(millis).engines();
	}
}
