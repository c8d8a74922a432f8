/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskStats;

/**
 * The cache refill a switched-in task pays for the footprint (task_struct, kernel stack, page-table and user
 * lines) that the tasks run on its CPU since its last run have evicted. The distance is the number of other
 * switches on that CPU in between (idle excluded); a task that last ran on another CPU is cold, one that never
 * ran (a fresh fork, whose copy the fork cost already paid) is not.
 *
 * <p>The shape is the growth of lmbench lat_ctx 0K with the number of processes in the ring on a 550 MHz P6
 * under 2.4.17 (docs/costs.md, [T2]): 3.03 / 3.55 / 4.41 / 4.78 / 7.29 / 8.37 us at 2 / 4 / 8 /
 * 16 / 32 / 64 processes. Reading N processes as a reuse distance of N - 1, the extra over the 2-process ring
 * is 0, 10 %, 26 %, 33 %, 80 % and 100 % of {@link CostKey#CACHE_REFILL} (the 64-process extra) at distance
 * 1, 3, 7, 15, 31 and 63, interpolated on log2 of the distance and flat beyond. Departures: lat_ctx rings
 * are processes (one mm each); the same curve is used for threads of one mm; the 2-way machine's rings are
 * read as if on one CPU.
 *
 * <p>A machine whose profile measures its own curve (profile-host: rings of 8, 32, 128, 256 and 1024 tasks yielding
 * on one CPU against a ring of 2, {@link CostKey#CACHE_REFILL_8} and the keys after it) pays, at distance N - 1,
 * what its ring of N tasks cost per switch beyond the ring of 2, interpolated on log2 of the distance between
 * the measured rings (0 at distance 1) and flat beyond 1023: its caches' sizes set the knees, not the P6's.
 * A task that last ran on another CPU pays the 128-task ring's extra (CACHE_REFILL), as before.
 *
 * <p>With the memory model on, the footprint is the same number of lines ({@code CACHE_REFILL} over the memory
 * latency in cycles: about 25 on the PIII-700), each read from memory as one transaction on the CPU's bus, so
 * a refill waits for the bus like every other miss and loads it for the other CPUs.
 */
final class CacheRefill {
    private static final long[] DISTANCE = {1, 3, 7, 15, 31, 63};
    private static final double[] FRACTION = {0, 0.52 / 5.34, 1.38 / 5.34, 1.75 / 5.34, 4.26 / 5.34, 1.0};
    /** {@link #fraction} at every distance up to the last point (the curve is flat beyond), computed once. */
    private static final double[] BY_DISTANCE = new double[(int) DISTANCE[DISTANCE.length - 1] + 1];

    static {
        for (int d = 0; d < BY_DISTANCE.length; d++) {
            BY_DISTANCE[d] = interpolate(d);
        }
    }

    /** The reuse distances of the measured rings (N tasks: distance N - 1), the first the ring of 2's. */
    private static final long[] RING_DISTANCE = {1, 7, 31, 127, 255, 1023};

    private final KernelImpl k;
    private final long refillCycles;
    private final double footprintLines;
    private final long memCycles;
    private final long[] switches;
    /** The measured curve's extra cycles at every distance up to the largest ring's, or null (lat_ctx's shape). */
    private final double[] ringByDistance;

    CacheRefill(KernelImpl k) {
        this.k = k;
        this.refillCycles = k.costs().cycles(CostKey.CACHE_REFILL);
        this.memCycles = k.costs().cycles(CostKey.MEMORY_LATENCY) * k.machine().profile().mhz() / 1000;
        this.footprintLines = memCycles > 0 ? (double) refillCycles / memCycles : 0;
        this.switches = new long[k.machine().nrCpus()];
        double[] ring = measuredRing(k.costs());
        if (ring == null) {
            this.ringByDistance = null;
        } else {
            this.ringByDistance = new double[(int) RING_DISTANCE[RING_DISTANCE.length - 1] + 1];
            for (int d = 0; d < ringByDistance.length; d++) {
                ringByDistance[d] = ringCycles(ring, d);
            }
        }
    }

    /** @return the measured ring's extra cycles per distance, or null when the profile measures none */
    static double[] measuredRing(org.schedlab.sim.machine.CostTable c) {
        long r8 = c.cycles(CostKey.CACHE_REFILL_8);
        long r32 = c.cycles(CostKey.CACHE_REFILL_32);
        long r256 = c.cycles(CostKey.CACHE_REFILL_256);
        long r1024 = c.cycles(CostKey.CACHE_REFILL_1024);
        if (r8 == 0 && r32 == 0 && r256 == 0 && r1024 == 0) {
            return null;
        }
        return new double[] {0, r8, r32, c.cycles(CostKey.CACHE_REFILL), r256, r1024};
    }

    /**
     * @return the extra cycles at reuse distance {@code d} of the measured {@code ring}: interpolated on log2 of the
     *         distance between two measured rings, 0 up to distance 1, the largest ring's beyond it
     */
    static double ringCycles(double[] ring, long d) {
        if (d <= RING_DISTANCE[0]) {
            return 0;
        }
        for (int i = 1; i < RING_DISTANCE.length; i++) {
            if (d <= RING_DISTANCE[i]) {
                double lo = Math.log(RING_DISTANCE[i - 1] + 1.0);
                double hi = Math.log(RING_DISTANCE[i] + 1.0);
                double at = (Math.log(d + 1.0) - lo) / (hi - lo);
                return ring[i - 1] + at * (ring[i] - ring[i - 1]);
            }
        }
        return ring[ring.length - 1];
    }

    /** {@code next} is being switched in on {@code cpu}: charges its refill and records the run. */
    void switchIn(Cpu cpu, Task next) {
        if (next.isIdleTask()) {
            return;
        }
        TaskStats s = next.stats();
        int c = cpu.id();
        if (ringByDistance != null && s.lastRunCpu == c) {
            long d = switches[c] - s.lastRunSeq - 1;
            refillMeasured(cpu, d < ringByDistance.length ? ringByDistance[(int) Math.max(0, d)]
                    : ringByDistance[ringByDistance.length - 1]);
        } else {
            refillShaped(cpu, s.lastRunCpu < 0 ? 0 : s.lastRunCpu != c ? 1 : fraction(switches[c] - s.lastRunSeq - 1));
        }
        switches[c]++;
        s.lastRunCpu = c;
        s.lastRunSeq = switches[c];
    }

    /** A share {@code f} of CACHE_REFILL: as lines from memory with the memory model on, else charged as cycles. */
    private void refillShaped(Cpu cpu, double f) {
        if (k.memory != null) {
            // the same footprint as lines from memory, each one a transaction on the CPU's bus
            int lines = (int) Math.round(f * footprintLines);
            if (lines > 0) {
                k.chargeStall(cpu, SchedFn.SWITCH, k.memory.refill(cpu.id(), cpu.now(), lines));
            }
        } else {
            long cycles = Math.round(f * refillCycles);
            if (cycles > 0) {
                k.chargeRaw(cpu, SchedFn.SWITCH, cycles);
            }
        }
    }

    /** The measured curve's {@code cycles}: as lines from memory with the memory model on, else charged as they are. */
    private void refillMeasured(Cpu cpu, double cycles) {
        if (k.memory != null) {
            int lines = memCycles > 0 ? (int) Math.round(Math.max(0, cycles) / memCycles) : 0;
            if (lines > 0) {
                k.chargeStall(cpu, SchedFn.SWITCH, k.memory.refill(cpu.id(), cpu.now(), lines));
            }
        } else if (cycles >= 0.5) {
            k.chargeRaw(cpu, SchedFn.SWITCH, Math.round(cycles));
        }
    }

    /** @return the share of the full refill at reuse distance {@code d} (other switches in between) */
    static double fraction(long d) {
        return d < 0 ? FRACTION[0] : d < BY_DISTANCE.length ? BY_DISTANCE[(int) d] : 1.0;
    }

    private static double interpolate(long d) {
        if (d <= DISTANCE[0]) {
            return FRACTION[0];
        }
        for (int i = 1; i < DISTANCE.length; i++) {
            if (d <= DISTANCE[i]) {
                double lo = Math.log(DISTANCE[i - 1] + 1.0);
                double hi = Math.log(DISTANCE[i] + 1.0);
                double at = (Math.log(d + 1.0) - lo) / (hi - lo);
                return FRACTION[i - 1] + at * (FRACTION[i] - FRACTION[i - 1]);
            }
        }
        return 1.0;
    }
}
