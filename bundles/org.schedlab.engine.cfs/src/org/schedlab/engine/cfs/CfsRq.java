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
 * One CPU's fair run queue ({@code struct cfs_rq}, Linux 2.6.24 / 2.6.25
 * kernel/sched_fair.c): the timeline tree, min_vruntime, the summed load, nr_running
 * and the current entity, which is accounted in load and nr_running but is NOT in the
 * tree. Pure algorithm: no locks and no cycle charging here; the engine reads the
 * tree's counters around each call and charges them.
 * <p>
 * With task groups the same queue serves each group on each CPU ({@link TaskGroup}); {@link GroupSched}
 * walks the entities between them. min_vruntime is advanced by update_curr in both
 * versions; 2.6.25 additionally advances it whenever the tree's leftmost changes.
 */
public final class CfsRq {

    private final CfsVersion version;
    private final CfsTunables tunables;
    private final RbTree tree;
    long minVruntime;
    long loadWeight;
    private long loadInv;
    int nrRunning;
    SchedEntity curr;
    /** 2.6.25 next buddy: the last wakee, preferred by pick when close enough to the leftmost. */
    SchedEntity next;
    /** With task groups: the group whose queue this is on its CPU ({@code cfs_rq->tg}); null for {@code rq->cfs}. */
    TaskGroup tg;
    /** The id of a group queue's line once named ({@link CfsLines}); the top-level queue's is its {@link Rq}'s. */
    int lineId = -1;

    public CfsRq(CfsVersion version, CfsTunables tunables, boolean cacheRightmost) {
        this.version = version;
        this.tunables = tunables;
        this.tree = new RbTree(cacheRightmost);
    }

    public RbTree tree() { return tree; }
    public long minVruntime() { return minVruntime; }
    public long loadWeight() { return loadWeight; }
    public int nrRunning() { return nrRunning; }
    public SchedEntity curr() { return curr; }
    public SchedEntity nextBuddy() { return next; }
    public CfsTunables tunables() { return tunables; }
    public CfsVersion version() { return version; }

    /** 2.6.24 {@code update_curr}: charge the running entity's real and virtual time up to {@code now}. */
    public void updateCurr(long now) {
        SchedEntity c = curr;
        if (c == null) {
            return;
        }
        long delta = now - c.execStart;
        if (delta > 0) {
            c.sumExecRuntime += delta;
            c.vruntime += c.weight == Weights.NICE_0_LOAD ? delta : Weights.calcDeltaFair(delta, c.weight, c.invWeight);
            c.execStart = now;
            if (c.myQ != null) {
                c.myQ.tg.charge(delta);
            }
        }
        SchedEntity first = tree.first();
        long v = first == null ? c.vruntime : minOf(c.vruntime, first.vruntime);
        minVruntime = maxOf(minVruntime, v);
    }

    static long maxOf(long a, long b) {
        return b - a > 0 ? b : a;
    }

    static long minOf(long a, long b) {
        return b - a < 0 ? b : a;
    }

    /** {@code __enqueue_entity}: insert into the timeline (2.6.25: min_vruntime follows a new leftmost). */
    void enqueueTree(SchedEntity se) {
        tree.insert(se, minVruntime);
        if (version.minVruntimeFromLeftmost() && tree.first() == se) {
            minVruntime = maxOf(minVruntime, se.vruntime);
        }
    }

    /** {@code __dequeue_entity}: erase from the timeline (2.6.25: min_vruntime follows the new leftmost). */
    void dequeueTree(SchedEntity se) {
        boolean wasLeftmost = tree.first() == se;
        tree.erase(se);
        SchedEntity first = tree.first();
        if (version.minVruntimeFromLeftmost() && wasLeftmost && first != null) {
            minVruntime = maxOf(minVruntime, first.vruntime);
        }
    }

    /** 2.6.24 {@code enqueue_entity}: update_curr, place a waking entity, account it, insert unless current. */
    public void enqueueEntity(SchedEntity se, boolean wakeup, long now) {
        updateCurr(now);
        if (wakeup) {
            placeEntity(se, false);
        }
        accountEnqueue(se);
        if (se != curr) {
            enqueueTree(se);
        }
    }

    /** 2.6.24 {@code dequeue_entity}: update_curr, erase unless current, unaccount; forgets a buddy. */
    public void dequeueEntity(SchedEntity se, long now) {
        updateCurr(now);
        if (se != curr) {
            dequeueTree(se);
        }
        accountDequeue(se);
        if (next == se) {
            next = null;
        }
    }

    private void accountEnqueue(SchedEntity se) {
        loadWeight += se.weight;
        loadInv = 0;
        nrRunning++;
        se.onRq = true;
    }

    private void accountDequeue(SchedEntity se) {
        loadWeight -= se.weight;
        loadInv = 0;
        nrRunning--;
        se.onRq = false;
    }

    private long loadInv() {
        if (loadInv == 0) {
            loadInv = Weights.inverseOf(loadWeight);
        }
        return loadInv;
    }

    /** {@code __sched_period}: the latency, stretched when more than nr_latency tasks share it. */
    public long schedPeriod(int nr) {
        if (nr <= tunables.nrLatency()) {
            return tunables.latencyNs();
        }
        if (version.periodFromMinGranularity()) {
            return tunables.minGranularityNs() * nr;
        }
        return tunables.latencyNs() * nr / tunables.nrLatency();
    }

    /** {@code sched_slice}: the entity's wall-time share of the period, period * w / load. */
    public long schedSlice(SchedEntity se) {
        return Weights.calcDeltaMine(schedPeriod(nrRunning), se.weight, loadWeight, loadInv());
    }

    /** {@code sched_vslice_add}: the virtual slice a new entity would get, period(n+1) * 1024 / (load + w). */
    public long schedVsliceAdd(SchedEntity se) {
        long period = schedPeriod(nrRunning + 1);
        return period * Weights.NICE_0_LOAD / Math.max(1, loadWeight + se.weight);
    }

    /**
     * {@code place_entity}: base is min_vruntime (2.6.25: no later than the leftmost); a new
     * entity (START_DEBIT) starts one vslice later; a waking one gets up to one latency of
     * sleeper credit but never moves backwards.
     */
    public void placeEntity(SchedEntity se, boolean initial) {
        long v = minVruntime;
        SchedEntity first = tree.first();
        if (version.minVruntimeFromLeftmost() && first != null) {
            v = minOf(v, first.vruntime);
        }
        if (initial) {
            v += schedVsliceAdd(se);
        } else {
            v -= tunables.latencyNs();
            v = maxOf(se.vruntime, v);
        }
        se.vruntime = v;
    }

    /** {@code set_next_entity}: take the picked entity out of the tree and make it current. */
    public void setNextEntity(SchedEntity se, long now) {
        if (se.onRq && se.inTree()) {
            dequeueTree(se);
        }
        if (next == se) {
            next = null;
        }
        se.execStart = now;
        curr = se;
        se.prevSumExecRuntime = se.sumExecRuntime;
    }

    /** {@code put_prev_entity}: a still-runnable previous entity goes back into the tree. */
    public void putPrevEntity(SchedEntity prev, long now) {
        if (prev.onRq) {
            updateCurr(now);
            enqueueTree(prev);
        }
        curr = null;
    }

    /** {@code pick_next_entity}: the leftmost; 2.6.25 takes the next buddy when within the wakeup granularity. */
    public SchedEntity pickNextEntity() {
        SchedEntity se = tree.first();
        if (se == null) {
            return null;
        }
        if (version.hasNextBuddy() && next != null && next.inTree() && wakeupPreemptEntity(next, se) == 0) {
            return next;
        }
        return se;
    }

    /** {@code wakeup_gran}: the wakeup granularity in the virtual time of {@code se}. */
    long wakeupGran(SchedEntity se) {
        long gran = tunables.wakeupGranularityNs();
        return se.weight == Weights.NICE_0_LOAD ? gran : Weights.calcDeltaFair(gran, se.weight, se.invWeight);
    }

    /** 2.6.25 {@code wakeup_preempt_entity}: -1 if {@code a} is left of {@code b}, 1 beyond the granularity, else 0. */
    int wakeupPreemptEntity(SchedEntity a, SchedEntity b) {
        long vdiff = a.vruntime - b.vruntime;
        if (vdiff < 0) {
            return -1;
        }
        return vdiff > wakeupGran(a) ? 1 : 0;
    }

    /**
     * {@code check_preempt_wakeup} for two SCHED_OTHER entities: the wakee preempts when its
     * vruntime plus the granularity (in curr's virtual time) is still left of curr's.
     * 2.6.25 records the wakee as the next buddy first.
     */
    public boolean checkPreemptWakeup(SchedEntity currSe, SchedEntity wakee) {
        if (version.hasNextBuddy() && wakee != currSe) {
            next = wakee;
        }
        return preempts(currSe, wakee);
    }

    /** The test of {@code check_preempt_wakeup} alone: {@code wakee} leads {@code currSe} by more than the granularity. */
    boolean preempts(SchedEntity currSe, SchedEntity wakee) {
        return wakee.vruntime + wakeupGran(currSe) - currSe.vruntime < 0;
    }

    /** {@code check_preempt_tick}: resched once curr has run longer than its slice since it was picked. */
    public boolean checkPreemptTick(SchedEntity c) {
        long ideal = schedSlice(c);
        long ran = c.sumExecRuntime - c.prevSumExecRuntime;
        return ran > ideal;
    }

    /** What {@link #yieldTaskFair} did. */
    public enum YieldOutcome { ALONE, UPDATE_ONLY, ALREADY_RIGHTMOST, MOVED_BEHIND_RIGHTMOST }

    /**
     * {@code yield_task_fair} (2.6.24 / 2.6.25): alone -> nothing; compat_yield off and not
     * BATCH -> update_curr only; else read the rightmost (a right-spine walk, or the cached
     * pointer with the patch) and move curr's vruntime just past it. A missing rightmost is
     * treated as "already rightmost" (the fix of commit 79b3feff).
     */
    public YieldOutcome yieldTaskFair(boolean batch, long now) {
        if (nrRunning == 1) {
            return YieldOutcome.ALONE;
        }
        if (!tunables.compatYield() && !batch) {
            updateCurr(now);
            return YieldOutcome.UPDATE_ONLY;
        }
        SchedEntity se = curr;
        SchedEntity rightmost = tree.last();
        if (rightmost == null || rightmost.vruntime - se.vruntime < 0) {
            return YieldOutcome.ALREADY_RIGHTMOST;
        }
        se.vruntime = rightmost.vruntime + 1;
        return YieldOutcome.MOVED_BEHIND_RIGHTMOST;
    }

    /** Checks the tree and the accounting; null when consistent, else the first problem found. */
    public String checkInvariants() {
        String e = tree.checkInvariants(minVruntime);
        if (e != null) {
            return e;
        }
        int expect = tree.size() + (curr != null && curr.onRq ? 1 : 0);
        if (expect != nrRunning) {
            return "nr_running " + nrRunning + " but tree " + tree.size() + " + curr";
        }
        if (curr != null && curr.inTree()) {
            return "current entity is in the tree";
        }
        return null;
    }
}
