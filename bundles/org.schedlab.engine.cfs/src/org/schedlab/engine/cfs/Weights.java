/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

/**
 * Nice levels to load weights and the fixed-point division CFS uses for virtual time
 * (Linux 2.6.24 kernel/sched.c {@code prio_to_weight}, {@code prio_to_wmult},
 * {@code calc_delta_mine}; kernel/sched_fair.c {@code calc_delta_fair}).
 * <p>
 * Each nice step is about 10% of CPU share (weights differ by a factor of about 1.25).
 * The inverse weights are computed here as {@code round(2^32 / w)}, which reproduces
 * the kernel's table; summed run-queue weights get the kernel's on-demand inverse
 * {@code 1 + (2^32 - w/2) / (w + 1)}.
 */
public final class Weights {

    /** Weight of a nice-0 task ({@code NICE_0_LOAD}). */
    public static final long NICE_0_LOAD = 1024;
    /** 2^32, the fixed-point scale of the inverse weights ({@code WMULT_CONST}). */
    static final long WMULT_CONST = 1L << 32;
    static final int WMULT_SHIFT = 32;

    private static final long[] PRIO_TO_WEIGHT = {
        /* -20 */ 88761, 71755, 56483, 46273, 36291,
        /* -15 */ 29154, 23254, 18705, 14949, 11916,
        /* -10 */ 9548, 7620, 6100, 4904, 3906,
        /*  -5 */ 3121, 2501, 1991, 1586, 1277,
        /*   0 */ 1024, 820, 655, 526, 423,
        /*   5 */ 335, 272, 215, 172, 137,
        /*  10 */ 110, 87, 70, 56, 45,
        /*  15 */ 36, 29, 23, 18, 15,
    };
    private static final long[] PRIO_TO_WMULT = new long[PRIO_TO_WEIGHT.length];

    static {
        for (int i = 0; i < PRIO_TO_WEIGHT.length; i++) {
            PRIO_TO_WMULT[i] = Math.round((double) WMULT_CONST / PRIO_TO_WEIGHT[i]);
        }
    }

    private Weights() {
    }

    /** @return the load weight of a SCHED_OTHER task at {@code nice} (clamped to -20..19) */
    public static long weight(int nice) {
        return PRIO_TO_WEIGHT[index(nice)];
    }

    /** @return 2^32 / weight(nice), rounded ({@code prio_to_wmult}) */
    public static long inverseWeight(int nice) {
        return PRIO_TO_WMULT[index(nice)];
    }

    private static int index(int nice) {
        return Math.max(-20, Math.min(19, nice)) + 20;
    }

    /** The on-demand inverse of a summed weight, as {@code calc_delta_mine} computes it. */
    public static long inverseOf(long weight) {
        if (weight <= 0) {
            return WMULT_CONST;
        }
        return 1 + (WMULT_CONST - weight / 2) / (weight + 1);
    }

    /**
     * {@code calc_delta_mine}: {@code delta * weight / lw.weight} in 32.32 fixed point,
     * shifting in two halves when the product would overflow 32 bits of headroom.
     */
    public static long calcDeltaMine(long delta, long weight, long lwWeight, long lwInvWeight) {
        long inv = lwInvWeight != 0 ? lwInvWeight : inverseOf(lwWeight);
        long tmp = delta * weight;
        if (Long.compareUnsigned(tmp, WMULT_CONST) > 0) {
            tmp = srr(srr(tmp, WMULT_SHIFT / 2) * inv, WMULT_SHIFT / 2);
        } else {
            tmp = srr(tmp * inv, WMULT_SHIFT);
        }
        return tmp < 0 ? Long.MAX_VALUE : tmp;
    }

    /** {@code calc_delta_fair}: real time {@code delta} in the virtual time of a weight-{@code w} entity. */
    public static long calcDeltaFair(long delta, long w, long invW) {
        return calcDeltaMine(delta, NICE_0_LOAD, w, invW);
    }

    /** Shift right and round ({@code SRR}). */
    private static long srr(long x, int y) {
        return (x + (1L << (y - 1))) >>> y;
    }
}
