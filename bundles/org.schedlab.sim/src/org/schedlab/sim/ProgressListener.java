/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim;

/** Receives progress of a run, at most about 100 times per run, on the simulating thread. */
@FunctionalInterface
public interface ProgressListener {
    /** A listener that ignores progress. */
    ProgressListener NONE = (simulatedNs, totalNs) -> {
    };

    /**
     * @param simulatedNs simulated time reached
     * @param totalNs     the run's simulated duration
     */
    void progress(long simulatedNs, long totalNs);
}
