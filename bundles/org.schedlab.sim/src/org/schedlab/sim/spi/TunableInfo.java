/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.spi;

import java.util.Objects;

/**
 * A scheduler tunable an engine accepts in {@link SchedulerConfig#tunables()}.
 *
 * @param name         the kernel's name where there is one (e.g. {@code sched_latency_ns})
 * @param unit         unit of the value ({@code ns}, {@code ticks}, {@code bool}, ...)
 * @param defaultValue default value as text, in {@code unit}
 * @param description  one sentence
 */
public record TunableInfo(String name, String unit, String defaultValue, String description) {
    public TunableInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(description, "description");
    }
}
