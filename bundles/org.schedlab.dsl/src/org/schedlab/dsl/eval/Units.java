/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.eval;

import java.util.Map;
import java.util.Optional;

/** The unit keywords of the language with their dimension and factor to the dimension's base unit. */
public final class Units {

    /** One unit: {@code ms} is a {@link Dim#TIME} of 1,000,000 ns. */
    public record Unit(String name, Dim dim, double factor) {
    }

    private static final Map<String, Unit> UNITS = Map.ofEntries(
            unit("ns", Dim.TIME, 1), unit("us", Dim.TIME, 1e3), unit("ms", Dim.TIME, 1e6), unit("s", Dim.TIME, 1e9),
            unit("Hz", Dim.FREQUENCY, 1), unit("kHz", Dim.FREQUENCY, 1e3), unit("MHz", Dim.FREQUENCY, 1e6),
            unit("GHz", Dim.FREQUENCY, 1e9), unit("B", Dim.SIZE, 1), unit("KB", Dim.SIZE, 1024),
            unit("MB", Dim.SIZE, 1024 * 1024), unit("cycles", Dim.CYCLES, 1));

    private Units() {
    }

    private static Map.Entry<String, Unit> unit(String name, Dim dim, double factor) {
        return Map.entry(name, new Unit(name, dim, factor));
    }

    /** @return the unit with this keyword */
    public static Optional<Unit> of(String name) {
        return Optional.ofNullable(name == null ? null : UNITS.get(name));
    }

    /**
     * Maps an engine's tunable unit ({@code ns}, {@code us}, {@code ticks}, {@code bool}, {@code Hz}) to the dimension a
     * .sched value must have. Units the language does not know are plain numbers.
     */
    public static Dim dimOfTunableUnit(String unit) {
        return of(unit).map(Unit::dim).orElse(Dim.NONE);
    }
}
