/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.metrics.TraceEvent;
import org.schedlab.sim.metrics.TraceRecorder;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;
import org.schedlab.sim.task.TaskStats;

/**
 * The kernel's side of schedule(): clears need_resched, asks the engine for next, validates its answer,
 * and performs and accounts the context switch (switch_to, plus switch_mm when the address space changes;
 * the idle task borrows the previous mm, as lazy TLB does; plus the cache refill of a task switched in cold,
 * {@link CacheRefill}).
 */
final class Switcher {
    private static final org.schedlab.sim.machine.Cpu.KernelOps CPU = KernelMutators.cpu();
    private static final org.schedlab.sim.task.Task.KernelOps TASK = KernelMutators.task();
    private final KernelImpl k;
    private final long switchCycles;
    private final long mmCycles;
    private final long mmFlushCycles;
    /** Per CPU, the mm ids holding its TLB tags (the machine's tlbTags), and the next slot to hand out. */
    private final int[][] asids;
    private final int[] nextAsid;
    private final CacheRefill refill;

    Switcher(KernelImpl k) {
        this.k = k;
        this.refill = new CacheRefill(k);
        this.switchCycles = k.costs().cycles(CostKey.CONTEXT_SWITCH);
        this.mmCycles = k.costs().cycles(CostKey.MM_SWITCH);
        this.mmFlushCycles = k.costs().cycles(CostKey.MM_SWITCH_FLUSH);
        int n = k.machine().nrCpus();
        this.asids = new int[n][k.machine().profile().tlbTags()];
        this.nextAsid = new int[n];
    }

    /** Runs schedule() on {@code cpu}. */
    void schedule(Cpu cpu) {
        Task prev = cpu.curr();
        cpu.setNeedResched(false);
        Task next = k.sched.schedule(cpu, prev);
        if (next == null) {
            throw k.violation(cpu, prev, "schedule() returned null");
        }
        if (next != prev) {
            validate(cpu, next);
            switchTo(cpu, prev, next);
            k.sched.scheduleTail(cpu, prev);
        } else if (!prev.isIdleTask() && prev.state() != TaskState.RUNNING) {
            throw k.violation(cpu, prev, "schedule() kept a task that is " + prev.state());
        }
    }

    private void validate(Cpu cpu, Task next) {
        if (next.isIdleTask()) {
            if (next != cpu.idle()) {
                throw k.violation(cpu, next, "schedule() returned another CPU's idle task");
            }
            return;
        }
        if (next.onCpu() >= 0) {
            throw k.violation(cpu, next, "task already running on cpu" + next.onCpu());
        }
        if (next.state() != TaskState.RUNNING) {
            throw k.violation(cpu, next, "schedule() picked a task that is " + next.state());
        }
        if (!next.allowedOn(cpu.id())) {
            throw k.violation(cpu, next, "schedule() picked a task not allowed on this CPU");
        }
    }

    private void switchTo(Cpu cpu, Task prev, Task next) {
        long t = cpu.now();
        TaskStats ps = prev.stats();
        if (!prev.isIdleTask()) {
            ps.cpuNs += t - ps.lastSwitchIn;
            if (prev.state() == TaskState.RUNNING) {
                ps.involuntarySwitches++;
                ps.runnableSince = t;
            } else {
                ps.voluntarySwitches++;
            }
        }
        k.chargeRaw(cpu, SchedFn.SWITCH, switchCycles);
        if (next.mm() != null && next.mm() != cpu.activeMm()) {
            k.chargeRaw(cpu, SchedFn.SWITCH, mmCycles);
            if (mmFlushCycles > 0 && !asidHeld(cpu.id(), next.mm().id())) {
                k.chargeRaw(cpu, SchedFn.SWITCH, mmFlushCycles);
            }
            CPU.setActiveMm(cpu, next.mm());
        }
        refill.switchIn(cpu, next);
        TASK.setOnCpu(prev, -1);
        TASK.setOnCpu(next, cpu.id());
        next.setProcessor(cpu.id());
        CPU.setCurr(cpu, next);
        long in = cpu.now();
        CPU.setLastSchedule(cpu, in);
        if (!next.isIdleTask()) {
            CPU.setPolling(cpu, false);
            CPU.setHalted(cpu, false);
            TaskStats ns = next.stats();
            ns.lastSwitchIn = in;
            if (ns.runnableSince >= 0) {
                ns.waitNs += in - ns.runnableSince;
                ns.runnableSince = -1;
            }
            if (ns.wokenAt >= 0) {
                k.metrics().wakeupLatency().record(in - ns.wokenAt);
                ns.wokenAt = -1;
            }
            if (ns.timerExpiry >= 0) {
                k.metrics().timerLatency().record(in - ns.timerExpiry);
                ns.timerExpiry = -1;
            }
        }
        k.metrics().contextSwitch();
        TraceRecorder tr = k.metrics().trace();
        if (tr != null) {
            tr.record(t, cpu.id(), TraceEvent.Kind.SWITCH, prev.pid(), next.pid(), stateChar(prev));
        }
    }

    /**
     * {@code choose_new_asid}: whether {@code cpu} still holds a TLB tag for {@code mm}; if not, the next tag is
     * handed to it round robin (the entries of the mm that had it are gone).
     */
    private boolean asidHeld(int cpu, int mm) {
        int[] tags = asids[cpu];
        for (int tag : tags) {
            if (tag == mm) {
                return true;
            }
        }
        tags[nextAsid[cpu]] = mm;
        nextAsid[cpu] = (nextAsid[cpu] + 1) % tags.length;
        return false;
    }

    private static char stateChar(Task t) {
        return switch (t.state()) {
            case RUNNING -> 'R';
            case INTERRUPTIBLE -> 'S';
            case UNINTERRUPTIBLE -> 'D';
            case ZOMBIE -> 'Z';
        };
    }
}
