package org.schedlab.sim.metrics;

/**
 * Per-CPU time split (ns); the four parts add up to the CPU's accounted time.
 *
 * @param cpu      CPU id
 * @param userNs   user mode
 * @param kernelNs kernel paths without lock spinning
 * @param spinNs   spinning on held kernel spinlocks (kernel-mode time, kept apart so contention shows)
 * @param idleNs   idle loop (polling or halted)
 */
public record CpuResult(int cpu, long userNs, long kernelNs, long spinNs, long idleNs) {
    /** @return kernel-mode time: kernel paths plus spinning */
    public long kernelModeNs() {
        return kernelNs + spinNs;
    }

    /** @return user + kernel + spin */
    public long busyNs() {
        return userNs + kernelNs + spinNs;
    }

    /** @return busy + idle */
    public long totalNs() {
        return busyNs() + idleNs;
    }
}
