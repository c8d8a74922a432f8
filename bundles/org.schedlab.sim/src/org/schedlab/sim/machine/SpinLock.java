/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.machine;


/**
 * A kernel spinlock as a reservation on the CPUs' timelines: it is free from {@link #releasedAt()} on.
 * Acquisition is test-and-set (unfair): there is no queue; whoever's path reaches it first after the
 * release takes it. Contention statistics are kept here; the kernel's bookkeeping methods are package-private
 * (reached through {@link #kernelOps()}).
 */
public final class SpinLock {
    private static final int RELEASES = 32;
    private final String name;
    private final long[] releases = new long[RELEASES];
    private int releaseCount;
    private org.schedlab.sim.memory.CacheLine line;
    private int holder = -1;
    private int lastHolder = -1;
    private long releasedAt;
    private long acquiredAt;
    private long acquisitions;
    private long contended;
    private long spinNs;
    private long holdNs;

    /**
     * The methods of this class that only the simulation kernel may call, as one handle ({@link #kernelOps()}).
     * Not API: an engine cannot obtain it.
     */
    public interface KernelOps {
        void setLine(SpinLock l, org.schedlab.sim.memory.CacheLine line);

        void acquired(SpinLock l, int cpu, long t, long spun);

        void released(SpinLock l, long t);
    }

    private static final java.util.concurrent.atomic.AtomicBoolean KERNEL_OPS_TAKEN =
            new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * Hands the kernel-only methods to the simulation kernel, which takes them once when it is loaded
     * (org.schedlab.sim.internal); every later call throws. Not API.
     *
     * @throws IllegalStateException when they were taken already
     */
    public static KernelOps kernelOps() {
        if (!KERNEL_OPS_TAKEN.compareAndSet(false, true)) {
            throw new IllegalStateException("SpinLock's kernel operations are taken already");
        }
        return new KernelOps() {
            @Override
            public void setLine(SpinLock l, org.schedlab.sim.memory.CacheLine line) {
                l.setLine(line);
            }

            @Override
            public void acquired(SpinLock l, int cpu, long t, long spun) {
                l.acquired(cpu, t, spun);
            }

            @Override
            public void released(SpinLock l, long t) {
                l.released(t);
            }
        };
    }

    public SpinLock(String name) {
        this.name = name;
    }

    /** @return the lock's name (runqueue_lock, rq_lock[3], ...) */
    public String name() {
        return name;
    }

    /** @return the CPU holding it, or -1 */
    public int holder() {
        return holder;
    }

    /** @return the cursor time of the last release */
    public long releasedAt() {
        return releasedAt;
    }

    /** @return acquisitions so far */
    public long acquisitions() {
        return acquisitions;
    }

    /** @return acquisitions that found the lock held and spun */
    public long contended() {
        return contended;
    }

    /** @return total time spent spinning on it, ns */
    public long spinNs() {
        return spinNs;
    }

    /** @return total time it was held, ns */
    public long holdNs() {
        return holdNs;
    }

    /** @return the CPU that held it last (for the cache-line transfer cost), or -1 */
    public int lastHolder() {
        return lastHolder;
    }

    /** @return the cache line of the lock word (null without a memory model) */
    public org.schedlab.sim.memory.CacheLine line() {
        return line;
    }

    /**
     * @return how many times the lock changed hands strictly between {@code from} and {@code to} among its
     *         last 32 releases: the hand-overs a CPU spinning over that interval watched
     */
    public int releasesBetween(long from, long to) {
        int n = 0;
        for (int i = Math.min(releaseCount, RELEASES) - 1; i >= 0; i--) {
            long r = releases[i];
            if (r > from && r < to) {
                n++;
            }
        }
        return n;
    }

    // ---- simulation kernel only ---------------------------------------------------------------

    /** Simulation kernel: gives the lock word its cache line. */
    void setLine(org.schedlab.sim.memory.CacheLine l) {
        this.line = l;
    }

    /** Simulation kernel: records an acquisition by {@code cpu} at {@code t} after spinning {@code spun} ns. */
    void acquired(int cpu, long t, long spun) {
        holder = cpu;
        acquiredAt = t;
        acquisitions++;
        if (spun > 0) {
            contended++;
            spinNs += spun;
        }
    }

    /** Simulation kernel: records the release at {@code t}. */
    void released(long t) {
        holdNs += t - acquiredAt;
        lastHolder = holder;
        holder = -1;
        releasedAt = t;
        releases[releaseCount++ & (RELEASES - 1)] = t;
    }

    @Override
    public String toString() {
        return name;
    }
}
