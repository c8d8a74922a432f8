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
 * One CPU's fair run queue ({@code struct cfs_rq}, Linux 6.6 / 6.18 kernel/sched/fair.c) under EEVDF: the
 * augmented timeline, {@code min_vruntime}, the weighted vruntime sum {@code avg_vruntime} / {@code avg_load}
 * of the queued entities (kept relative to min_vruntime), the current entity (accounted, but out of the tree),
 * nr_queued and the delayed count. Pure algorithm: no locks and no cycles here; the engine reads
 * {@link AugRbTree#work()} around each call and charges it, and takes {@link #takeResched()} after each call.
 * <p>
 * PELT ({@link SchedAvg}, {@link LoadAvg}): {@code update_load_avg} where enqueue_entity, dequeue_entity,
 * set_next_entity, put_prev_entity and entity_tick call it. NEXT_BUDDY (off by default in both versions) is not
 * modelled.
 */
public final class CfsRq {

    final EevdfVersion version;
    final EevdfTunables tunables;
    private final long tickNs;
    private final AugRbTree tree;
    long minVruntime;
    /** {@code avg_vruntime}: sum over the tree of (vruntime - min_vruntime) * weight. */
    long avgVruntime;
    /** {@code avg_load}: sum over the tree of the weights. */
    long avgLoad;
    /** {@code load.weight}: every queued entity, current and delayed ones included. */
    long loadWeight;
    /** {@code nr_queued} (6.6 {@code nr_running}): queued entities, current and delayed ones included. */
    int nrQueued;
    /** {@code h_nr_delayed}: entities whose dequeue is delayed. */
    int nrDelayed;
    /** Queued entities (the current one included) with their own slice ({@code custom_slice}). */
    int customSlices;
    SchedEntity curr;
    /** PELT's averages of this queue ({@code avg}, with {@code removed} in it). */
    final SchedAvg avg = new SchedAvg();
    private boolean resched;
    /** The CPU's root cfs_rq ({@code &rq->cfs}): resched_curr and the engine counters go there; itself for the root. */
    CfsRq root = this;
    /** The CPU of the queue ({@code cpu_of(rq_of(cfs_rq))}). */
    int cpu;
    /** The group this queue belongs to ({@code tg}); null for the root. */
    TaskGroup tg;
    /** {@code h_nr_queued}: tasks queued here and in the unthrottled groups below, current and delayed ones included. */
    int hNrQueued;
    /** Of those, the tasks whose dequeue is delayed ({@code h_nr_queued - h_nr_runnable}). */
    int hNrDelayed;
    /** PICK_BUDDY's {@code next}: set when a task of a group below sleeps while its group keeps others queued. */
    SchedEntity next;
    /** CFS bandwidth control of this queue's group, when it has a quota ({@code runtime_enabled}); else null. */
    CfsBandwidth bandwidth;
    /** {@code runtime_remaining}: runtime handed to this queue that it has not used yet, ns. */
    long runtimeRemaining;
    /** {@code throttled} and {@code throttled_clock}: the queue's group entity was taken off its parent's queue. */
    boolean throttled;
    long throttledClock;
    /**
     * Times a path ran that a feature patch changes (engine counter {@code patched_paths}): a placement whose
     * non-zero lag NO_PLACE_LAG ignored, a sleep NO_DELAY_DEQUEUE dequeued at once although the entity was not
     * eligible, a resched NO_RUN_TO_PARITY caused before the deadline.
     */
    long patchedPaths;

    public CfsRq(EevdfVersion version, EevdfTunables tunables, long tickNs) {
        this.version = version;
        this.tunables = tunables;
        this.tickNs = tickNs;
        this.tree = new AugRbTree(version.treeByDeadline());
    }

    public AugRbTree tree() { return tree; }
    public long minVruntime() { return minVruntime; }
    public int nrQueued() { return nrQueued; }
    public int nrDelayed() { return nrDelayed; }
    public SchedEntity curr() { return curr; }
    public SchedAvg avg() { return avg; }
    public EevdfVersion version() { return version; }
    long tickNs() { return tickNs; }

    /** {@code resched_curr} from a path that holds only this queue (bandwidth control). */
    void requestResched() {
        resched = true;
    }

    /** @return whether a path asked to reschedule the current task since the last call ({@code resched_curr}) */
    public boolean takeResched() {
        boolean r = resched;
        resched = false;
        return r;
    }

    long vslice(SchedEntity se) {
        return Weights.calcDeltaFair(se.slice, se.weight, se.invWeight);
    }

    long key(SchedEntity se) {
        return se.vruntime - minVruntime;
    }

    private void avgVruntimeAdd(SchedEntity se) {
        avgVruntime += key(se) * se.weight;
        avgLoad += se.weight;
    }

    private void avgVruntimeSub(SchedEntity se) {
        avgVruntime -= key(se) * se.weight;
        avgLoad -= se.weight;
    }

    /** {@code avg_vruntime}: V, the load-weighted average vruntime of the queued entities and the current one. */
    public long avgVruntime() {
        long avg = avgVruntime;
        long load = avgLoad;
        if (curr != null && curr.onRq) {
            avg += key(curr) * curr.weight;
            load += curr.weight;
        }
        if (load != 0) {
            if (avg < 0) {
                avg -= load - 1; // floor, so that V never lies right of the true average
            }
            avg /= load;
        }
        return minVruntime + avg;
    }

    /** {@code vruntime_eligible} (6.8+; inlined in 6.6's {@code entity_eligible}): V >= v without dividing. */
    public boolean vruntimeEligible(long vruntime) {
        long avg = avgVruntime;
        long load = avgLoad;
        if (curr != null && curr.onRq) {
            avg += key(curr) * curr.weight;
            load += curr.weight;
        }
        return avg >= (vruntime - minVruntime) * load;
    }

    /** {@code entity_eligible}: the entity's lag is not negative. */
    public boolean entityEligible(SchedEntity se) {
        return vruntimeEligible(se.vruntime);
    }

    /**
     * {@code update_min_vruntime}: the smaller of the current entity's vruntime and the tree's minimum (6.6: the
     * leftmost's vruntime; 6.18: the root's min_vruntime), never moving backwards; moving it re-bases
     * avg_vruntime ({@code avg_vruntime_update}).
     */
    void updateMinVruntime() {
        SchedEntity c = curr != null && curr.onRq ? curr : null;
        long v = minVruntime;
        if (c != null) {
            v = c.vruntime;
        }
        SchedEntity s = version.treeByDeadline() ? tree.root() : tree.first();
        if (s != null) {
            long sv = version.treeByDeadline() ? AugRbTree.augmented(s) : s.vruntime;
            v = c == null ? sv : (sv - v < 0 ? sv : v);
        }
        long delta = v - minVruntime;
        if (delta > 0) {
            avgVruntime -= avgLoad * delta;
            minVruntime = v;
        }
    }

    /**
     * {@code update_curr}: charge the running entity's time up to {@code now} in real and virtual time, renew its
     * deadline when it is reached, and ask for a reschedule when another entity is queued: in 6.6 when the
     * deadline was renewed ({@code update_deadline}), in 6.17+ also when the protected slice is used up.
     */
    public void updateCurr(long now) {
        SchedEntity c = curr;
        if (c == null) {
            return;
        }
        long delta = now - c.execStart;
        if (delta <= 0) {
            return;
        }
        c.execStart = now;
        c.sumExecRuntime += delta;
        c.vruntime += Weights.calcDeltaFair(delta, c.weight, c.invWeight);
        boolean renewed = updateDeadline(c);
        if (c.myQ != null) {
            c.myQ.tg.charge(delta);
        }
        if (bandwidth != null) {
            bandwidth.accountCfsRqRuntime(this, delta);
        }
        updateMinVruntime();
        if (nrQueued > 1 && (renewed || version.hasVprot() && !SliceProtection.protectSlice(c))) {
            root.resched = true;
            if (!renewed && !tunables.runToParity()) {
                root.patchedPaths++;
            }
        }
    }

    /** {@code update_deadline}: once vruntime reaches the deadline, request a new slice (the task's own, if set). */
    boolean updateDeadline(SchedEntity se) {
        if (se.vruntime - se.deadline < 0) {
            return false;
        }
        if (!se.customSlice) {
            se.slice = tunables.baseSliceNs();
        }
        se.deadline = se.vruntime + vslice(se);
        return true;
    }

    /** {@code update_entity_lag} ({@link Placement#updateEntityLag}). */
    public void updateEntityLag(SchedEntity se) {
        Placement.updateEntityLag(this, se);
    }

    /** {@code place_entity} ({@link Placement#placeEntity}). */
    public void placeEntity(SchedEntity se, boolean initial) {
        Placement.placeEntity(this, se, initial);
    }

    /** {@code __enqueue_entity}: into the tree and the weighted sum. */
    void enqueueTree(SchedEntity se) {
        avgVruntimeAdd(se);
        tree.insert(se);
    }

    /** {@code __dequeue_entity}: out of the tree and the weighted sum. */
    void dequeueTree(SchedEntity se) {
        tree.erase(se);
        avgVruntimeSub(se);
    }

    /** {@code enqueue_entity}: update_curr, place (always: the saved lag is restored), account, insert. */
    public void enqueueEntity(SchedEntity se, long now, boolean initial) {
        updateCurr(now);
        LoadAvg.updateLoadAvg(this, se, now, LoadAvg.UPDATE_TG | LoadAvg.DO_ATTACH);
        placeEntity(se, initial);
        loadWeight += se.weight;
        nrQueued++;
        hNrQueued += se.myQ == null ? 1 : 0;
        customSlices += se.customSlice ? 1 : 0;
        se.onRq = true;
        if (se != curr) {
            enqueueTree(se);
        }
    }

    /**
     * {@code dequeue_entity}: update_curr; a sleeping entity that is not eligible stays queued with
     * {@code sched_delayed} set (DELAY_DEQUEUE, 6.12+) and the call answers false; otherwise save the lag (and,
     * in 6.12+, a migrating entity's relative deadline), leave the tree and the accounting.
     *
     * @param sleep the task is going to sleep (DEQUEUE_SLEEP); false for migrations
     * @return whether the entity left the queue
     */
    public boolean dequeueEntity(SchedEntity se, long now, boolean sleep) {
        return dequeueEntity(se, now, sleep, sleep);
    }

    /** As {@link #dequeueEntity(SchedEntity, long, boolean)}; {@code mayDelay} false for an exiting task. */
    public boolean dequeueEntity(SchedEntity se, long now, boolean sleep, boolean mayDelay) {
        updateCurr(now);
        // a task the balancer moves (not a sleep) leaves its PELT sums here: detached, attached where it goes
        LoadAvg.updateLoadAvg(this, se, now, !sleep && se.myQ == null ? LoadAvg.DO_DETACH : LoadAvg.UPDATE_TG);
        if (mayDelay && version.hasDelayDequeue() && !se.delayed && !entityEligible(se)) {
            if (tunables.delayDequeue()) {
                se.delayed = true;
                nrDelayed++;
                hNrDelayed++;
                return false;
            }
            root.patchedPaths++;
        }
        dequeueNow(se, sleep);
        return true;
    }

    private void dequeueNow(SchedEntity se, boolean sleep) {
        updateEntityLag(se);
        if (version.placeRelDeadline() && !sleep) {
            se.deadline -= se.vruntime;
            se.relDeadline = true;
        }
        if (se != curr) {
            dequeueTree(se);
        }
        se.onRq = false;
        loadWeight -= se.weight;
        nrQueued--;
        hNrQueued -= se.myQ == null ? 1 : 0;
        customSlices -= se.customSlice ? 1 : 0;
        if (next == se) {
            next = null; // clear_buddies
        }
        updateMinVruntime();
    }

    /**
     * {@code dequeue_entity(DEQUEUE_SLEEP | DEQUEUE_DELAYED)} and {@code finish_delayed_dequeue_entity}: a
     * delayed entity that was picked (or must leave, e.g. to exit) leaves now; with DELAY_ZERO a positive lag
     * is dropped.
     */
    public void finishDelayedDequeue(SchedEntity se, long now) {
        updateCurr(now);
        LoadAvg.updateLoadAvg(this, se, now, LoadAvg.UPDATE_TG);
        dequeueNow(se, true);
        se.delayed = false;
        nrDelayed--;
        hNrDelayed--;
        if (se.vlag > 0) {
            se.vlag = 0;
        }
    }

    /**
     * {@code requeue_delayed_entity}: a delayed entity is woken where it is queued; with DELAY_ZERO, if it has
     * regained positive lag meanwhile, it is placed again at zero lag.
     */
    public void requeueDelayedEntity(SchedEntity se) {
        updateEntityLag(se);
        if (se.vlag > 0) {
            nrQueued--;
            if (se != curr) {
                dequeueTree(se);
            }
            se.vlag = 0;
            placeEntity(se, false);
            if (se != curr) {
                enqueueTree(se);
            }
            nrQueued++;
        }
        se.delayed = false;
        nrDelayed--;
        hNrDelayed--;
    }

    /** {@code set_next_entity}: out of the tree, current, and protected: 6.6 stashes the deadline in vlag, 6.17+ sets vprot. */
    public void setNextEntity(SchedEntity se, long now) {
        if (se.inTree()) {
            dequeueTree(se);
        }
        if (se.onRq) {
            LoadAvg.updateLoadAvg(this, se, now, LoadAvg.UPDATE_TG);
        }
        if (version.hasVprot()) {
            SliceProtection.setProtectSlice(this, se);
        } else {
            se.vlag = se.deadline; // the 6.6 HACK: vlag is not read again until dequeue
        }
        se.execStart = now;
        curr = se;
        se.prevSumExecRuntime = se.sumExecRuntime;
        if (next == se) {
            next = null; // clear_buddies
        }
    }

    /** {@code put_prev_entity}: a still-queued previous entity (delayed ones too) goes back into the tree. */
    public void putPrevEntity(SchedEntity prev, long now) {
        if (prev.onRq) {
            updateCurr(now);
            LoadAvg.updateLoadAvg(this, prev, now, 0);
            curr = null;
            enqueueTree(prev);
        }
        curr = null;
    }

    /** {@code entity_tick}: update_curr, then the running entity's and this queue's PELT averages. */
    public void entityTick(long now) {
        updateCurr(now);
        if (curr != null) {
            LoadAvg.updateLoadAvg(this, curr, now, LoadAvg.UPDATE_TG);
        }
    }

    /** @return the entity {@link PickEevdf} chooses, the current one included, with slice protection honoured */
    public SchedEntity pickEevdf() {
        return PickEevdf.pick(this, true);
    }

    /**
     * {@code yield_task_fair}: update_curr, then push the deadline one virtual slice on (6.6); 6.18 makes an
     * eligible yielder also forfeit what is left of its slice (vruntime = deadline first).
     */
    public void yieldTaskFair(long now) {
        SchedEntity se = curr;
        updateCurr(now);
        if (version.yieldForfeitsVruntime()) {
            if (entityEligible(se)) {
                se.vruntime = se.deadline;
                se.deadline += vslice(se);
                updateMinVruntime();
            }
        } else {
            se.deadline += vslice(se);
        }
    }

    /** Checks the tree and every sum; null when consistent, else the first problem found ({@link CfsRqChecker}). */
    public String checkInvariants() {
        return CfsRqChecker.check(this);
    }
}
