/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.event;

/**
 * An event in the {@link EventQueue}. Events are long-lived, reusable objects (one per CPU for its user
 * segment, one per task for its sleep timer, ...): scheduling one that is already queued moves it.
 * Ties on time are broken by the order in which events were scheduled, so runs are reproducible.
 */
public abstract class SimEvent {
    long time;
    long seq;
    int heapIndex = -1;

    /** Runs the event; {@code now} is its time. */
    public abstract void fire(long now);

    /** @return the time it is scheduled for (meaningful while {@link #isScheduled()}) */
    public final long time() {
        return time;
    }

    /** @return true while it is in a queue */
    public final boolean isScheduled() {
        return heapIndex >= 0;
    }
}
