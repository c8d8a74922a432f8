/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.spi;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an engine declares about itself.
 *
 * @param id       stable id used in experiment files ({@code rr}, {@code goodness}, {@code cfs}, {@code o1})
 * @param title    human-readable title
 * @param versions kernel versions the engine models; the first is the default
 * @param tunables tunables with defaults and units
 * @param patches  patches the engine can apply
 * @param counters the engine counters its schedulers report ({@code Metrics.engineCounter}); experiments may
 *                 name them as metrics
 */
public record EngineInfo(String id, String title, List<String> versions,
                         List<TunableInfo> tunables, List<PatchInfo> patches, List<String> counters) {
    public EngineInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        versions = List.copyOf(versions);
        tunables = List.copyOf(tunables);
        patches = List.copyOf(patches);
        counters = List.copyOf(counters);
    }

    /** An engine that reports no counters of its own. */
    public EngineInfo(String id, String title, List<String> versions, List<TunableInfo> tunables,
                      List<PatchInfo> patches) {
        this(id, title, versions, tunables, patches, List.of());
    }

    /** @return the patch with this id, if the engine offers it */
    public Optional<PatchInfo> patch(String patchId) {
        return patches.stream().filter(p -> p.id().equals(patchId)).findFirst();
    }

    /** @return the tunable with this name, if the engine has it */
    public Optional<TunableInfo> tunable(String name) {
        return tunables.stream().filter(t -> t.name().equals(name)).findFirst();
    }
}
