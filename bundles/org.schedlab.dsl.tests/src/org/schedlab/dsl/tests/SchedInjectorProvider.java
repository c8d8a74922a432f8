/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.testing.IInjectorProvider;
import org.schedlab.dsl.QuietLogging;
import org.schedlab.dsl.SchedRuntimeModule;
import org.schedlab.dsl.SchedStandaloneSetup;
import org.schedlab.dsl.translate.EngineCatalog;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.util.Modules;

/**
 * Injector for Xtext's JUnit 5 test support ({@code @InjectWith(SchedInjectorProvider.class)}): the .sched runtime
 * module with the test engines (rr and toy, {@link Sched#ENGINES}), so engine ids, versions, patches and tunables
 * resolve the same way as in the {@link org.schedlab.dsl.SchedLoader} tests.
 * <p>
 * The engines are given twice. {@link EngineCatalog} is bound to them, but EMF keeps one validator per package in its
 * global registry, and the first injector created in the JVM (often {@code SchedLoader}'s, with the ServiceLoader
 * catalog) wins; so every resource set this injector makes (the one {@code ParseHelper} parses into) also carries
 * them attached ({@link EngineCatalog#attach}), which the validator prefers, exactly as {@code SchedLoader} does.
 * <p>
 * Not an {@code IRegistryConfigurator}: the EMF registrations it makes are the ones {@code SchedLoader} makes too,
 * and other tests in the same JVM rely on them, so they are left in place between test classes.
 */
public final class SchedInjectorProvider implements IInjectorProvider {

    private static Injector injector;

    @Override
    public Injector getInjector() {
        return injector();
    }

    static synchronized Injector injector() {
        if (injector == null) {
            QuietLogging.install();
            injector = new SchedStandaloneSetup() {
                @Override
                public Injector createInjector() {
                    return Guice.createInjector(Modules.override(new SchedRuntimeModule())
                            .with(binder -> {
                                binder.bind(EngineCatalog.class).toInstance(Sched.ENGINES);
                                binder.bind(XtextResourceSet.class).to(EngineResourceSet.class);
                            }));
                }
            }.createInjectorAndDoEMFRegistration();
        }
        return injector;
    }

    /** A resource set with the test engines attached: the validator resolves engines against these. */
    public static final class EngineResourceSet extends XtextResourceSet {

        public EngineResourceSet() {
            Sched.ENGINES.attach(this);
        }
    }
}
