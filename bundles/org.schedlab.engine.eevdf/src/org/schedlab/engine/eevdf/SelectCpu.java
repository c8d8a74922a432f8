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
import org.schedlab.sim.task.Task;

/**
 * CPU choice at wakeup and fork (Linux 6.6 / 6.18 kernel/sched/fair.c {@code select_task_rq_fair},
 * {@code wake_affine} with WA_IDLE, WA_WEIGHT and WA_BIAS, {@code select_idle_sibling},
 * {@code sched_balance_find_dst_cpu}) at the level of a small SMP machine: every CPU shares one last-level
 * cache (one domain, SD_WAKE_AFFINE, imbalance_pct 117), hyper-threads of a core are siblings.
 * <p>
 * wake_affine_weight compares PELT loads ({@link Rq#cpuLoad()}, {@link LoadAvg#taskHLoad}) scaled by the other
 * CPU's capacity. Departures: {@code select_idle_cpu} scans the whole LLC (no SIS_UTIL limit); fork balancing takes the allowed
 * CPU with the fewest runnable tasks (this CPU on ties). Each CPU examined costs {@code BALANCE_PER_TASK}.
 */
final class SelectCpu {

    static final int IMBALANCE_PCT = 117;

    private final EevdfScheduler s;

    SelectCpu(EevdfScheduler s) {
        this.s = s;
    }

    /**
     * {@code select_task_rq_fair} for a wakeup ({@code select_task_rq} calls it only for a task allowed on more than
     * one CPU): {@code record_wakee}; unless {@code wake_wide}, wake_affine between this CPU and prev; then
     * select_idle_sibling.
     */
    int selectTaskRq(Task p, Cpu waker, boolean sync) {
        SchedEntity se = EevdfScheduler.se(p);
        int prev = p.allowedOn(se.cpu) ? se.cpu : firstAllowed(p, waker.id());
        if (s.rqs.length <= 64 && Long.bitCount(p.cpusAllowed() & mask(s.rqs.length)) == 1) {
            return prev;
        }
        int thisCpu = waker.id();
        SchedEntity current = waker.curr() != null && waker.curr().se() instanceof SchedEntity c ? c : null;
        recordWakee(current, p);
        boolean wantAffine = !wakeWide(current, se) && p.allowedOn(thisCpu);
        int target = prev;
        if (wantAffine && thisCpu != prev) {
            target = wakeAffine(p, se, waker, prev, sync);
        }
        return selectIdleSibling(p, se, prev, target, waker);
    }

    private static long mask(int n) {
        return n >= 64 ? -1L : (1L << n) - 1;
    }

    /**
     * {@code record_wakee}: the waker's flips are halved once a second (in jiffies), and count one more when it
     * wakes another task than last time.
     */
    private void recordWakee(SchedEntity current, Task p) {
        if (current == null) {
            return;
        }
        long jiffies = s.kernel.now() / s.tickNs;
        if (jiffies > current.wakeeFlipDecayTs + s.kernel.machine().hz()) {
            current.wakeeFlips >>= 1;
            current.wakeeFlipDecayTs = jiffies;
        }
        if (current.lastWakee != p) {
            current.lastWakee = p;
            current.wakeeFlips++;
        }
    }

    /**
     * {@code wake_wide}: a waker and wakee that both switch among many partners (flips of at least sd_llc_size,
     * and one at least that factor times the other) spread over the LLC instead of being pulled together.
     */
    private boolean wakeWide(SchedEntity current, SchedEntity wakee) {
        if (current == null) {
            return false;
        }
        int master = current.wakeeFlips;
        int slave = wakee.wakeeFlips;
        if (master < slave) {
            int t = master;
            master = slave;
            slave = t;
        }
        int factor = s.rqs.length; // sd_llc_size: every CPU shares the one LLC here
        return slave >= factor && master >= (long) slave * factor;
    }

    /** {@code wake_affine}: WA_IDLE, then WA_WEIGHT; anything but this CPU means prev. */
    private int wakeAffine(Task p, SchedEntity se, Cpu waker, int prev, boolean sync) {
        int thisCpu = waker.id();
        Rq thisRq = s.rqs[thisCpu];
        Rq prevRq = s.rqs[prev];
        s.costs.chargeScan(waker, SchedFn.WAKEUP, 1);
        s.lines.peek(waker, SchedFn.WAKEUP, prevRq);
        // wake_affine_idle
        if (thisRq.idle()) {
            return prevRq.idle() ? prev : thisCpu;
        }
        if (sync && thisRq.nrRunnable() == 1) {
            return thisCpu;
        }
        if (prevRq.idle()) {
            return prev;
        }
        // wake_affine_weight
        long thisEff = thisRq.cpuLoad();
        if (sync) {
            Task curr = waker.curr();
            long currLoad = curr != null && !curr.isIdleTask() && EevdfScheduler.isFair(curr)
                    && curr.se() instanceof SchedEntity c ? LoadAvg.taskHLoad(s, c) : 0;
            if (currLoad > thisEff) {
                return thisCpu;
            }
            thisEff -= currLoad;
        }
        long taskLoad = LoadAvg.taskHLoad(s, se);
        thisEff = (thisEff + taskLoad) * 100 * prevRq.capacity();
        if (prevRq.cpuLoad() < taskLoad) {
            return thisCpu; // the kernel's unsigned prev_eff_load wraps round to a huge value
        }
        long prevEff = (prevRq.cpuLoad() - taskLoad) * (100 + (IMBALANCE_PCT - 100) / 2) * thisRq.capacity();
        if (sync) {
            prevEff += 1;
        }
        return thisEff < prevEff ? thisCpu : prev;
    }

    /**
     * {@code select_idle_sibling}: the target if idle; prev if idle; recent_used_cpu if idle; with SMT an idle
     * core, else an idle sibling of prev; else the first idle CPU scanning from target + 1; else the target.
     */
    private int selectIdleSibling(Task p, SchedEntity se, int prev, int target, Cpu waker) {
        int recent = se.recentUsedCpu;
        se.recentUsedCpu = prev;
        if (idle(target, waker)) {
            return target;
        }
        if (prev != target && p.allowedOn(prev) && idle(prev, waker)) {
            return prev;
        }
        if (recent >= 0 && recent != prev && recent != target && p.allowedOn(recent) && idle(recent, waker)) {
            return recent;
        }
        int n = s.rqs.length;
        boolean smt = s.kernel.machine().profile().threadsPerCore() > 1;
        if (smt) {
            for (int i = 1; i <= n; i++) { // select_idle_core
                int c = (target + i) % n;
                if (p.allowedOn(c) && idle(c, waker) && coreIdle(c)) {
                    return c;
                }
            }
        }
        for (int i = 1; i < n; i++) { // select_idle_cpu
            int c = (target + i) % n;
            if (p.allowedOn(c) && idle(c, waker)) {
                return c;
            }
        }
        return target;
    }

    private boolean idle(int cpu, Cpu waker) {
        Rq rq = s.rqs[cpu];
        s.costs.chargeScan(waker, SchedFn.WAKEUP, 1);
        s.lines.peek(waker, SchedFn.WAKEUP, rq);
        return rq.idle();
    }

    private boolean coreIdle(int cpu) {
        int core = s.rqs[cpu].cpu.coreId();
        for (Rq rq : s.rqs) {
            if (rq.cpu.coreId() == core && !rq.idle()) {
                return false;
            }
        }
        return true;
    }

    /** {@code select_task_rq(SD_BALANCE_FORK)}: the allowed CPU with the fewest runnable tasks, this one on ties. */
    int forkCpu(Task child, Cpu cpu) {
        int thisCpu = child.allowedOn(cpu.id()) ? cpu.id() : firstAllowed(child, cpu.id());
        int best = thisCpu;
        int min = s.rqs[thisCpu].nrRunnable();
        for (Rq rq : s.rqs) {
            int nr = rq.nrRunnable();
            if (nr < min && child.allowedOn(rq.cpu.id())) {
                min = nr;
                best = rq.cpu.id();
            }
        }
        s.costs.chargeScan(cpu, SchedFn.BALANCE, s.rqs.length);
        return best;
    }

    /** {@code select_fallback_rq}: the first allowed CPU. */
    int firstAllowed(Task p, int fallback) {
        for (Rq rq : s.rqs) {
            if (p.allowedOn(rq.cpu.id())) {
                return rq.cpu.id();
            }
        }
        return fallback;
    }
}
