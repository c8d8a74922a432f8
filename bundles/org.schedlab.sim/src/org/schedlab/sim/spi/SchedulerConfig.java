/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.spi;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Per-run engine configuration: which version, which patches, which tunable overrides.
 * Collections are copied into sorted, unmodifiable forms so that equal configurations print alike.
 *
 * @param version   one of {@link EngineInfo#versions()}
 * @param patches   ids of patches to apply
 * @param tunables  tunable overrides by name (values in the tunable's unit, as text)
 */
public record SchedulerConfig(String version, Set<String> patches, Map<String, String> tunables) {
    public SchedulerConfig {
        Objects.requireNonNull(version, "version");
        patches = java.util.Collections.unmodifiableSet(new TreeSet<>(patches));
        tunables = java.util.Collections.unmodifiableMap(new TreeMap<>(tunables));
    }

    /** @return a configuration of {@code version} with no patches and default tunables */
    public static SchedulerConfig of(String version) {
        return new SchedulerConfig(version, Set.of(), Map.of());
    }

    /** @return true when the patch with this id is applied */
    public boolean has(String patchId) {
        return patches.contains(patchId);
    }

    /** @return the tunable's value, or {@code dflt} when it is not overridden */
    public String tunable(String name, String dflt) {
        return tunables.getOrDefault(name, dflt);
    }

    /** @return the tunable parsed as a long, or {@code dflt} when it is not overridden */
    public long tunableLong(String name, long dflt) {
        String v = tunables.get(name);
        return v == null ? dflt : Long.parseLong(v.trim());
    }
}
