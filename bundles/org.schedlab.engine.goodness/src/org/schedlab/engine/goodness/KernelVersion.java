/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

/**
 * The kernel versions the goodness() engine models and the behaviour each one
 * selects. Everything that differs between versions is a method here, so that
 * {@link GoodnessScheduler} reads one flow with the differences named.
 */
public enum KernelVersion {
    /** Linux 2.2.16 (the kernel of Ivan Schreter's patches, seed 001). */
    V2_2_16("2.2.16"),
    /** Linux 2.3.5 (the kernel of Davide Libenzi's slotizer, seed 003). */
    V2_3_5("2.3.5"),
    /** Linux 2.4.0 to 2.4.14: yield bit tested in goodness(), no lock in sys_sched_yield. */
    V2_4_14("2.4.14"),
    /** Linux 2.4.15 to 2.4.18-pre4: Ingo Molnar's cleanup (the kernel of seed 000). */
    V2_4_18_PRE4("2.4.18-pre4");

    private final String label;

    KernelVersion(String label) {
        this.label = label;
    }

    /** The version string used in configurations and results. */
    public String label() { return label; }

    /** Parses a version string as listed by {@link GoodnessEngine}. */
    public static KernelVersion of(String s) {
        for (KernelVersion v : values()) if (v.label.equals(s)) return v;
        throw new IllegalArgumentException("goodness engine: unknown kernel version " + s);
    }

    /** A 2.4 kernel (nice-based NICE_TO_TICKS, yield bit in goodness()). */
    public boolean is24() { return this == V2_4_14 || this == V2_4_18_PRE4; }

    /** 2.2/2.3: schedule() seeds c from prev_goodness(prev), which clears the yield bit. */
    public boolean seedsWithPrevGoodness() { return !is24(); }

    /** 2.4.15+: no seeding from prev; the whole list, prev included, is scanned. */
    public boolean scansPrevInList() { return this == V2_4_18_PRE4; }

    /** goodness() itself returns -1 for a task with the SCHED_YIELD bit (2.4). */
    public boolean yieldTestInGoodness() { return is24(); }

    /** sys_sched_yield takes runqueue_lock and does move_last_runqueue (2.2, 2.3, 2.4.15+). */
    public boolean yieldMovesLast() { return this != V2_4_14; }

    /** sys_sched_yield returns at once when nothing else is pending (2.4 nr_pending test). */
    public boolean yieldChecksPending() { return is24(); }

    /** goodness() gives kernel threads (mm == NULL) the +1 mm bonus (2.4). */
    public boolean kernelThreadMmBonus() { return is24(); }

    /**
     * The refill amount per recalculation: 2.2/2.3 {@code p->priority}
     * (DEF_PRIORITY = 20*HZ/100 at nice 0, 20-n scaled by HZ/100, min 1);
     * 2.4 NICE_TO_TICKS(nice) = TICK_SCALE(20-nice)+1.
     */
    public int refill(int nice, int hz) {
        if (is24()) return niceToTicks(nice, hz);
        return Math.max(1, (20 - nice) * hz / 100);
    }

    /** The static goodness bonus: 2.2 {@code p->priority}, 2.4 {@code 20 - nice}. */
    public int goodnessBonus(int nice, int hz) {
        return is24() ? 20 - nice : refill(nice, hz);
    }

    /** The counter of a task that exists at boot: 2.2 DEF_PRIORITY, 2.4 DEF_COUNTER = 10*HZ/100. */
    public int initialCounter(int nice, int hz) {
        return is24() ? Math.max(1, 10 * hz / 100) : refill(nice, hz);
    }

    /** 2.4 NICE_TO_TICKS(n) = TICK_SCALE(20-n)+1 (include/linux/sched.h, 2.4.16). */
    public static int niceToTicks(int nice, int hz) {
        return tickScale(20 - nice, hz) + 1;
    }

    /** 2.4 TICK_SCALE(x): x>>2 below HZ 200, x>>1 below 400, x below 800, x<<1 below 1600, else x<<2. */
    static int tickScale(int x, int hz) {
        if (hz < 200) return x >> 2;
        if (hz < 400) return x >> 1;
        if (hz < 800) return x;
        if (hz < 1600) return x << 1;
        return x << 2;
    }

    /** 2.2/2.3 DEF_PRIORITY = 20*HZ/100. */
    public static int defPriority(int hz) {
        return 20 * hz / 100;
    }

    @Override
    public String toString() { return label; }
}
