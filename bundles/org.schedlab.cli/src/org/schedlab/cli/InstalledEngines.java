package org.schedlab.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.schedlab.sim.spi.Engines;
import org.schedlab.sim.spi.SchedulerEngine;

/**
 * The scheduler engines installed in this product: the Declarative Services registered under
 * {@link SchedulerEngine} when running in OSGi, {@link Engines#discover()} (ServiceLoader) otherwise. A
 * third-party engine bundle dropped into the product shows up here with no change to SchedLab.
 */
final class InstalledEngines {

	/** How long to wait for Declarative Services to register the engines after the framework starts. */
	private static final long DS_WAIT_MS = 3000;

	private InstalledEngines() {
	}

	static List<SchedulerEngine> find() {
		Bundle bundle = FrameworkUtil.getBundle(InstalledEngines.class);
		BundleContext context = bundle == null ? null : bundle.getBundleContext();
		if (context == null) {
			return Engines.discover();
		}
		long deadline = System.currentTimeMillis() + DS_WAIT_MS;
		List<SchedulerEngine> engines = fromServices(context);
		while (engines.isEmpty() && System.currentTimeMillis() < deadline) {
			sleep();
			engines = fromServices(context);
		}
		return engines;
	}

	private static List<SchedulerEngine> fromServices(BundleContext context) {
		List<SchedulerEngine> engines = new ArrayList<>();
		try {
			Collection<ServiceReference<SchedulerEngine>> refs = context.getServiceReferences(SchedulerEngine.class,
					null);
			for (ServiceReference<SchedulerEngine> ref : refs) {
				SchedulerEngine engine = context.getService(ref);
				if (engine != null) {
					engines.add(engine);
				}
			}
		} catch (InvalidSyntaxException e) {
			throw new IllegalStateException(e);
		}
		engines.sort(Comparator.comparing(e -> e.info().id()));
		return engines;
	}

	private static void sleep() {
		try {
			Thread.sleep(50);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}
}
