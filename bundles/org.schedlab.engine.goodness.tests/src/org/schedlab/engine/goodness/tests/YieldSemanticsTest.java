/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.goodness.GoodnessScheduler;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.task.Task;

/** sys_sched_yield and schedule() per version and patch: the seeds' bugs and fixes. */
class YieldSemanticsTest {

    /** 2.2.16 UP: the yielder loses its bit in prev_goodness and is scored again at the tail. */
    private Task yieldOnUp(String version, String... patches) {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler(version, patches);
        Task a = k.task(s, 0, 10);
        Task b = k.task(s, 0, 5);
        k.wake(s, a);
        k.wake(s, b);
        assertSame(a, k.schedule(s, 0), "higher counter runs first");
        s.sysSchedYield(a, k.machine.cpu(0));
        assertTrue(k.machine.cpu(0).needResched());
        return k.schedule(s, 0) == a ? a : null;
    }

    @Test
    void linux2216UpYieldPicksTheYielderAgain() {
        assertTrue(yieldOnUp("2.2.16") != null, "the 2.2 bug: prev re-chosen at full goodness");
        assertTrue(yieldOnUp("2.3.5") != null);
    }

    @Test
    void schreterV1AndV2MakeTheYieldWorkOnUp() {
        assertEquals(null, yieldOnUp("2.2.16", "schreter-v1-2001"));
        assertEquals(null, yieldOnUp("2.2.16", "schreter-v2-2001"));
    }

    /** SMP: the other tasks are exhausted, so c == 0 triggers a recalculation. */
    private Task yieldWithExhaustedOthers(String... patches) {
        FakeKernel k = new FakeKernel(2);
        GoodnessScheduler s = k.scheduler("2.2.16", patches);
        Task a = k.task(s, 0, 10);
        Task c = k.task(s, 1, 10);
        Task b = k.task(s, 0, 0);
        k.wake(s, a);
        k.wake(s, c);
        assertSame(a, k.schedule(s, 0));
        assertSame(c, k.schedule(s, 1));
        k.wake(s, b);
        s.sysSchedYield(a, k.machine.cpu(0));
        return k.schedule(s, 0);
    }

    @Test
    void linux2216SmpRecalculationEatsTheYieldBit() {
        Task next = yieldWithExhaustedOthers();
        assertEquals("t2", next.name(), "prev competes normally after the recalculation and wins");
    }

    @Test
    void schreterV2KeepsTheBitAcrossTheRecalculation() {
        Task next = yieldWithExhaustedOthers("schreter-v2-2001");
        assertEquals("t4", next.name(), "the exhausted task, refilled, runs instead of the yielder");
    }

    /** George Anzinger's objection: with v1 a real-time task with the yield bit hands the CPU to SCHED_OTHER. */
    private Task realTimeKernelYield(String... patches) {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.2.16", patches);
        Task rt = k.task(s, 0, 10, Policy.FIFO, 50);
        Task other = k.task(s, 0, 10);
        k.wake(s, rt);
        k.wake(s, other);
        assertSame(rt, k.schedule(s, 0));
        s.kernelYield(rt, k.machine.cpu(0));
        return k.schedule(s, 0) == rt ? rt : other;
    }

    @Test
    void anzingerObjectionV1LetsAYieldingRealTimeTaskHandTheCpuToSchedOther() {
        assertEquals(Policy.FIFO, realTimeKernelYield().policy(), "2.2.16: the RT task keeps the CPU");
        assertEquals(Policy.OTHER, realTimeKernelYield("schreter-v1-2001").policy(),
                "v1: prev_goodness -1 and p != prev hand the CPU to a SCHED_OTHER task");
    }

    @Test
    void v1SysSchedYieldOfARealTimeTaskKeepsTheCpuAsIvanReplied() {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler("2.2.16", "schreter-v1-2001");
        Task rt = k.task(s, 0, 10, Policy.RR, 50);
        Task other = k.task(s, 0, 10);
        k.wake(s, rt);
        k.wake(s, other);
        assertSame(rt, k.schedule(s, 0));
        s.sysSchedYield(rt, k.machine.cpu(0));
        assertFalse(rt.yieldFlag(), "sys_sched_yield sets SCHED_YIELD for SCHED_OTHER only");
        assertSame(rt, k.schedule(s, 0));
    }

    @Test
    void linux24NrPendingTestAndLockPerVersion() {
        for (String v : new String[] {"2.4.14", "2.4.18-pre4"}) {
            FakeKernel k = new FakeKernel(1);
            GoodnessScheduler s = k.scheduler(v);
            Task a = k.task(s, 0, 5);
            k.wake(s, a);
            k.schedule(s, 0);
            Cpu cpu = k.machine.cpu(0);
            cpu.setNeedResched(false);
            s.sysSchedYield(a, cpu);
            assertFalse(cpu.needResched(), v + ": alone on the run queue, yield returns at once");
        }
        assertEquals(0, yieldLocks("2.4.14"));
        assertEquals(1, yieldLocks("2.4.18-pre4"), "Ingo's cleanup: runqueue_lock and move_last_runqueue");
        assertEquals(0, yieldLocks("2.4.18-pre4", "hartner-yield-2002"));
        assertEquals(1, yieldLocks("2.2.16"));
    }

    private int yieldLocks(String v, String... patches) {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = k.scheduler(v, patches);
        Task a = k.task(s, 0, 5);
        Task b = k.task(s, 0, 5);
        k.wake(s, a);
        k.wake(s, b);
        k.schedule(s, 0);
        int before = k.lockAcquisitions;
        s.sysSchedYield(k.machine.cpu(0).curr(), k.machine.cpu(0));
        return k.lockAcquisitions - before;
    }

    @Test
    void hartnerYielderWinsItsOwnScan() {
        // unpatched 2.4.18-pre4: the yielder scores -1, the other task runs
        assertEquals("other", hartnerCase(false, 3));
        assertEquals("other", hartnerCase(false, 5));
        // patched: goodness() lost its yield test, and "policy == SCHED_OTHER" fails while the bit is set, so
        // prev, moved last, scores 1000 + rt_priority and is picked again whatever the other task's counter
        assertEquals("prev", hartnerCase(true, 3));
        assertEquals("prev", hartnerCase(true, 5));
    }

    private String hartnerCase(boolean patched, int otherCounter) {
        FakeKernel k = new FakeKernel(1);
        GoodnessScheduler s = patched ? k.scheduler("2.4.18-pre4", "hartner-yield-2002") : k.scheduler("2.4.18-pre4");
        Task a = k.task(s, 0, 5);
        k.wake(s, a);
        assertSame(a, k.schedule(s, 0));
        Task b = k.task(s, 0, otherCounter);
        k.wake(s, b);
        s.sysSchedYield(a, k.machine.cpu(0));
        Task next = k.schedule(s, 0);
        assertFalse(a.yieldFlag(), "the bit is gone after the switch or when prev is picked again");
        return next == a ? "prev" : "other";
    }

    /** SMP: with Hartner's patch the yielder beats a task that last ran elsewhere. */
    private Task smpYield(String... patches) {
        FakeKernel k = new FakeKernel(2);
        GoodnessScheduler s = k.scheduler("2.4.18-pre4", patches);
        Task a = k.task(s, 0, 5);
        Task c = k.task(s, 1, 5);
        k.wake(s, a);
        k.wake(s, c);
        assertSame(a, k.schedule(s, 0));
        assertSame(c, k.schedule(s, 1));
        Task b = k.task(s, 1, 5);
        k.wake(s, b);
        s.sysSchedYield(a, k.machine.cpu(0));
        Task next = k.schedule(s, 0);
        return next == a ? a : b;
    }

    @Test
    void hartnerOnSmpKeepsTheYielderAgainstATaskFromAnotherCpu() {
        assertEquals("t4", smpYield().name(), "unpatched: the yielder scores -1, the other task runs");
        assertEquals("t2", smpYield("hartner-yield-2002").name(), "patched: the yielder scores 1000 (bit in policy)");
    }
}
