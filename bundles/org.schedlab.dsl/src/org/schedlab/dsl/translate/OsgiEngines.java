package org.schedlab.dsl.translate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.schedlab.sim.spi.SchedulerEngine;

/**
 * The engines registered as OSGi services (Declarative Services), when this bundle runs inside OSGi. Loaded only
 * through {@link ServiceLoaderEngineCatalog}, which falls back to {@link java.util.ServiceLoader} when
 * {@code org.osgi.framework} is absent (the package is imported optionally).
 */
final class OsgiEngines {

	private OsgiEngines() {
	}

	/** @return the registered engines sorted by id, or null when not running inside OSGi */
	static List<SchedulerEngine> find() {
		Bundle bundle = FrameworkUtil.getBundle(OsgiEngines.class);
		BundleContext context = bundle == null ? null : bundle.getBundleContext();
		if (context == null) {
			return null;
		}
		List<SchedulerEngine> engines = new ArrayList<>();
		try {
			Collection<ServiceReference<SchedulerEngine>> refs = context.getServiceReferences(SchedulerEngine.class,
					null);
			for (ServiceReference<SchedulerEngine> ref : refs) {
				SchedulerEngine e = context.getService(ref);
				if (e != null && engines.stream().noneMatch(x -> x.info().id().equals(e.info().id()))) {
					engines.add(e);
				}
			}
		} catch (InvalidSyntaxException e) {
			throw new IllegalStateException(e);
		}
		engines.sort(Comparator.comparing(e -> e.info().id()));
		return engines;
	}
}
