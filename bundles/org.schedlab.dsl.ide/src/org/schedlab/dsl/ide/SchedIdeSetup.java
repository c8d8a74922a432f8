package org.schedlab.dsl.ide;

import org.eclipse.xtext.util.Modules2;
import org.schedlab.dsl.SchedRuntimeModule;
import org.schedlab.dsl.SchedStandaloneSetup;

import com.google.inject.Guice;
import com.google.inject.Injector;

/** Creates the injector of the IDE-neutral services (runtime module plus {@link SchedIdeModule}). */
public class SchedIdeSetup extends SchedStandaloneSetup {

	@Override
	public Injector createInjector() {
		return Guice.createInjector(Modules2.mixin(new SchedRuntimeModule(), new SchedIdeModule()));
	}
}
