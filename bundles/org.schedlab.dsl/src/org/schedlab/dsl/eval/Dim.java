/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.eval;

/** The dimension of a value in a .sched file; each has one base unit the evaluator computes in. */
public enum Dim {
    /** A plain number (counts, nice values, parameters without a unit). */
    NONE("a plain number", ""),
    /** Time, in nanoseconds: ns, us, ms, s. */
    TIME("a time", "ns"),
    /** Frequency, in Hz: Hz, kHz, MHz, GHz. */
    FREQUENCY("a frequency", "Hz"),
    /** Size, in bytes: B, KB, MB. */
    SIZE("a size", "B"),
    /** CPU cycles. */
    CYCLES("a cycle count", "cycles");

    private final String words;
    private final String baseUnit;

    Dim(String words, String baseUnit) {
        this.words = words;
        this.baseUnit = baseUnit;
    }

    /** @return how a message names this dimension: "a time" */
    public String words() {
        return words;
    }

    /** @return the unit values of this dimension are computed in */
    public String baseUnit() {
        return baseUnit;
    }

    /** @return example units for messages: "ns, us, ms or s" */
    public String units() {
        return switch (this) {
            case NONE -> "no unit";
            case TIME -> "ns, us, ms or s";
            case FREQUENCY -> "Hz, kHz, MHz or GHz";
            case SIZE -> "B, KB or MB";
            case CYCLES -> "cycles";
        };
    }
}
