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
