/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.CostTable;

/**
 * How fast each CPU runs, when the profile measures a virtual CPU's speed varying ({@link CostKey#CPU_SPEED_WINDOW},
 * {@link CostKey#CPU_SPEED_SPREAD}): time is cut into windows of CPU_SPEED_WINDOW, and in each window each CPU runs
 * at a factor of its nominal speed drawn from a lognormal of mean 1 whose coefficient of variation is
 * CPU_SPEED_SPREAD / CPU_SPEED_WINDOW. The factor of a CPU and window is a function of the run's seed, the CPU and
 * the window alone (the order of the draws does not matter). A kernel path of N cycles then takes N / factor
 * cycles' time, and a user computation of N ns of work takes N / factor ns (its factor fixed at its start).
 * Null ({@link #of}) when either key is 0: every CPU at its nominal speed, nothing drawn. When the profile also
 * measures a slow part ({@link CostKey#CPU_SPEED_SLOW_WINDOW}, {@link CostKey#CPU_SPEED_SLOW_SPREAD}: the vCPU's
 * speed over seconds), the factor is the product of the window's and of the slow window's, each a lognormal of mean 1
 * drawn the same way from its own stream; without one, every draw is as before.
 */
final class CpuSpeed {
    /**
     * No CPU runs slower than this or faster than its inverse: a numerical guard against a zero or huge factor, not
     * a model value (for a coefficient of variation up to 0.3 a draw beyond it has a probability below 1e-20; a
     * window the host takes entirely is not modelled).
     */
    static final double FLOOR = 0.05;

    private final long windowNs;
    private final double sigma;
    private final long seed;
    private final long[] window;
    private final double[] factor;
    /** The slow part: its window (0: none), spread, stream, and each CPU's current slow window and factor. */
    private final long slowWindowNs;
    private final double slowSigma;
    private final long slowSeed;
    private final long[] slowWindow;
    private final double[] slowFactor;
    /** The factor a CPU's user segment started at, for its progress when cut. */
    private final double[] segment;

    private CpuSpeed(long windowNs, double cv, long slowWindowNs, double slowCv, long seed, int cpus) {
        this.windowNs = windowNs;
        this.sigma = Math.sqrt(Math.log(1 + cv * cv));
        this.seed = KernelImpl.mix(seed, 0x5bead);
        this.slowWindowNs = slowWindowNs;
        this.slowSigma = Math.sqrt(Math.log(1 + slowCv * slowCv));
        this.slowSeed = KernelImpl.mix(seed, 0x510e);
        this.slowWindow = new long[cpus];
        Arrays.fill(slowWindow, -1);
        this.slowFactor = new double[cpus];
        Arrays.fill(slowFactor, 1);
        this.window = new long[cpus];
        Arrays.fill(window, -1);
        this.factor = new double[cpus];
        this.segment = new double[cpus];
        Arrays.fill(segment, 1);
    }

    /** @return the speed model of a profile, or null when it measures none */
    static CpuSpeed of(CostTable costs, long seed, int cpus) {
        long w = costs.cycles(CostKey.CPU_SPEED_WINDOW);
        long spread = costs.cycles(CostKey.CPU_SPEED_SPREAD);
        long sw = costs.cycles(CostKey.CPU_SPEED_SLOW_WINDOW);
        long sspread = costs.cycles(CostKey.CPU_SPEED_SLOW_SPREAD);
        boolean slow = sw > 0 && sspread > 0;
        return w <= 0 || spread <= 0 ? null : new CpuSpeed(w, spread / (double) w, slow ? sw : 0,
                slow ? sspread / (double) sw : 0, seed, cpus);
    }

    /** @return CPU {@code cpu}'s speed at {@code t}, as a factor of its nominal speed */
    double at(int cpu, long t) {
        long w = Math.max(0, t) / windowNs;
        if (window[cpu] != w) {
            window[cpu] = w;
            SplittableRandom r = new SplittableRandom(KernelImpl.mix(KernelImpl.mix(seed, cpu), w));
            double f = Math.exp(sigma * r.nextGaussian() - sigma * sigma / 2);
            factor[cpu] = Math.max(FLOOR, Math.min(1 / FLOOR, f));
        }
        return slowWindowNs == 0 ? factor[cpu] : Math.max(FLOOR, Math.min(1 / FLOOR, factor[cpu] * slow(cpu, t)));
    }

    /** @return CPU {@code cpu}'s slow factor at {@code t} */
    private double slow(int cpu, long t) {
        long w = Math.max(0, t) / slowWindowNs;
        if (slowWindow[cpu] != w) {
            slowWindow[cpu] = w;
            SplittableRandom r = new SplittableRandom(KernelImpl.mix(KernelImpl.mix(slowSeed, cpu), w));
            slowFactor[cpu] = Math.exp(slowSigma * r.nextGaussian() - slowSigma * slowSigma / 2);
        }
        return slowFactor[cpu];
    }

    /** @return the nominal cycles a path of {@code cycles} takes on {@code cpu} at {@code t} */
    long cycles(int cpu, long t, long cycles) {
        return Math.round(cycles / at(cpu, t));
    }

    /** @return the wall time of a user segment of {@code workNs} starting on {@code cpu} at {@code t} */
    long startUser(int cpu, long t, long workNs) {
        double f = at(cpu, t);
        segment[cpu] = f;
        return Math.max(1, (long) Math.ceil(workNs / f));
    }

    /** @return the work done in {@code wallNs} of the user segment running on {@code cpu} */
    long userWork(int cpu, long wallNs) {
        return Math.round(wallNs * segment[cpu]);
    }
}
