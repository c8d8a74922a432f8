/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.model.results.Run;

/**
 * Where {@link Reproduction} gets its runs: one cell with one seed at a time, when it is ready. {@link RunPool} runs
 * them on the machine's cores; a test may answer at once.
 */
public interface CellRuns {
    /** @return the run of {@code cell} with {@code seed}, recording {@code metrics} (every caller asking gets it) */
    CompletableFuture<Run> submit(CellSpec cell, long seed, List<String> metrics);

    /**
     * The caller no longer needs the run it asked for with {@link #submit} (a figure that settled before the seed it
     * asked for ahead of need): a pool may drop it once no caller wants it, so that it never starts or stops where
     * it is (its future then completes as a cancelled run). Nothing by default.
     */
    default void withdraw(CellSpec cell, long seed, List<String> metrics) {
    }

    /** @return workers with nothing to run: room for a run asked for ahead of need (0: none) */
    default int idleWorkers() {
        return 0;
    }

    /** {@code listener} runs whenever a worker runs out of work (never, by default) */
    default void onIdle(Runnable listener) {
    }
}
