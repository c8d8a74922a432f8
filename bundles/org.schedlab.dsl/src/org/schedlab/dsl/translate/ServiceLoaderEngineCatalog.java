package org.schedlab.dsl.translate;

import java.util.List;

import org.schedlab.sim.spi.Engines;
import org.schedlab.sim.spi.SchedulerEngine;

import com.google.inject.Singleton;

/**
 * The engines {@link java.util.ServiceLoader} finds ({@link Engines#discover()}), looked up once. Outside OSGi (the
 * command line jar, plain tests) this sees every engine on the class path.
 */
@Singleton
public class ServiceLoaderEngineCatalog implements EngineCatalog {

	private volatile List<SchedulerEngine> engines;

	@Override
	public List<SchedulerEngine> engines() {
		List<SchedulerEngine> e = engines;
		if (e == null) {
			e = Engines.discover();
			if (e.isEmpty()) {
				e = Engines.discover(Thread.currentThread().getContextClassLoader());
			}
			engines = e;
		}
		return e;
	}
}
