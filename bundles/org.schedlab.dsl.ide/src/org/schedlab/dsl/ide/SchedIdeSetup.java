/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import org.eclipse.xtext.util.Modules2;
import org.schedlab.dsl.SchedRuntimeModule;
import org.schedlab.dsl.SchedStandaloneSetup;
import org.schedlab.dsl.translate.EngineCatalog;

import com.google.inject.Guice;
import com.google.inject.Injector;

/**
 * Creates the injector of the IDE-neutral services (runtime module plus {@link SchedIdeModule}), optionally with the
 * engines to resolve names against (in OSGi: the Declarative Services engines).
 */
public class SchedIdeSetup extends SchedStandaloneSetup {

    private final EngineCatalog catalog;

    /** Engines from {@link java.util.ServiceLoader}. */
    public SchedIdeSetup() {
        this(null);
    }

    /** @param catalog the installed engines, or null for {@link java.util.ServiceLoader} */
    public SchedIdeSetup(EngineCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public Injector createInjector() {
        if (catalog == null) {
            return Guice.createInjector(Modules2.mixin(new SchedRuntimeModule(), new SchedIdeModule()));
        }
        return Guice.createInjector(Modules2.mixin(new SchedRuntimeModule(), new SchedIdeModule(),
                binder -> binder.bind(EngineCatalog.class).toInstance(catalog)));
    }
}
