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
