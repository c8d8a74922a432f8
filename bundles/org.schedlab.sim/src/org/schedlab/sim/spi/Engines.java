/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.spi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** Engine discovery outside OSGi, through {@link ServiceLoader}. */
public final class Engines {
    private Engines() {
    }

    /** @return every engine registered in {@code META-INF/services}, sorted by id */
    public static List<SchedulerEngine> discover() {
        return discover(Engines.class.getClassLoader());
    }

    /** @return every engine visible to {@code loader}, sorted by id */
    public static List<SchedulerEngine> discover(ClassLoader loader) {
        List<SchedulerEngine> engines = new ArrayList<>();
        ServiceLoader.load(SchedulerEngine.class, loader).forEach(engines::add);
        engines.sort(Comparator.comparing(e -> e.info().id()));
        return List.copyOf(engines);
    }

    /** @return the discovered engine with this id */
    public static Optional<SchedulerEngine> byId(String id) {
        return discover().stream().filter(e -> e.info().id().equals(id)).findFirst();
    }
}
