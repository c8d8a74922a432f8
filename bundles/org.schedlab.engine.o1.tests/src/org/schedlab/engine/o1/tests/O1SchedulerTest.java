/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1.tests;

import org.schedlab.sim.internal.KernelMutators;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.schedlab.engine.o1.O1Engine;
import org.schedlab.engine.o1.O1Scheduler;
import org.schedlab.engine.o1.O1Task;
import org.schedlab.engine.o1.PrioMath;
import org.schedlab.engine.o1.RunQueue;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.IdlePolicy;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/** Mechanism tests: the engine's hooks driven by hand on a 4-way Itanium 2 at HZ=250. */
class O1SchedulerTest {
    private static final long MS = 1_000_000L;
    private FakeKernel k;
    private O1Scheduler s;
    private Cpu cpu0;
    private Cpu cpu1;

    private O1Scheduler create(String... patches) {
        return (O1Scheduler) new O1Engine().create(new SchedulerConfig("2.6.15", Set.of(patches), Map.of()), k);
    }

    @BeforeEach
    void setUp() {
        k = new FakeKernel(MachineProfile.itanium2(250));
        s = create();
        cpu0 = k.machine.cpu(0);
        cpu1 = k.machine.cpu(1);
    }

    private Task boot(String name, int nice, Cpu cpu) {
        Task t = k.newTask(name, nice, cpu.id());
        s.initTask(t);
        KernelMutators.task().setState(t, TaskState.RUNNING);
        s.tryToWakeUp(t, cpu, false);
        return t;
    }

    private Task runSchedule(Cpu cpu) {
        cpu.setNeedResched(false);
        Task next = s.schedule(cpu, cpu.curr());
        k.switchTo(cpu, next);
        return next;
    }

    private void tick(Cpu cpu) {
        k.advanceTo(cpu.now() + k.machine.profile().tickNs());
        s.schedulerTick(cpu, cpu.curr());
        s.loadBalance(cpu, cpu.isIdle());
    }

    @Test
    void idlePatchSelectsTheMachineIdlePolicy() {
        assertEquals(IdlePolicy.HALT, k.machine.idlePolicy());
        k = new FakeKernel(MachineProfile.itanium2(250));
        create("ia64-idle-polling-2.6.15-rc1");
        assertEquals(IdlePolicy.HALT_POLLING_FLAG_SET, k.machine.idlePolicy());
        k = new FakeKernel(MachineProfile.itanium2(250));
        create("poll-idle");
        assertEquals(IdlePolicy.POLL, k.machine.idlePolicy());
        assertThrows(IllegalArgumentException.class, () -> create("no-such-patch"));
        assertThrows(IllegalArgumentException.class,
                () -> new O1Engine().create(SchedulerConfig.of("2.6.24"), k));
    }

    @Test
    void scheduleTakesTheBestPriorityFirstAndIdlesWhenEmpty() {
        Task low = boot("low", 10, cpu0);
        Task high = boot("high", -10, cpu0);
        assertEquals(2, s.nrRunning(cpu0));
        assertSame(high, runSchedule(cpu0));
        KernelMutators.task().setState(high, TaskState.INTERRUPTIBLE);
        assertSame(low, runSchedule(cpu0));
        assertFalse(s.onRunQueue(high));
        KernelMutators.task().setState(low, TaskState.INTERRUPTIBLE);
        assertSame(cpu0.idle(), runSchedule(cpu0));
        assertEquals(0, s.nrRunning(cpu0));
        assertTrue(k.metrics.cycles(SchedFn.SCAN) > 0, "bitmap search charged");
        assertTrue(k.metrics.cycles(SchedFn.DEQUEUE) > 0);
    }

    @Test
    void wakingATaskOntoAnIdleRemoteCpuReschedsItAndSendsAnIpiWhenHalting() {
        Task a = boot("a", 0, cpu0);
        runSchedule(cpu0);
        Task b = boot("b", 0, cpu1);
        runSchedule(cpu1);
        KernelMutators.task().setState(b, TaskState.INTERRUPTIBLE);
        assertSame(cpu1.idle(), runSchedule(cpu1));
        k.ipis = 0;
        KernelMutators.task().setState(b, TaskState.RUNNING);
        s.tryToWakeUp(b, cpu0, false); // a on cpu0 wakes b, last on idle cpu1
        assertEquals(1, b.processor(), "non-sync wakeup stays on the previous (idle) CPU");
        assertTrue(cpu1.needResched(), "resched an idle target always");
        assertEquals(1, k.ipis);
        assertSame(a, cpu0.curr());
    }

    @Test
    void aSyncWakeupOfACacheColdTaskIsPulledToTheWakingCpuWithoutPreemption() {
        Task a = boot("a", 0, cpu0);
        runSchedule(cpu0);
        Task b = boot("b", 0, cpu1);
        runSchedule(cpu1);
        KernelMutators.task().setState(b, TaskState.INTERRUPTIBLE);
        runSchedule(cpu1);
        KernelMutators.task().setState(b, TaskState.RUNNING);
        s.tryToWakeUp(b, cpu0, true);
        assertEquals(0, b.processor(), "wake affine");
        assertFalse(cpu0.needResched(), "sync wakeup onto this CPU does not preempt");
        assertEquals(2, s.nrRunning(cpu0));
    }

    @Test
    void aCpuHogExpiresIntoTheExpiredArrayAndTheArraysSwap() {
        Task hog = boot("hog", 0, cpu0);
        Task other = boot("other", 0, cpu0);
        assertSame(hog, runSchedule(cpu0));
        O1Task h = (O1Task) hog.se();
        int slice = h.timeSlice();
        assertEquals(25, slice, "100 ms at HZ=250");
        for (int i = 0; i < slice; i++) {
            tick(cpu0);
        }
        assertTrue(cpu0.needResched());
        RunQueue rq = s.runQueue(cpu0);
        assertSame(rq.expired(), h.array(), "a non-interactive task expires");
        assertSame(other, runSchedule(cpu0));
        KernelMutators.task().setState(other, TaskState.INTERRUPTIBLE);
        assertSame(hog, runSchedule(cpu0), "active empty: arrays swap");
        assertSame(rq.active(), h.array());
        assertEquals(25, h.timeSlice(), "refilled");
    }

    @Test
    void anInteractiveTaskIsReinsertedIntoTheActiveArrayUntilTheExpiredArrayStarves() {
        Task inter = boot("inter", 0, cpu0);
        Task hog = boot("hog", 0, cpu0);
        O1Task t = (O1Task) inter.se();
        t.setSleepAvg(950 * MS);
        assertSame(inter, runSchedule(cpu0));
        // hog to the expired array so there is something to starve
        RunQueue rq = s.runQueue(cpu0);
        O1Task h = (O1Task) hog.se();
        s.sysSchedYield(hog, cpu0); // hog not running, but yield's array move is what we want
        assertSame(rq.expired(), h.array());
        int reinserted = 0;
        int expired = 0;
        for (int i = 0; i < 2000 && expired == 0; i++) {
            cpu0.setNeedResched(false);
            tick(cpu0);
            if (t.array() == rq.expired()) {
                expired++;
            } else if (t.timeSlice() == 25 && cpu0.needResched()) {
                reinserted++;
            }
            t.setSleepAvg(950 * MS); // stays interactive
        }
        assertTrue(reinserted >= 1, "interactive task reinserted into the active array");
        assertEquals(1, expired, "EXPIRED_STARVING eventually sends it to the expired array");
    }

    @Test
    void yieldMovesTheTaskToTheExpiredArrayBehindEveryActiveTask() {
        Task a = boot("a", 0, cpu0);
        Task b = boot("b", 5, cpu0);
        assertSame(a, runSchedule(cpu0));
        s.sysSchedYield(a, cpu0);
        assertTrue(cpu0.needResched());
        assertSame(s.runQueue(cpu0).expired(), ((O1Task) a.se()).array());
        assertSame(b, runSchedule(cpu0), "a worse-priority active task runs before the yielder");
        assertTrue(k.metrics.cycles(SchedFn.YIELD) > 0);
    }

    @Test
    void sleepAvgRewardsSleepersAndPunishesHogs() {
        Task sleeper = boot("sleeper", 0, cpu0);
        assertSame(sleeper, runSchedule(cpu0));
        KernelMutators.task().setState(sleeper, TaskState.INTERRUPTIBLE);
        runSchedule(cpu0);
        k.advanceTo(cpu0.now() + 80 * MS);
        KernelMutators.task().setState(sleeper, TaskState.RUNNING);
        s.tryToWakeUp(sleeper, cpu0, false);
        O1Task t = (O1Task) sleeper.se();
        assertTrue(t.sleepAvg() >= 800 * MS, "80 ms x (MAX_BONUS - 0), got " + t.sleepAvg());
        assertEquals(PrioMath.niceToPrio(0) - 3, t.prio(), "bonus 8 - MAX_BONUS/2");
    }

    @Test
    void idleBalancePullsAWaitingTaskToANewlyIdleCpu() {
        Task a = boot("a", 0, cpu0);
        Task b = boot("b", 0, cpu0);
        Task c = boot("c", 0, cpu1);
        assertSame(a, runSchedule(cpu0));
        runSchedule(cpu1);
        for (int i = 0; i < 3; i++) { // cpu0's cpu_load[] history builds up; b becomes cache-cold
            tick(cpu0);
        }
        k.advanceTo(cpu0.now());
        KernelMutators.task().setState(c, TaskState.INTERRUPTIBLE);
        assertSame(b, runSchedule(cpu1), "newly idle cpu1 pulls b");
        assertEquals(1, b.processor());
        assertNotSame(cpu1.idle(), cpu1.curr());
        assertTrue(k.metrics.cycles(SchedFn.BALANCE) > 0);
    }

    @Test
    void periodicBalancingSpreadsTasksOntoIdleCpus() {
        for (int i = 0; i < 4; i++) {
            boot("t" + i, 0, cpu0);
        }
        runSchedule(cpu0);
        for (int round = 0; round < 40; round++) {
            for (Cpu c : k.machine.cpus()) {
                tick(c);
                if (c.needResched()) {
                    runSchedule(c);
                }
            }
        }
        for (Cpu c : k.machine.cpus()) {
            assertEquals(1, s.nrRunning(c), "one task per CPU on " + c);
        }
    }

    @Test
    void forkQueuesAChildProcessAheadOfItsParent() {
        Task parent = boot("parent", 0, cpu0);
        assertSame(parent, runSchedule(cpu0));
        int before = ((O1Task) parent.se()).timeSlice();
        Task child = k.newTask("child", 0, 0);
        KernelMutators.task().setState(child, TaskState.RUNNING);
        s.wakeUpNewTask(child, parent, cpu0);
        assertTrue(cpu0.needResched());
        assertEquals(before, ((O1Task) parent.se()).timeSlice() + ((O1Task) child.se()).timeSlice(),
                "the slice is split, not created");
        assertSame(child, runSchedule(cpu0), "child runs first");
    }
}
