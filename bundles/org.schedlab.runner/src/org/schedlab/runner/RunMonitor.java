/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

/**
 * Progress and cancellation of an experiment run. The runner calls {@link #progress} from its worker
 * threads, one call at a time, with a non-decreasing fraction; it polls {@link #isCancelled()} often.
 */
public interface RunMonitor {
    /** A monitor that ignores progress and never cancels. */
    RunMonitor NONE = new RunMonitor() {
        @Override
        public void progress(double fraction, String message) {
        }

        @Override
        public boolean isCancelled() {
            return false;
        }
    };

    /**
     * @param fraction work done, 0..1
     * @param message  what is running or what just finished
     */
    void progress(double fraction, String message);

    /**
     * Called when a run (one cell with one seed) has finished, with the count so far; one call at a time.
     *
     * @param done  runs finished (ok, failed or cancelled)
     * @param total runs of the experiment
     */
    default void runsDone(int done, int total) {
    }

    /** @return true when the run should stop as soon as it can */
    boolean isCancelled();
}
