package org.schedlab.dsl;

import org.eclipse.xtext.scoping.IGlobalScopeProvider;
import org.schedlab.dsl.scoping.SchedGlobalScopeProvider;

/**
 * Guice bindings of the .sched language runtime. The engine catalog the validator resolves engines against is
 * {@link org.schedlab.dsl.translate.EngineCatalog} (ServiceLoader by default; bind another instance in a module, or
 * attach one to a resource set).
 */
public class SchedRuntimeModule extends AbstractSchedRuntimeModule {

	/** Imports by URI plus the implicit standard library. */
	@Override
	public Class<? extends IGlobalScopeProvider> bindIGlobalScopeProvider() {
		return SchedGlobalScopeProvider.class;
	}
}
