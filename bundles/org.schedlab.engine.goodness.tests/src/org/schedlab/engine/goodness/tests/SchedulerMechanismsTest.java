/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness.tests;

import org.schedlab.sim.internal.KernelMutators;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.goodness.GoodnessEngine;
import org.schedlab.engine.goodness.GoodnessScheduler;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/** The scheduler's hooks one by one on a hand-driven kernel. */
class SchedulerMechanismsTest {

    @Test
    void theScanOf450TasksCosts450GoodnessEvaluationsAndTheSlotizerOne() {
        long g = new FakeKernel(1).costs().cycles(CostKey.GOODNESS);
        long listOp = new FakeKernel(1).costs().cycles(CostKey.LIST_OP);
        assertEquals(450 * g + g, scanCycles(true), "prev_goodness plus every runnable task scored once");
        assertTrue(scanCycles(false, "libenzi-slotizer-1999") <= 2 * g + 48 * listOp,
                "promise kept at once: " + scanCycles(false, "libenzi-slotizer-1999"));
    }

    /**
     * Libenzi's slot key is goodness(p, p) computed by move_last_runqueue in sys_sched_yield and by gds_switch(prev)
     * in schedule(), both while the SCHED_YIELD bit is still in p->policy: the yielder is keyed as real time
     * into the top slot, scanned first once prev_goodness() has cleared its bit, and with a counter as high as
     * any other task's it keeps the CPU (the 2.2 yield bug, now ahead of the list instead of behind it).
     */
    @Test
    void theSlotizerKeysAYielderIntoTheTopSlotAndPicksItAgain() {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.3.5", "libenzi-slotizer-1999");
        for (int i = 0; i < 450; i++) k.wake(s, k.task(s, 0, 10));
        Task first = k.schedule(s, 0);
        s.sysSchedYield(first, k.machine.cpu(0));
        long before = k.cycles(SchedFn.SCAN);
        assertSame(first, k.schedule(s, 0), "equal counters: the yielder, first in the top slot, is picked again");
        long g = k.costs().cycles(CostKey.GOODNESS);
        assertTrue(k.cycles(SchedFn.SCAN) - before <= 3 * g + 48 * k.costs().cycles(CostKey.LIST_OP));
    }

    /** One schedule() among 450 equal threads of one mm: prev yields, or (yields == false) blocks. */
    private long scanCycles(boolean yields, String... patches) {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.3.5", patches);
        for (int i = 0; i < 450; i++) k.wake(s, k.task(s, 0, 10));
        Task first = k.schedule(s, 0);
        if (yields) {
            s.sysSchedYield(first, k.machine.cpu(0));
        } else {
            KernelMutators.task().setState(first, TaskState.INTERRUPTIBLE);
        }
        long before = k.cycles(SchedFn.SCAN);
        assertTrue(k.schedule(s, 0) != first);
        return k.cycles(SchedFn.SCAN) - before;
    }

    @Test
    void tickDecrementsTheCounterAndAsksForReschedAtZero() {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.4.18-pre4");
        Task a = k.task(s, 0, 2);
        k.wake(s, a);
        k.schedule(s, 0);
        Cpu cpu = k.machine.cpu(0);
        cpu.setNeedResched(false);
        s.schedulerTick(cpu, a);
        assertEquals(1, s.se(a).counter());
        assertFalse(cpu.needResched());
        s.schedulerTick(cpu, a);
        assertEquals(0, s.se(a).counter());
        assertTrue(cpu.needResched());
    }

    @Test
    void forkSplitsTheCounter() {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.4.14");
        Task parent = k.task(s, 0, 7);
        k.wake(s, parent);
        k.schedule(s, 0);
        Task child = new Task(99, "child", new org.schedlab.sim.task.Mm(2), false);
        KernelMutators.task().setParent(child, parent);
        k.tasks.add(child);
        s.wakeUpNewTask(child, parent, k.machine.cpu(0));
        assertEquals(4, s.se(child).counter(), "(7 + 1) >> 1");
        assertEquals(3, s.se(parent).counter(), "7 >> 1");
        assertTrue(s.onRunQueue(child));
        assertEquals(2, s.runQueue().nrRunning());
    }

    @Test
    void exhaustedRoundRobinTaskIsRefilledAndMovedLast() {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.4.18-pre4");
        Task r1 = k.task(s, 0, 1, Policy.RR, 10);
        Task r2 = k.task(s, 0, 1, Policy.RR, 10);
        k.wake(s, r2);
        k.wake(s, r1); // list: r1 r2
        assertSame(r1, k.schedule(s, 0));
        s.schedulerTick(k.machine.cpu(0), r1);
        assertSame(r2, k.schedule(s, 0), "r1 refilled and moved behind r2; 2.4.15+ scans without a prev seed");
        assertEquals(6, s.se(r1).counter(), "2.4 refill: NICE_TO_TICKS(0)");
    }

    @Test
    void linux22SeedKeepsAnExhaustedRoundRobinPrevAgainstItsEqual() {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.2.16");
        Task r1 = k.task(s, 0, 1, Policy.RR, 10);
        Task r2 = k.task(s, 0, 1, Policy.RR, 10);
        k.wake(s, r2);
        k.wake(s, r1);
        assertSame(r1, k.schedule(s, 0));
        s.schedulerTick(k.machine.cpu(0), r1);
        assertSame(r1, k.schedule(s, 0), "prev seeds c = 1010 and an equal weight never wins (strictly greater)");
        assertEquals(20, s.se(r1).counter(), "2.2 refill: priority");
        assertEquals(List.of(s.se(r2), s.se(r1)), s.runQueue().toList(), "but it was moved to the tail");
    }

    @Test
    void fifoTaskIsNotPreemptedByTheTick() {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.4.14");
        Task f = k.task(s, 0, 1, Policy.FIFO, 5);
        Task o = k.task(s, 0, 10);
        k.wake(s, o);
        k.wake(s, f);
        assertSame(f, k.schedule(s, 0));
        s.schedulerTick(k.machine.cpu(0), f);
        assertSame(f, k.schedule(s, 0));
    }

    @Test
    void wakeupOnSmpPrefersTheIdleCpuAndSendsAnIpi() {
        FakeKernel k = new FakeKernel(4);
        GoodnessScheduler s = k.scheduler("2.4.18-pre4");
        Task busy = k.task(s, 0, 10);
        k.wake(s, busy);
        k.schedule(s, 0);
        KernelMutators.cpu().setLastSchedule(k.machine.cpu(1), 500);
        KernelMutators.cpu().setLastSchedule(k.machine.cpu(2), 100); // oldest idle
        KernelMutators.cpu().setLastSchedule(k.machine.cpu(3), 300);
        Task p = k.task(s, 0, 10);
        KernelMutators.task().setState(p, TaskState.RUNNING);
        int ipis = k.ipis;
        s.tryToWakeUp(p, k.machine.cpu(0), false);
        assertTrue(k.machine.cpu(2).needResched(), "idle CPU with the oldest last_schedule");
        assertFalse(k.machine.cpu(1).needResched());
        assertEquals(ipis + 1, k.ipis);
    }

    @Test
    void wakeupOnUpPreemptsOnlyWithPositivePreemptionGoodness() {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.2.16");
        Task a = k.task(s, 0, 10);
        k.wake(s, a);
        k.schedule(s, 0);
        Cpu cpu = k.machine.cpu(0);
        cpu.setNeedResched(false);
        k.wake(s, k.task(s, 0, 3));
        assertFalse(cpu.needResched());
        k.wake(s, k.task(s, 0, 15));
        assertTrue(cpu.needResched());
    }

    @Test
    void recalculationCoversSleepers() {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.4.14");
        Task a = k.task(s, 0, 0);
        Task sleeper = k.task(s, 0, 4);
        k.wake(s, a);
        k.schedule(s, 0);
        assertEquals(6, s.se(a).counter());
        assertEquals(2 + 6, s.se(sleeper).counter());
        assertTrue(k.cycles(SchedFn.RECALC) >= 2 * k.costs().cycles(CostKey.RECALC_PER_TASK));
    }

    @Test
    void switchtoRunsTheNamedTask() {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.2.16", "switchto");
        List<Task> ts = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Task t = k.task(s, 0, 10 + i);
            ts.add(t);
            k.wake(s, t);
        }
        Task first = k.schedule(s, 0);
        Task target = ts.get(0);
        assertTrue(s.yieldTo(first, target, k.machine.cpu(0)));
        assertSame(target, k.schedule(s, 0));
        GoodnessScheduler plain = new FakeKernel(1).scheduler("2.2.16");
        assertFalse(plain.yieldTo(first, target, k.machine.cpu(0)), "without the extension: not supported");
    }

    @Test
    void unknownVersionsAndMisappliedPatchesAreRejected() {
        FakeKernel k = new FakeKernel(1);
        GoodnessEngine e = new GoodnessEngine();
        assertThrows(IllegalArgumentException.class, () -> e.create(SchedulerConfig.of("2.6.0"), k));
        assertThrows(IllegalArgumentException.class,
                () -> e.create(new SchedulerConfig("2.4.14", Set.of("libenzi-slotizer-1999"), Map.of()), k));
        assertThrows(IllegalArgumentException.class, () -> e.create(
                new SchedulerConfig("2.2.16", Set.of("schreter-v1-2001", "schreter-v2-2001"), Map.of()), k));
        assertThrows(IllegalArgumentException.class,
                () -> e.create(new SchedulerConfig("2.2.16", Set.of("nope"), Map.of()), k));
    }

    @Test
    void engineMetadata() {
        var info = new GoodnessEngine().info();
        assertEquals("goodness", info.id());
        assertEquals(List.of("2.2.16", "2.3.5", "2.4.14", "2.4.18-pre4"), info.versions());
        assertEquals(5, info.patches().size());
        assertTrue(info.patch("switchto").orElseThrow().extension());
        assertFalse(info.patch("hartner-yield-2002").orElseThrow().extension());
        assertEquals(List.of("2.3.5"), info.patch("libenzi-slotizer-1999").orElseThrow().appliesTo());
    }

    /** 2.2 reschedule_idle: a wakee related() to current on its last CPU stays put; otherwise the idle CPU is kicked. */
    private boolean wakeKicksIdleCpu(boolean bkl) {
        FakeKernel k = new FakeKernel(2);
        GoodnessScheduler s = k.scheduler("2.2.16");
        Task a = k.task(s, 0, 10);
        KernelMutators.task().setHoldsBkl(a, bkl);
        k.wake(s, a);
        k.schedule(s, 0);
        Task p = k.task(s, 0, 10);
        KernelMutators.task().setHoldsBkl(p, bkl);
        KernelMutators.task().setState(p, TaskState.RUNNING);
        int ipis = k.ipis;
        s.tryToWakeUp(p, k.machine.cpu(0), false);
        return k.machine.cpu(1).needResched() && k.ipis == ipis + 1;
    }

    @Test
    void relatedTasksHoldingTheBigKernelLockStayOnTheirCpu() {
        assertTrue(wakeKicksIdleCpu(false), "unrelated: the idle CPU gets need_resched and an IPI");
        assertFalse(wakeKicksIdleCpu(true), "both hold the BKL and current's avg_slice < cacheflush_time");
    }
}
