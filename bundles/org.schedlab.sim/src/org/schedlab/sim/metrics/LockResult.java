/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.metrics;

/**
 * Contention on one kernel spinlock.
 *
 * @param name         lock name
 * @param acquisitions times taken
 * @param contended    times it was found held
 * @param spinNs       total spinning, ns
 * @param holdNs       total held, ns
 */
public record LockResult(String name, long acquisitions, long contended, long spinNs, long holdNs) {
    /** @return contended / acquisitions */
    public double contentionRatio() {
        return acquisitions == 0 ? 0 : (double) contended / acquisitions;
    }
}
