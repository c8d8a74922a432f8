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
import java.util.Optional;

import org.eclipse.emf.common.notify.Adapter;
import org.eclipse.emf.common.notify.impl.AdapterImpl;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.schedlab.sim.spi.SchedulerEngine;

import com.google.inject.ImplementedBy;

/**
 * The scheduler engines names in a .sched file resolve against: engine ids, versions, patches and tunables all come
 * from {@link SchedulerEngine#info()}, so a third-party engine's names work with no change to the language.
 * <p>
 * Outside OSGi the default is {@link ServiceLoaderEngineCatalog}. In OSGi the caller passes the Declarative Services
 * engines with {@link #of(List)}: to {@code new SchedLoader(catalog)}, to the translator, or attached to a resource
 * set with {@link #attach(ResourceSet)} (the validator prefers an attached catalog over the injected one).
 */
@ImplementedBy(ServiceLoaderEngineCatalog.class)
public interface EngineCatalog {

    /** @return the installed engines, sorted by id */
    List<SchedulerEngine> engines();

    /** @return the engine with this id */
    default Optional<SchedulerEngine> find(String id) {
        return engines().stream().filter(e -> e.info().id().equals(id)).findFirst();
    }

    /** @return the installed engine ids, sorted */
    default List<String> ids() {
        return engines().stream().map(e -> e.info().id()).sorted().toList();
    }

    /** @return a catalog of exactly these engines */
    static EngineCatalog of(List<? extends SchedulerEngine> engines) {
        List<SchedulerEngine> copy = List.copyOf(engines);
        return () -> copy;
    }

    /** Makes this catalog the one the validator uses for every resource of {@code set}. */
    default void attach(ResourceSet set) {
        set.eAdapters().removeIf(a -> a instanceof Holder);
        set.eAdapters().add(new Holder(this));
    }

    /** @return the catalog attached to the resource set of {@code context}, else {@code fallback} */
    static EngineCatalog forContext(EObject context, EngineCatalog fallback) {
        Resource r = context == null ? null : context.eResource();
        ResourceSet set = r == null ? null : r.getResourceSet();
        if (set != null) {
            for (Adapter a : set.eAdapters()) {
                if (a instanceof Holder h) {
                    return h.catalog;
                }
            }
        }
        return fallback;
    }

    /** Carries a catalog on a resource set. */
    final class Holder extends AdapterImpl {
        private final EngineCatalog catalog;

        Holder(EngineCatalog catalog) {
            this.catalog = catalog;
        }
    }
}
