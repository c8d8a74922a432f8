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
import java.util.Comparator;
import java.util.List;

import org.schedlab.sim.spi.Engines;
import org.schedlab.sim.spi.SchedulerEngine;

import com.google.inject.Singleton;

/**
 * The default catalog. Inside OSGi: the engines registered as services now (one
 * {@link org.osgi.util.tracker.ServiceTracker} for the bundle follows registrations, so an engine bundle started
 * later is seen), plus those {@link java.util.ServiceLoader} finds (the reference engine {@code rr}).
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
     * Right after the framework starts, Declarative Services may not have registered the engines yet: blocks until
     * the engine tracker sees at least one engine service, at most {@code millis} (returns at once outside OSGi, and
     * at once when an engine is registered already).
     *
     * @return this catalog
     */
    public ServiceLoaderEngineCatalog awaitServices(long millis) {
        try {
            OsgiEngines.await(millis);
        } catch (LinkageError e) {
            // org.osgi.framework is not on the class path: plain Java, nothing to wait for
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
