/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
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
