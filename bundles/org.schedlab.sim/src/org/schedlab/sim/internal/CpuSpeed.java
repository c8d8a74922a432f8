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
 * drawn the same way from its own stream; without one, every draw is as before. Two more keys shape the slow part
 * as a host that slows a vCPU now and then does: {@link CostKey#CPU_SPEED_SLOW_ALIKE}, the share of slow windows in
 * which every CPU runs at its clock (one draw a window for the whole machine), and
 * {@link CostKey#CPU_SPEED_SLOW_KERNEL_SPREAD}, the slow spread of the kernel's own paths (cycles), drawn with the
 * user code's normal deviate; each 0 leaves the slow part as it was.
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
    /**
     * The slow part: its window (0: none), the user code's and the kernel paths' spreads, the share of windows alike,
     * its stream, and each CPU's current slow window and factors.
     */
    private final long slowWindowNs;
    private final double slowSigma;
    private final double kernelSigma;
    private final boolean kernelOwn;
    private final double alike;
    private final long slowSeed;
    private final long[] slowWindow;
    private final double[] slowFactor;
    private final double[] slowKernel;
    /** The factor a CPU's user segment started at, for its progress when cut. */
    private final double[] segment;

    private CpuSpeed(long windowNs, double cv, Slow slow, long seed, int cpus) {
        this.windowNs = windowNs;
        this.sigma = Math.sqrt(Math.log(1 + cv * cv));
        this.seed = KernelImpl.mix(seed, 0x5bead);
        this.slowWindowNs = slow.windowNs();
        this.slowSigma = Math.sqrt(Math.log(1 + slow.cv() * slow.cv()));
        this.kernelOwn = slow.kernelCv() > 0;
        this.kernelSigma = kernelOwn ? Math.sqrt(Math.log(1 + slow.kernelCv() * slow.kernelCv())) : slowSigma;
        this.alike = slow.alike();
        this.slowSeed = KernelImpl.mix(seed, 0x510e);
        this.slowWindow = new long[cpus];
        Arrays.fill(slowWindow, -1);
        this.slowFactor = new double[cpus];
        Arrays.fill(slowFactor, 1);
        this.slowKernel = new double[cpus];
        Arrays.fill(slowKernel, 1);
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
        Slow slow = sw > 0 && sspread > 0 ? new Slow(sw, sspread / (double) sw,
                costs.cycles(CostKey.CPU_SPEED_SLOW_KERNEL_SPREAD) / (double) sw,
                Math.min(1, costs.cycles(CostKey.CPU_SPEED_SLOW_ALIKE) / (double) sw)) : Slow.NONE;
        return w <= 0 || spread <= 0 ? null : new CpuSpeed(w, spread / (double) w, slow, seed, cpus);
    }

    /**
     * The slow part as the profile gives it.
     *
     * @param windowNs its window (0: no slow part)
     * @param cv       the user code's coefficient of variation in a window whose CPUs run apart
     * @param kernelCv the kernel paths' (0: the user code's factor)
     * @param alike    the share of windows in which every CPU runs at its clock
     */
    private record Slow(long windowNs, double cv, double kernelCv, double alike) {
        static final Slow NONE = new Slow(0, 0, 0, 0);
    }

    /** @return CPU {@code cpu}'s speed for the kernel's paths at {@code t}, as a factor of its nominal speed */
    double at(int cpu, long t) {
        return speed(cpu, t, slowKernel);
    }

    /** @return CPU {@code cpu}'s speed for user code at {@code t} */
    double userAt(int cpu, long t) {
        return speed(cpu, t, slowFactor);
    }

    /** @return the short window's factor times {@code slowOf}'s for the CPU (brought to {@code t}'s window) */
    private double speed(int cpu, long t, double[] slowOf) {
        double f = fast(cpu, t);
        if (slowWindowNs == 0) {
            return f;
        }
        slow(cpu, t);
        return Math.max(FLOOR, Math.min(1 / FLOOR, f * slowOf[cpu]));
    }

    /** @return CPU {@code cpu}'s factor of the short window at {@code t} */
    private double fast(int cpu, long t) {
        long w = Math.max(0, t) / windowNs;
        if (window[cpu] != w) {
            window[cpu] = w;
            SplittableRandom r = new SplittableRandom(KernelImpl.mix(KernelImpl.mix(seed, cpu), w));
            double f = Math.exp(sigma * r.nextGaussian() - sigma * sigma / 2);
            factor[cpu] = Math.max(FLOOR, Math.min(1 / FLOOR, f));
        }
        return factor[cpu];
    }

    /**
     * Brings CPU {@code cpu}'s slow factors to the window of {@code t}: 1 in a window the machine runs alike (one
     * draw a window, the same for every CPU), else the user code's and the kernel paths' lognormals of one normal
     * deviate.
     */
    private void slow(int cpu, long t) {
        long w = Math.max(0, t) / slowWindowNs;
        if (slowWindow[cpu] == w) {
            return;
        }
        slowWindow[cpu] = w;
        if (alike > 0 && new SplittableRandom(KernelImpl.mix(KernelImpl.mix(slowSeed, -1), w)).nextDouble() < alike) {
            slowFactor[cpu] = 1;
            slowKernel[cpu] = 1;
            return;
        }
        SplittableRandom r = new SplittableRandom(KernelImpl.mix(KernelImpl.mix(slowSeed, cpu), w));
        double z = r.nextGaussian();
        slowFactor[cpu] = Math.exp(slowSigma * z - slowSigma * slowSigma / 2);
        slowKernel[cpu] = kernelOwn ? Math.exp(kernelSigma * z - kernelSigma * kernelSigma / 2) : slowFactor[cpu];
    }

    /** @return the nominal cycles a path of {@code cycles} takes on {@code cpu} at {@code t} */
    long cycles(int cpu, long t, long cycles) {
        return Math.round(cycles / at(cpu, t));
    }

    /** @return the wall time of a user segment of {@code workNs} starting on {@code cpu} at {@code t} */
    long startUser(int cpu, long t, long workNs) {
        double f = userAt(cpu, t);
        segment[cpu] = f;
        return Math.max(1, (long) Math.ceil(workNs / f));
    }

    /** @return the work done in {@code wallNs} of the user segment running on {@code cpu} */
    long userWork(int cpu, long wallNs) {
        return Math.round(wallNs * segment[cpu]);
    }
}
