/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.eval;

/**
 * A value with a dimension, in the dimension's base unit (ns, Hz, B, cycles).
 *
 * @param value the magnitude in {@link Dim#baseUnit()}
 * @param dim   the dimension
 */
public record Quantity(double value, Dim dim) {

    /** @return a plain number */
    public static Quantity number(double v) {
        return new Quantity(v, Dim.NONE);
    }

    /** @return the value rounded to the nearest long */
    public long asLong() {
        return Math.round(value);
    }

    /** @return true when the value has no fractional part */
    public boolean isWhole() {
        return value == Math.rint(value);
    }

    /** @return the value in {@code unit} (which must have this dimension) */
    public double in(Units.Unit unit) {
        return value / unit.factor();
    }

    /** @return the value as text in its base unit, without a trailing ".0": "700000000 Hz", "12" */
    public String text() {
        String v = isWhole() && Math.abs(value) < 9e15 ? Long.toString(asLong()) : Double.toString(value);
        return dim == Dim.NONE ? v : v + " " + dim.baseUnit();
    }
}
