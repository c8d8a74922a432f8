/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceFactory;
import org.osgi.framework.ServiceRegistration;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.sim.spi.SchedulerEngine;

/**
 * The engine catalogue inside OSGi follows service registrations: an engine registered after the catalogue was made
 * is there on the next call, with no wait; once unregistered it is gone, and every service the catalogue took was
 * given back. Runs only inside OSGi (the Tycho test runtime).
 */
public class InstalledEnginesTest {

    /** Hands out the toy engine and counts what the framework asks it for and gives back. */
    private static final class CountingFactory implements ServiceFactory<SchedulerEngine> {
        final AtomicInteger gets = new AtomicInteger();
        final AtomicInteger ungets = new AtomicInteger();

        @Override
        public SchedulerEngine getService(Bundle bundle, ServiceRegistration<SchedulerEngine> registration) {
            gets.incrementAndGet();
            return new ToyEngine();
        }

        @Override
        public void ungetService(Bundle bundle, ServiceRegistration<SchedulerEngine> registration,
                SchedulerEngine service) {
            ungets.incrementAndGet();
        }
    }

    @Test
    public void seesALateEngineAtOnceAndGivesItBack() {
        Bundle bundle = FrameworkUtil.getBundle(InstalledEngines.class);
        BundleContext context = bundle == null ? null : bundle.getBundleContext();
        assertNotNull(context, "the dsl bundle is active in the test runtime");
        EngineCatalog catalog = InstalledEngines.catalog();
        assertFalse(catalog.ids().contains("toy"), "no toy engine before it is registered: " + catalog.ids());

        CountingFactory factory = new CountingFactory();
        ServiceRegistration<?> registration = context.registerService(SchedulerEngine.class.getName(), factory, null);
        try {
            long t0 = System.nanoTime();
            assertTrue(catalog.ids().contains("toy"), "the catalogue made before sees the new engine: " + catalog.ids());
            assertTrue(InstalledEngines.await(5000).stream().anyMatch(e -> e.info().id().equals("toy")));
            assertTrue(System.nanoTime() - t0 < 1_000_000_000L, "no waiting once an engine is registered");
            assertTrue(catalog.find("toy").isPresent());
        } finally {
            registration.unregister();
        }
        assertFalse(catalog.ids().contains("toy"), "gone once unregistered: " + catalog.ids());
        assertEquals(1, factory.gets.get(), "the tracker takes the service once");
        assertEquals(factory.gets.get(), factory.ungets.get(), "every getService has its ungetService");
    }
}
