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
