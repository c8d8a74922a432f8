/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.translate;

import java.util.List;

import org.schedlab.sim.spi.SchedulerEngine;

/**
 * The scheduler engines installed in this product, one catalogue for the command line, the editor, the runner and
 * the views: the Declarative Services registered under {@link SchedulerEngine}, followed by one
 * {@link org.osgi.util.tracker.ServiceTracker} (so an engine bundle started later is seen, and every service taken is
 * given back when it goes away), plus those {@link java.util.ServiceLoader} finds; outside OSGi, ServiceLoader only
 * ({@link ServiceLoaderEngineCatalog}). A third-party engine bundle dropped into the product shows up here with no
 * change to SchedLab.
 */
public final class InstalledEngines {

    /** How long {@link #started()} waits for Declarative Services to register the engines after the framework starts. */
    public static final long START_WAIT_MS = 3000;

    private static final ServiceLoaderEngineCatalog CATALOG = new ServiceLoaderEngineCatalog();

    private InstalledEngines() {
    }

    /** @return a catalog that always answers with the engines registered now */
    public static EngineCatalog catalog() {
        return CATALOG;
    }

    /** @return the engines registered now, sorted by id */
    public static List<SchedulerEngine> find() {
        return CATALOG.engines();
    }

    /**
     * Waits up to {@code millis} for Declarative Services to register at least one engine (right after start-up): the
     * tracker's wait, woken by the registration, so it returns at once once an engine is there.
     *
     * @return the engines registered then
     */
    public static List<SchedulerEngine> await(long millis) {
        return CATALOG.awaitServices(millis).engines();
    }

    /** @return the engines, once Declarative Services has registered them (waits up to {@value #START_WAIT_MS} ms) */
    public static List<SchedulerEngine> started() {
        return await(START_WAIT_MS);
    }
}
