package org.schedlab.dsl.translate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.schedlab.sim.spi.Engines;
import org.schedlab.sim.spi.SchedulerEngine;

import com.google.inject.Singleton;

/**
 * The default catalog. Inside OSGi: the engines registered as services now (looked up on every call, so an engine
 * bundle started later is seen), plus those {@link java.util.ServiceLoader} finds (the reference engine {@code rr}).
 * Outside OSGi (the command line jar, plain tests): {@link Engines#discover()}, looked up once.
 */
@Singleton
public class ServiceLoaderEngineCatalog implements EngineCatalog {

	private volatile List<SchedulerEngine> discovered;

	@Override
	public List<SchedulerEngine> engines() {
		List<SchedulerEngine> d = discovered;
		if (d == null) {
			d = Engines.discover();
			if (d.isEmpty()) {
				d = Engines.discover(Thread.currentThread().getContextClassLoader());
			}
			discovered = d;
		}
		List<SchedulerEngine> osgi = osgi();
		if (osgi == null) {
			return d;
		}
		List<SchedulerEngine> all = new ArrayList<>(osgi);
		for (SchedulerEngine e : d) {
			if (all.stream().noneMatch(x -> x.info().id().equals(e.info().id()))) {
				all.add(e);
			}
		}
		all.sort(Comparator.comparing(e -> e.info().id()));
		return List.copyOf(all);
	}

	/**
	 * Right after the framework starts, Declarative Services may not have registered the engines yet: waits up to
	 * {@code millis} for at least one engine service (returns at once outside OSGi).
	 *
	 * @return this catalog
	 */
	public ServiceLoaderEngineCatalog awaitServices(long millis) {
		long deadline = System.currentTimeMillis() + millis;
		List<SchedulerEngine> osgi = osgi();
		while (osgi != null && osgi.isEmpty() && System.currentTimeMillis() < deadline) {
			try {
				Thread.sleep(50);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				break;
			}
			osgi = osgi();
		}
		return this;
	}

	private static List<SchedulerEngine> osgi() {
		try {
			return OsgiEngines.find();
		} catch (LinkageError e) {
			return null; // org.osgi.framework is not on the class path: plain Java
		}
	}
}
