package org.schedlab.cli;

import java.util.List;

import org.schedlab.dsl.translate.ServiceLoaderEngineCatalog;
import org.schedlab.sim.spi.SchedulerEngine;

/**
 * The scheduler engines installed in this product: the Declarative Services registered under
 * {@link SchedulerEngine} when running in OSGi (plus the ServiceLoader ones), {@link java.util.ServiceLoader}
 * otherwise. A third-party engine bundle dropped into the product shows up here with no change to SchedLab.
 */
final class InstalledEngines {

	/** How long to wait for Declarative Services to register the engines after the framework starts. */
	private static final long DS_WAIT_MS = 3000;

	private InstalledEngines() {
	}

	static List<SchedulerEngine> find() {
		return new ServiceLoaderEngineCatalog().awaitServices(DS_WAIT_MS).engines();
	}
}
