/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.workload;

/** A barrier for {@code parties} tasks; the last arrival wakes the others. Holds no run state. */
public final class BarrierPoint {
    private final String name;
    private final int parties;

    public BarrierPoint(String name, int parties) {
        if (parties < 1) {
            throw new IllegalArgumentException("parties must be at least 1");
        }
        this.name = name;
        this.parties = parties;
    }

    public String name() {
        return name;
    }

    public int parties() {
        return parties;
    }

    @Override
    public String toString() {
        return "barrier " + name;
    }
}
