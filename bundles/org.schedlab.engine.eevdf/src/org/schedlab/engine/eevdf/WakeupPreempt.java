/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.task.Task;

/**
 * Wakeup preemption: core.c's {@code wakeup_preempt} across the classes, and fair.c's
 * {@code check_preempt_wakeup_fair} (6.6 {@code check_preempt_wakeup}) between two fair tasks, on the entities of
 * one queue that {@code find_matching_se} finds when task groups are in use.
 */
final class WakeupPreempt {
    private final EevdfScheduler s;

    WakeupPreempt(EevdfScheduler s) {
        this.s = s;
    }

    /**
     * {@code wakeup_preempt} (6.8+; 6.6 {@code check_preempt_curr}): an RT wakee preempts a fair or lower RT
     * task, a fair wakee preempts RT only while the fair server is enqueued ({@link FairServer}), an idle CPU is always rescheduled; two fair tasks go to
     * {@code check_preempt_wakeup_fair}.
     */
    void wakeupPreempt(Rq rq, Task p, Cpu running) {
        Task curr = rq.cpu.curr();
        if (curr == null || curr.isIdleTask()) {
            s.reschedCurr(rq, running);
            return;
        }
        if (!EevdfScheduler.isFair(p)) {
            if (EevdfScheduler.isFair(curr) || p.rtPriority() > curr.rtPriority()) {
                s.reschedCurr(rq, running);
            }
            return;
        }
        if (!EevdfScheduler.isFair(curr) && rq.fairServer != null && rq.fairServer.active()) {
            s.reschedCurr(rq, running); // the enqueued fair server runs its class instead of RT
            return;
        }
        if (!EevdfScheduler.isFair(curr) || curr == p) {
            return;
        }
        checkPreemptWakeupFair(rq, curr, p, running);
    }

    /**
     * {@code check_preempt_wakeup_fair} (6.18; 6.6 {@code check_preempt_wakeup}): nothing if a reschedule is already
     * pending; a SCHED_IDLE current gives way to any other wakee (and loses its protection), an idle wakee never
     * preempts another, nor does a BATCH one; else update_curr and preempt when pick_eevdf now chooses the wakee,
     * with the current entity's protection honoured unless the wakee asks for a shorter slice (PREEMPT_SHORT,
     * 6.12+), in which case a wakee that is not chosen still shortens that protection (update_protect_slice).
     */
    private void checkPreemptWakeupFair(Rq rq, Task curr, Task p, Cpu running) {
        SchedEntity cse = EevdfScheduler.se(curr);
        SchedEntity pse = EevdfScheduler.se(p);
        CfsRq q = rq.cfs;
        if (s.groups != null) {
            if (TaskGroup.throttledHierarchy(s.groups.cfsRqOf(pse))) {
                return;
            }
            SchedEntity[] m = s.groups.findMatchingSe(cse, pse);
            cse = m[0];
            pse = m[1];
            q = s.groups.cfsRqOf(cse);
        }
        if (rq.cpu.needResched() || q.curr != cse) {
            return;
        }
        boolean cseIdle = !cse.isGroup() && curr.policy() == Policy.IDLE;
        boolean pseIdle = !pse.isGroup() && p.policy() == Policy.IDLE;
        if (cseIdle && !pseIdle) {
            if (s.version.hasVprot()) {
                SliceProtection.cancelProtectSlice(cse);
            }
            s.reschedCurr(rq, running);
            return;
        }
        if (cseIdle != pseIdle || p.policy() != Policy.OTHER) {
            return;
        }
        AugRbTree tree = q.tree();
        long mark = tree.work();
        q.updateCurr(rq.clock());
        boolean preemptShort = s.version.hasVprot() && pse.slice < cse.slice;
        boolean parity = s.tunables.runToParity() || !q.entityEligible(cse) ? false
                : s.version.hasVprot() ? cse.vruntime - cse.deadline < 0 : cse.vlag == cse.deadline;
        SchedEntity pick = PickEevdf.pick(q, !preemptShort);
        s.costs.chargeTree(running, SchedFn.WAKEUP, tree, mark);
        if (pick == pse) {
            if (parity) {
                rq.cfs.patchedPaths++; // RUN_TO_PARITY would have kept the current task
            }
            if (preemptShort) {
                SliceProtection.cancelProtectSlice(cse);
            }
            rq.cfs.takeResched();
            s.reschedCurr(rq, running);
        } else if (preemptShort && s.tunables.runToParity()) {
            SliceProtection.updateProtectSlice(q, cse);
        }
        s.after(rq, running);
    }
}
