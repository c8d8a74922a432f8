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
