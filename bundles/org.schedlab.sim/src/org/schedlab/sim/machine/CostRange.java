/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.machine;

import java.util.Objects;

/**
 * The plausible range of an uncertain ([U]) cost: a statement of how far the value may be off, with the reason,
 * not a fit. {@code schedlab sensitivity} runs each published figure at both ends.
 *
 * @param low    lowest plausible value, in the key's unit
 * @param high   highest plausible value, in the key's unit
 * @param reason why the truth should lie in between
 */
public record CostRange(long low, long high, String reason) {
    public CostRange {
        Objects.requireNonNull(reason, "reason");
        if (low < 0 || high < low) {
            throw new IllegalArgumentException("a cost range needs 0 <= low <= high, not " + low + " .. " + high);
        }
    }

    /** @return true when {@code value} lies in the range (ends included) */
    public boolean contains(long value) {
        return value >= low && value <= high;
    }
}
