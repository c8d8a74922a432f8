/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import java.util.function.Predicate;

/**
 * Davide Libenzi's "task goodness slotizer" for Linux 2.3.5 (June 1999,
 * sch-patch.diff in seed 003): beside the run list every runnable task sits in
 * one of {@value #MAX_SLOTS} doubly linked slots keyed by its own maximum
 * goodness, {@code goodness(ts, ts, ts->processor)}. Slot 0 holds exhausted
 * tasks and is never scanned; a key k > 0 goes to slot min(k + 1, 47).
 * {@code start_gdslot} remembers the highest non-empty slot. schedule() walks
 * the slots from high to low and stops as soon as the best goodness found
 * reaches the slot's maximum: "the promise".
 *
 * <p>Slot keys are computed with {@link Goodness#goodness}, so each key costs
 * one counted evaluation, as in the patch.
 */
public final class GoodnessSlots {
    /** MAX_GDS / GDS_STEP with SLOT_SHIFT 0: 48 slots. */
    public static final int MAX_SLOTS = 48;

    private final Goodness goodness;
    private final SchedEntity[] heads = new SchedEntity[MAX_SLOTS];
    private int startGdslot;
    private long slotVisits;
    private java.util.function.Consumer<SchedEntity> linked = p -> { };

    /** gds_init: empty circular lists, start_gdslot = MAX_SLOTS - 1. */
    public GoodnessSlots(Goodness goodness) {
        this.goodness = goodness;
        for (int i = 0; i < MAX_SLOTS; i++) heads[i] = slotHead();
        startGdslot = MAX_SLOTS - 1;
    }

    private static SchedEntity slotHead() {
        SchedEntity h = new SchedEntity(-1, null, false);
        h.slotNext = h;
        h.slotPrev = h;
        return h;
    }

    /** start_gdslot. */
    public int startGdslot() { return startGdslot; }

    /** Slots looked at by scans so far (the scheduler charges them as list steps). */
    public long slotVisits() { return slotVisits; }

    /** GDS_SLOT with the +1 shift: the slot a task of key {@code weight} belongs to. */
    static int slotOf(int weight) {
        if (weight <= 0) return 0;
        return weight < MAX_SLOTS - 1 ? weight + 1 : MAX_SLOTS - 1;
    }

    /** SLOT_GDS_MAX(s) = SLOT_GDS_BASE(s) = s - 1 with SLOT_SHIFT 0. */
    static int slotGdsMax(int s) { return s - 1; }

    private int keyedSlot(SchedEntity ts) {
        int slot = slotOf(goodness.goodness(ts, ts, ts.processor));
        if (slot > 0 && slot > startGdslot) startGdslot = slot;
        return slot;
    }

    /** Tells {@code c} of every entity whose slot links an operation rewrites (the cache lines it writes). */
    void onLinked(java.util.function.Consumer<SchedEntity> c) {
        this.linked = c;
    }

    /** gds_tadd_task: add at the tail of the task's slot. */
    void gdsTaddTask(SchedEntity ts) {
        int s = keyedSlot(ts);
        SchedEntity h = heads[s];
        link(h.slotPrev, ts);
        ts.slot = s;
    }

    /** gds_hadd_task: add at the head of the task's slot. */
    void gdsHaddTask(SchedEntity ts) {
        int s = keyedSlot(ts);
        link(heads[s], ts);
        ts.slot = s;
    }

    /** gds_remove_task: true when the task was in a slot. */
    boolean gdsRemoveTask(SchedEntity ts) {
        if (ts.slot < 0) return false;
        ts.slotPrev.slotNext = ts.slotNext;
        ts.slotNext.slotPrev = ts.slotPrev;
        linked.accept(ts.slotPrev);
        linked.accept(ts.slotNext);
        ts.slotNext = null;
        ts.slotPrev = null;
        ts.slot = -1;
        return true;
    }

    /** gds_switch: re-key a task that is in a slot (at its new slot's tail). */
    public void gdsSwitch(SchedEntity ts) {
        if (gdsRemoveTask(ts)) gdsTaddTask(ts);
    }

    private void link(SchedEntity after, SchedEntity ts) {
        ts.slotPrev = after;
        ts.slotNext = after.slotNext;
        after.slotNext.slotPrev = ts;
        after.slotNext = ts;
        linked.accept(ts);
        linked.accept(after);
        linked.accept(ts.slotNext);
    }

    /** The tasks of slot {@code s} in order (tests). */
    public java.util.List<SchedEntity> slot(int s) {
        java.util.List<SchedEntity> l = new java.util.ArrayList<>();
        for (SchedEntity p = heads[s].slotNext; p != heads[s]; p = p.slotNext) l.add(p);
        return l;
    }

    /**
     * The slotized scan of the patched 2.3.5 schedule(): slots from
     * start_gdslot down to 1; stop when c reaches the slot's maximum before or
     * during its walk, or its base after it. {@code recalc} in the result is the
     * patch's test {@code c <= 0 && nr_running > 0}, reached only when no
     * promise stopped the walk.
     */
    public ScanResult scan(SchedEntity prev, int thisCpu, SchedEntity seedNext, int seedC,
                           Predicate<SchedEntity> canSchedule, int nrRunning) {
        SchedEntity next = seedNext;
        int c = seedC;
        boolean first = true;
        for (int ii = startGdslot; ii > 0; ii--) {
            slotVisits++;
            SchedEntity qh = heads[ii];
            SchedEntity p = qh.slotNext;
            if (p != qh) {
                int gdsmax = slotGdsMax(ii);
                if (first) {
                    startGdslot = ii;
                    first = false;
                }
                if (c >= gdsmax) return new ScanResult(next, c, false);
                do {
                    goodness.lines().readInSlot(p, thisCpu);
                    if (canSchedule.test(p)) {
                        int weight = goodness.goodness(prev, p, thisCpu);
                        if (weight > c) {
                            c = weight;
                            next = p;
                            if (c >= gdsmax) return new ScanResult(next, c, false);
                        }
                    }
                    p = p.slotNext;
                } while (p != qh);
            }
            if (c >= slotGdsMax(ii)) return new ScanResult(next, c, false);
        }
        return new ScanResult(next, c, c <= 0 && nrRunning > 0);
    }
}
