/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.task.Task;

/**
 * CPU choice at wakeup and fork (Linux 2.6.24 kernel/sched.c {@code try_to_wake_up} with
 * {@code wake_idle}, {@code sched_balance_self}), over the simplified domain model of
 * {@link LoadBalancer}: one domain spanning every CPU (imbalance_pct 125, SD_WAKE_AFFINE,
 * SD_WAKE_BALANCE) and, on hyper-threaded machines, a sibling domain per core with SD_WAKE_IDLE.
 * <p>
 * Departures: loads are instantaneous ({@link Rq#load()}) instead of the decayed cpu_load[] indexes;
 * the 2.6.24 "cache cold" test is {@code now - exec_start >= migration_cost}; the 2.6.25
 * "short overlap" test compares both tasks' avg_overlap with migration_cost. Fork balancing picks the
 * least loaded allowed CPU when this CPU is more than imbalance_pct busier (find_idlest_group/cpu
 * collapsed into one step). The CPUs examined are not charged (no cost key).
 */
final class SelectCpu {

    private static final int IMBALANCE_PCT = 125;

    private final CfsScheduler s;

    SelectCpu(CfsScheduler s) {
        this.s = s;
    }

    /** {@code try_to_wake_up}'s CPU selection: affine, passive balance, else the previous CPU; then wake_idle. */
    int selectTaskRq(Task p, Cpu waker, boolean sync) {
        SchedEntity se = CfsScheduler.se(p);
        int prev = se.cpu;
        int thisCpu = waker.id();
        int target = prev;
        if (!p.allowedOn(prev)) {
            target = firstAllowed(p, thisCpu);
        } else if (prev != thisCpu && p.allowedOn(thisCpu)) {
            target = wakeAffine(p, se, waker, sync, prev) ? thisCpu : prev;
        }
        return wakeIdle(target, p);
    }

    private boolean wakeAffine(Task p, SchedEntity se, Cpu waker, boolean sync, int prev) {
        Rq thisRq = s.rqs[waker.id()];
        long load = s.rqs[prev].load();
        long thisLoad = thisRq.load();
        Task curr = waker.curr();
        SchedEntity cse = curr != null && !curr.isIdleTask() && curr.se() instanceof SchedEntity c ? c : null;
        long now = thisRq.clock(waker);
        if (sync) {
            boolean stay;
            if (s.version == CfsVersion.V2_6_25) {
                long mc = s.tunables.migrationCostNs();
                stay = se.avgOverlap < mc && (cse == null || cse.avgOverlap < mc);
            } else {
                stay = now - se.execStart >= s.tunables.migrationCostNs();
            }
            if (stay) {
                return true;
            }
        }
        int imbalance = 100 + (IMBALANCE_PCT - 100) / 2;
        long tl = thisLoad;
        if (sync && cse != null) {
            tl = Math.max(0, tl - cse.weight);
        }
        if (100 * (tl + se.weight) <= (long) imbalance * load) {
            return true; // SD_WAKE_AFFINE: no bad imbalance
        }
        return (long) imbalance * thisLoad <= 100 * load; // SD_WAKE_BALANCE: passive balancing
    }

    /**
     * 2.6.24 {@code wake_idle}: when the target runs exactly one task, prefer an idle, allowed
     * hyper-threading sibling.
     */
    private int wakeIdle(int cpu, Task p) {
        Rq rq = s.rqs[cpu];
        if (rq.cpu.isIdle() && rq.nrRunning() == 0 || rq.nrRunning() > 1) {
            return cpu;
        }
        int core = rq.cpu.coreId();
        for (Rq other : s.rqs) {
            if (other != rq && other.cpu.coreId() == core && p.allowedOn(other.cpu.id()) && other.cpu.isIdle()
                    && other.nrRunning() == 0) {
                return other.cpu.id();
            }
        }
        return cpu;
    }

    /** {@code sched_balance_self(cpu, SD_BALANCE_FORK)}: the idlest allowed CPU if this one is clearly busier. */
    int forkCpu(Task child, Cpu cpu) {
        int thisCpu = child.allowedOn(cpu.id()) ? cpu.id() : firstAllowed(child, cpu.id());
        long thisLoad = s.rqs[thisCpu].load();
        int idlest = thisCpu;
        long min = thisLoad;
        for (Rq rq : s.rqs) {
            long l = rq.load();
            if (l < min && child.allowedOn(rq.cpu.id())) {
                min = l;
                idlest = rq.cpu.id();
            }
        }
        if (idlest != thisCpu && 100 * thisLoad > (long) IMBALANCE_PCT * min) {
            return idlest;
        }
        return thisCpu;
    }

    private int firstAllowed(Task p, int fallback) {
        for (Rq rq : s.rqs) {
            if (p.allowedOn(rq.cpu.id())) {
                return rq.cpu.id();
            }
        }
        return fallback;
    }
}
