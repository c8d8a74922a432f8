/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.translate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;
import org.schedlab.sim.spi.SchedulerEngine;

/**
 * The engines registered as OSGi services (Declarative Services), when this bundle runs inside OSGi: one
 * {@link ServiceTracker} for the bundle, opened on first use. The tracker takes each engine service when it is
 * registered and gives it back ({@code ungetService}) when it goes away or the bundle stops ({@link DslActivator}),
 * so a later engine bundle is seen without any lookup loop. Loaded only through {@link ServiceLoaderEngineCatalog},
 * which falls back to {@link java.util.ServiceLoader} when {@code org.osgi.framework} is absent (the packages are
 * imported optionally).
 */
final class OsgiEngines {

    private static ServiceTracker<SchedulerEngine, SchedulerEngine> tracker;

    private OsgiEngines() {
    }

    /** @return the registered engines sorted by id (the highest-ranked service of an id), or null outside OSGi */
    static List<SchedulerEngine> find() {
        ServiceTracker<SchedulerEngine, SchedulerEngine> t = tracker();
        return t == null ? null : snapshot(t);
    }

    /**
     * Blocks until at least one engine service is registered or {@code millis} have passed (the tracker's own wait,
     * woken by the registration; right after the framework starts Declarative Services may still be registering).
     *
     * @return the registered engines then, or null outside OSGi
     */
    static List<SchedulerEngine> await(long millis) {
        ServiceTracker<SchedulerEngine, SchedulerEngine> t = tracker();
        if (t == null) {
            return null;
        }
        try {
            t.waitForService(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return snapshot(t);
    }

    /** Opens the bundle's tracker (idempotent). */
    static synchronized ServiceTracker<SchedulerEngine, SchedulerEngine> open(BundleContext context) {
        if (tracker == null) {
            tracker = new ServiceTracker<>(context, SchedulerEngine.class, null);
            tracker.open();
        }
        return tracker;
    }

    /** Closes the tracker: every engine service it holds is given back. */
    static synchronized void close() {
        if (tracker != null) {
            tracker.close();
            tracker = null;
        }
    }

    private static ServiceTracker<SchedulerEngine, SchedulerEngine> tracker() {
        synchronized (OsgiEngines.class) {
            if (tracker != null) {
                return tracker;
            }
        }
        Bundle bundle = FrameworkUtil.getBundle(OsgiEngines.class);
        BundleContext context = bundle == null ? null : bundle.getBundleContext();
        return context == null ? null : open(context);
    }

    private static List<SchedulerEngine> snapshot(ServiceTracker<SchedulerEngine, SchedulerEngine> t) {
        ServiceReference<SchedulerEngine>[] refs = t.getServiceReferences();
        List<SchedulerEngine> engines = new ArrayList<>();
        if (refs == null) {
            return engines;
        }
        Arrays.sort(refs, Comparator.reverseOrder()); // highest ranking (then oldest) first
        for (ServiceReference<SchedulerEngine> ref : refs) {
            SchedulerEngine e = t.getService(ref);
            if (e != null && engines.stream().noneMatch(x -> x.info().id().equals(e.info().id()))) {
                engines.add(e);
            }
        }
        engines.sort(Comparator.comparing(e -> e.info().id()));
        return engines;
    }
}
