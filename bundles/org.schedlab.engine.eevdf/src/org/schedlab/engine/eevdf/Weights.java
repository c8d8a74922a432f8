/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

/**
 * Nice levels to load weights, and the fixed-point division of virtual time (Linux 6.6 / 6.18
 * kernel/sched/core.c {@code sched_prio_to_weight}, {@code sched_prio_to_wmult}; kernel/sched/fair.c
 * {@code __calc_delta}, {@code calc_delta_fair}, {@code __update_inv_weight}).
 * <p>
 * The weight table is the one CFS has used since 2.6.23 (about 1.25 per nice step). On 64-bit kernels
 * {@code load.weight} carries ten extra bits of resolution which {@code scale_load_down} removes before
 * any of the arithmetic modelled here, so the weights below are the table's values. The inverse weights
 * are {@code round(2^32 / w)}, which reproduces the kernel's {@code sched_prio_to_wmult} table.
 */
public final class Weights {

    /** Weight of a nice-0 task after {@code scale_load_down} ({@code NICE_0_LOAD >> SCHED_FIXEDPOINT_SHIFT}). */
    public static final long NICE_0_LOAD = 1024;
    /** {@code WEIGHT_IDLEPRIO}: the weight of a SCHED_IDLE task (3 since Linux 5.x). */
    public static final long WEIGHT_IDLEPRIO = 3;
    /** {@code WMULT_CONST}: ~0U, the fixed-point scale of on-demand inverse weights. */
    static final long WMULT_CONST = 0xFFFF_FFFFL;
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

    private Weights() {
    }

    /** @return the load weight of a SCHED_NORMAL task at {@code nice} (clamped to -20..19) */
    public static long weight(int nice) {
        return PRIO_TO_WEIGHT[Math.max(-20, Math.min(19, nice)) + 20];
    }

    /** @return the inverse weight {@code round(2^32 / w)} ({@code sched_prio_to_wmult}, WMULT_IDLEPRIO) */
    public static long inverse(long w) {
        return Math.round((double) (1L << 32) / Math.max(1, w));
    }

    /**
     * {@code __calc_delta}: {@code delta * weight / lw} where {@code lwInv} is the inverse of {@code lw}
     * (0: computed on demand as {@code WMULT_CONST / lw}). The factor is shifted down until it fits 32 bits,
     * then the product is taken in 96-bit precision ({@code mul_u64_u32_shr}).
     */
    public static long calcDelta(long delta, long weight, long lw, long lwInv) {
        long inv = lwInv != 0 ? lwInv : (lw <= 0 ? WMULT_CONST : WMULT_CONST / lw);
        long fact = weight;
        int shift = WMULT_SHIFT;
        while ((fact >>> 32) != 0) {
            fact >>>= 1;
            shift--;
        }
        fact *= inv;
        while ((fact >>> 32) != 0) {
            fact >>>= 1;
            shift--;
        }
        return mulShr(delta, fact, shift);
    }

    /** {@code calc_delta_fair}: real time {@code delta} in the virtual time of an entity of weight {@code w}. */
    public static long calcDeltaFair(long delta, long w, long invW) {
        if (w == NICE_0_LOAD) {
            return delta;
        }
        return calcDelta(delta, NICE_0_LOAD, w, invW);
    }

    /** {@code mul_u64_u32_shr}: {@code (a * mul) >> shift} without overflow, for {@code a >= 0}. */
    static long mulShr(long a, long mul, int shift) {
        long hi = Math.multiplyHigh(a, mul);
        long lo = a * mul;
        if (shift == 0) {
            return lo;
        }
        return (hi << (64 - shift)) | (lo >>> shift);
    }
}
