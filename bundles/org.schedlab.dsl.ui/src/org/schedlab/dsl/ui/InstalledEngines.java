package org.schedlab.dsl.ui;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.sim.spi.Engines;
import org.schedlab.sim.spi.SchedulerEngine;

/**
 * The scheduler engines of the running workbench: the Declarative Services registered under {@link SchedulerEngine},
 * looked up on every call (so an engine bundle started later is seen), or {@link Engines#discover()} outside OSGi.
 */
public final class InstalledEngines {

	private InstalledEngines() {
	}

	/** @return a catalog that always answers with the engines registered now */
	public static EngineCatalog catalog() {
		return InstalledEngines::find;
	}

	/** @return the engines registered now, sorted by id */
	public static List<SchedulerEngine> find() {
		Bundle bundle = FrameworkUtil.getBundle(InstalledEngines.class);
		BundleContext context = bundle == null ? null : bundle.getBundleContext();
		if (context == null) {
			return Engines.discover();
		}
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

	/**
	 * Waits up to {@code millis} for Declarative Services to register at least one engine (right after start-up).
	 *
	 * @return the engines registered then
	 */
	public static List<SchedulerEngine> await(long millis) {
		long deadline = System.currentTimeMillis() + millis;
		List<SchedulerEngine> engines = find();
		while (engines.isEmpty() && System.currentTimeMillis() < deadline) {
			try {
				Thread.sleep(50);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				break;
			}
			engines = find();
		}
		return engines;
	}
}
