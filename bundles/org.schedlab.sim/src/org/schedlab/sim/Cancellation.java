/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim;

/**
 * A cancellation flag a caller shares with a running simulation. Thread-safe; the simulation polls it
 * every few thousand events and then stops with {@link SimResult.Status#CANCELLED}.
 */
public final class Cancellation {
    private volatile boolean cancelled;

    /** Requests cancellation. */
    public void cancel() {
        cancelled = true;
    }

    /** @return true once {@link #cancel()} was called */
    public boolean isCancelled() {
        return cancelled;
    }
}
