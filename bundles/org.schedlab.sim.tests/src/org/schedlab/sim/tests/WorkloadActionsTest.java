/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.SimulationException;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.BarrierPoint;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Cond;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Mutex;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.UserLock;
import org.schedlab.sim.workload.Workload;

class WorkloadActionsTest {
    private static final MachineProfile UP = MachineProfile.piii700().withCpus(1);
    private static final MachineProfile SMP4 = MachineProfile.piii700().withCpus(4);

    private static Workload one(String name, int n, boolean threads, Action... body) {
        Program p = Program.of(name, Action.Loop.forever(body));
        return Workload.of(name, threads ? ThreadGroup.threads(name, n, p) : ThreadGroup.processes(name, n, p));
    }

    @Test
    void computeInCyclesRunsAtTheClock() {
        SimResult r = Sims.rr(UP, one("c", 1, false, Action.Compute.cycles(7_000_000), new Action.Count("work", 1)),
                Time.s(1));
        TaskResult t = r.metrics().tasks().get(0);
        assertEquals(99, t.counter("work"), "7M cycles at 700 MHz are 10 ms; ticks and the switch cost the rest");
        assertTrue(t.cpuNs() > Time.ms(999), "cpu " + t.cpuNs());
    }

    @Test
    void sleepBlocksForItsDurationAndTheCpuIdles() {
        SimResult r = Sims.rr(UP, one("s", 1, false, new Action.Sleep(Distribution.constant(Time.ms(5))),
                new Action.Count("naps", 1)), Time.s(1));
        long naps = r.metrics().counters().get("naps");
        assertTrue(naps >= 190 && naps <= 200, "naps " + naps);
        assertTrue(r.metrics().cpus().get(0).idleNs() > Time.ms(950));
        assertEquals(naps, r.metrics().tasks().get(0).voluntarySwitches(), 1);
        assertEquals(naps, r.metrics().wakeupLatency().count(), 1);
    }

    @Test
    void aBoundedChannelBlocksTheSenderAndWakesTheReceiver() {
        Channel ch = Channel.pipe("pipe", 4);
        Workload w = Workload.of("pc",
                ThreadGroup.processes("producer", 1, Program.of("p", Action.Loop.forever(
                        Action.Compute.ns(Time.us(10)), new Action.Send(ch), new Action.Count("sent", 1)))),
                ThreadGroup.processes("consumer", 1, Program.of("c", Action.Loop.forever(
                        new Action.Recv(ch), Action.Compute.ns(Time.ms(1)), new Action.Count("received", 1)))));
        SimResult r = Sims.rr(MachineProfile.piii700().withCpus(2), w, Time.s(1));
        long sent = r.metrics().counters().get("sent");
        long received = r.metrics().counters().get("received");
        assertTrue(received > 900, "received " + received);
        assertTrue(sent - received >= 0 && sent - received <= 5, "sent " + sent + " received " + received);
        assertTrue(r.metrics().task(1).voluntarySwitches() > 900, "the producer blocks on the full pipe");
    }

    @Test
    void aFlagMergesTheWakeupsSentWhileOnePends() {
        Channel flag = new Channel("wake", 1, false, Channel.Kind.FLAG);
        Workload w = Workload.of("pc",
                ThreadGroup.processes("waker", 1, Program.of("p", Action.Loop.forever(
                        new Action.Send(flag), Action.Compute.ns(Time.ms(1)), new Action.Count("sent", 1)))),
                ThreadGroup.processes("woken", 1, Program.of("c", Action.Loop.forever(
                        new Action.Recv(flag), Action.Compute.ns(Time.ms(10)), new Action.Count("received", 1)))));
        SimResult r = Sims.rr(MachineProfile.piii700().withCpus(2), w, Time.s(1));
        long sent = r.metrics().counters().get("sent");
        long received = r.metrics().counters().get("received");
        assertTrue(sent > 900, "the waker never blocks: " + sent);
        assertTrue(received >= 90 && received <= 100, "one wakeup per 10 ms of work: " + received);
        assertEquals(0, r.metrics().task(1).voluntarySwitches(), "the waker never blocks on a set flag");
    }

    @Test
    void broadcastReachesEveryChannel() {
        List<Channel> chs = List.of(Channel.pipe("a", 1), Channel.pipe("b", 1), Channel.pipe("c", 1));
        ThreadGroup tx = ThreadGroup.processes("tx", 1, Program.of("tx", Action.Loop.forever(
                Action.Compute.ns(Time.us(100)), new Action.Broadcast(chs))));
        ThreadGroup[] rx = new ThreadGroup[3];
        for (int i = 0; i < 3; i++) {
            rx[i] = ThreadGroup.processes("rx" + i, 1, Program.of("rx", Action.Loop.forever(
                    new Action.Recv(chs.get(i)), new Action.Count("got" + i, 1))));
        }
        SimResult r = Sims.rr(SMP4, Workload.of("bc", tx, rx[0], rx[1], rx[2]), Time.ms(200));
        long g0 = r.metrics().counters().get("got0");
        assertTrue(g0 > 1000, "got " + g0);
        assertEquals(g0, r.metrics().counters().get("got1"), 2);
        assertEquals(g0, r.metrics().counters().get("got2"), 2);
    }

    @Test
    void aMutexSerialisesItsCriticalSections() {
        Mutex m = new Mutex("m");
        SimResult r = Sims.rr(SMP4, one("crit", 4, true, new Action.MutexLock(m), Action.Compute.ns(Time.us(100)),
                new Action.Count("sections", 1), new Action.MutexUnlock(m)), Time.ms(500));
        long held = r.metrics().counters().get("sections") * Time.us(100);
        assertTrue(held <= Time.ms(500), "sections overlap: " + held + " ns of holding in 500 ms");
        assertTrue(held > Time.ms(400), "the lock is nearly always held: " + held);
        // an unfair mutex: the releaser may take it again before a woken waiter runs, so one task may never wait
        assertTrue(r.metrics().tasks().stream().filter(t -> t.voluntarySwitches() > 0).count() >= 3, "waiters block");
    }

    @Test
    void userSpinLocksSpinThenYieldThenBlock() {
        UserLock l = new UserLock("l");
        SimResult spinning = Sims.rr(SMP4, one("spin", 4, true, new Action.SpinLock(l, 100_000, 0),
                Action.Compute.ns(Time.us(100)), new Action.Count("sections", 1), new Action.SpinUnlock(l),
                Action.Compute.ns(Time.us(50))), Time.ms(500));
        long sections = spinning.metrics().counters().get("sections");
        assertTrue(sections * Time.us(100) <= Time.ms(500) && sections * Time.us(100) > Time.ms(400),
                "sections " + sections);
        long user = spinning.metrics().cpus().stream().mapToLong(c -> c.userNs()).sum();
        assertTrue(user > 3 * Time.ms(400), "spinners burn user time on 4 CPUs: " + user);
        assertTrue(spinning.metrics().tasks().stream().allMatch(t -> t.voluntarySwitches() == 0),
                "a 1.4 ms spin outlasts three 100 us sections: nobody blocks");

        SimResult blocking = Sims.rr(SMP4, one("block", 4, true, new Action.SpinLock(l, 0, 2),
                Action.Compute.ns(Time.us(100)), new Action.Count("sections", 1), new Action.SpinUnlock(l),
                Action.Compute.ns(Time.us(50))), Time.ms(500));
        assertTrue(blocking.metrics().tasks().stream().allMatch(t -> t.voluntarySwitches() > 0), "waiters block");
        long busy = blocking.metrics().cpus().stream().mapToLong(c -> c.userNs()).sum();
        assertTrue(busy < user / 2, "blocking waiters leave CPUs idle: " + busy);
    }

    @Test
    void testAndSetIsUnfairToSpinners() {
        UserLock l = new UserLock("l");
        SimResult r = Sims.rr(SMP4, one("greedy", 4, true, new Action.SpinLock(l, 1_000, 0),
                Action.Compute.ns(Time.us(100)), new Action.Count("sections", 1), new Action.SpinUnlock(l)),
                Time.ms(200));
        long[] sections = r.metrics().tasks().stream().mapToLong(t -> t.counter("sections")).sorted().toArray();
        assertTrue(sections[3] > 10 * Math.max(1, sections[0]), "the releaser re-takes the lock before the"
                + " spinners see it free: " + java.util.Arrays.toString(sections));
    }

    @Test
    void aBarrierKeepsTasksInStep() {
        BarrierPoint b = new BarrierPoint("b", 4);
        SimResult r = Sims.rr(SMP4, one("bar", 4, true, new Action.Compute(new Distribution.Uniform(Time.us(100),
                Time.ms(2)), false), new Action.Barrier(b), new Action.Count("rounds", 1)), Time.ms(500));
        long first = r.metrics().tasks().get(0).counter("rounds");
        assertTrue(first > 100, "rounds " + first);
        for (TaskResult t : r.metrics().tasks()) {
            assertEquals(first, t.counter("rounds"), 1, t.name());
        }
    }

    @Test
    void aBarrierThatStartsTheMeasurementOpensTheWindowAtItsFirstCompletion() {
        // four tasks: 20 ms of set-up (one of them 30 ms), the barrier, 10 ms of work, exit
        for (boolean starts : new boolean[] {false, true}) {
            BarrierPoint b = new BarrierPoint("go", 4, starts);
            Program fast = Program.of("fast", Action.Compute.ns(Time.ms(20)), new Action.Barrier(b),
                    Action.Compute.ns(Time.ms(10)), new Action.Count("done", 1));
            Program slow = Program.of("slow", Action.Compute.ns(Time.ms(30)), new Action.Barrier(b),
                    Action.Compute.ns(Time.ms(10)), new Action.Count("done", 1));
            Workload w = Workload.of("go", ThreadGroup.processes("fast", 3, fast),
                    ThreadGroup.processes("slow", 1, slow));
            SimResult r = Sims.rr(SMP4, w, Time.s(1));
            assertEquals(4, r.metrics().counters().get("done"), "the work after the barrier is in the window");
            double ms = r.metrics().elapsedNs() / 1e6;
            if (starts) {
                assertTrue(ms > 10 && ms < 11, "from the last arrival (30 ms) to the last exit: " + ms + " ms");
            } else {
                assertTrue(ms > 40 && ms < 41.5, "from the boot to the last exit: " + ms + " ms");
            }
        }
    }

    @Test
    void aPollingBarrierLetsEachTaskOnAtItsNextLook() {
        BarrierPoint b = new BarrierPoint("start", 4);
        // three tasks arrive at once and poll every 10 ms; the fourth arrives after 25 ms of work
        Program poller = Program.of("poll", new Action.Barrier(b, Time.ms(10)), new Action.Count("started", 1),
                Action.Loop.forever(Action.Compute.ns(Time.ms(1))));
        Program late = Program.of("late", Action.Compute.ns(Time.ms(25)), new Action.Barrier(b, Time.ms(10)),
                new Action.Count("started", 1), Action.Loop.forever(Action.Compute.ns(Time.ms(1))));
        Workload w = Workload.of("start", ThreadGroup.processes("poller", 3, poller),
                ThreadGroup.processes("late", 1, late));
        SimResult early = Sims.rr(SMP4, w, Time.ms(24));
        assertEquals(0, early.metrics().counters().getOrDefault("started", 0L), "nobody passes before the last"
                + " arrives");
        SimResult r = Sims.rr(SMP4, w, Time.ms(100));
        assertEquals(4, r.metrics().counters().get("started"));
        int pollers = 0;
        for (TaskResult t : r.metrics().tasks()) {
            if (t.name().startsWith("poller")) {
                pollers++;
                assertEquals(3, t.voluntarySwitches(), 1, t.name() + " sleeps at each look before the last arrival"
                        + " (0, 10, 20 ms) and passes at 30 ms");
            }
        }
        assertEquals(3, pollers);
        assertThrows(IllegalArgumentException.class, () -> new Action.Barrier(b, -1));
    }

    @Test
    void conditionVariablesHandOver() {
        Mutex m = new Mutex("m");
        Cond c = new Cond("c");
        Workload w = Workload.of("cv",
                ThreadGroup.threads("waiter", 1, Program.of("w", Action.Loop.forever(new Action.MutexLock(m),
                        new Action.CondWait(c, m), new Action.MutexUnlock(m), new Action.Count("woken", 1)))),
                ThreadGroup.threads("signaller", 1, Program.of("s", Action.Loop.forever(
                        new Action.Sleep(Distribution.constant(Time.ms(1))), new Action.MutexLock(m),
                        new Action.CondSignal(c), new Action.MutexUnlock(m), new Action.Count("signals", 1)))));
        SimResult r = Sims.rr(MachineProfile.piii700().withCpus(2), w, Time.ms(200));
        long signals = r.metrics().counters().get("signals");
        assertTrue(signals > 150, "signals " + signals);
        assertEquals(signals, r.metrics().counters().get("woken"), 1);
    }

    @Test
    void forkExecExitWaitCostWhatTheTableSays() {
        Program child = Program.of("child", new Action.Exit());
        Program execer = Program.of("execer", new Action.Exec(Program.of("hello", new Action.Exit())));
        SimResult fork = Sims.rr(UP, one("lat_proc", 1, false, new Action.Fork(child, false), new Action.Wait(),
                new Action.Count("iterations", 1)), Time.ms(500));
        SimResult exec = Sims.rr(UP, one("lat_proc", 1, false, new Action.Fork(execer, false), new Action.Wait(),
                new Action.Count("iterations", 1)), Time.ms(500));
        double forkUs = 500_000.0 / fork.metrics().counters().get("iterations");
        double execUs = 500_000.0 / exec.metrics().counters().get("iterations");
        double execCostUs = UP.costs().cycles(CostKey.EXEC) / 700.0;
        assertEquals(execCostUs, execUs - forkUs, execCostUs * 0.05, "fork+exec minus fork+exit");
        assertTrue(forkUs > 100 && forkUs < 140, "fork+exit " + forkUs + " us (seed 000: 118.7 us)");
        assertTrue(fork.metrics().tasks().size() <= 2, "children are reaped: " + fork.metrics().tasks());
    }

    @Test
    void phasesBookTheirTime() {
        Workload w = Workload.of("ph", ThreadGroup.processes("p", 1, Program.of("p",
                new Action.Phase("warmup", List.of(new Action.Loop(10, List.of(Action.Compute.ns(Time.ms(1)))))),
                new Action.Sleep(Distribution.constant(Time.S)))));
        SimResult r = Sims.rr(UP, w, Time.ms(100));
        long warm = r.metrics().phaseNs().get("warmup");
        assertTrue(warm >= Time.ms(10) && warm < Time.ms(11), "warmup " + warm);
    }

    @Test
    void aProgramThatEndsExits() {
        Workload w = Workload.of("short", ThreadGroup.processes("p", 3, Program.of("p", Action.Compute.ns(Time.ms(1)))));
        SimResult r = Sims.rr(UP, w, Time.ms(50));
        assertEquals(0, r.metrics().tasks().size(), "boot tasks without a parent are reaped at exit");
        long elapsed = r.metrics().elapsedNs();
        assertTrue(elapsed >= Time.ms(3) && elapsed < Time.ms(4), "the run ends when the last task exits: " + elapsed);
    }

    @Test
    void zeroCostSystemCallsInALoopAreReportedNotHung() {
        Workload w = one("free", 1, false, new Action.Yield());
        SimulationException e = assertThrows(SimulationException.class, () -> Sims.rr(Sims.flat(1, 0), w, Time.ms(1)));
        assertTrue(e.getMessage().contains("loops without using time"), e.getMessage());
    }

    @Test
    void unlockingALockNotHeldIsAnError() {
        Workload w = one("bad", 1, false, new Action.MutexUnlock(new Mutex("m")));
        assertThrows(SimulationException.class, () -> Sims.rr(UP, w, Time.ms(10)));
    }

    @Test
    void aLoopThatNeverUsesTimeIsReported() {
        Workload w = one("spin", 1, false, new Action.Count("x", 1));
        SimulationException e = assertThrows(SimulationException.class, () -> Sims.rr(UP, w, Time.ms(10)));
        assertTrue(e.getMessage().contains("without using time"), e.getMessage());
    }

    @Test
    void yieldToIsAPlainYieldForAnEngineWithoutDirectedYield() {
        Workload directed = org.schedlab.sim.testing.SmallWorkloads.handoff(2, Time.us(100));
        Program plain = Program.of("yielder", Action.Loop.forever(Action.Compute.ns(Time.us(100)),
                new Action.Count("work", 1), new Action.Yield()));
        Program other = Program.of("other", Action.Loop.forever(Action.Compute.ns(Time.us(100)), new Action.Yield()));
        Workload undirected = new Workload("handoff", List.of(ThreadGroup.threads("producer", 1, plain),
                ThreadGroup.threads("consumer", 1, plain), ThreadGroup.processes("other", 2, other)));
        SimResult a = Sims.rr(UP, directed, Time.ms(100));
        SimResult b = Sims.rr(UP, undirected, Time.ms(100));
        assertTrue(a.metrics().yieldCalls() > 100, "yields " + a.metrics().yieldCalls());
        assertEquals(b.metrics().yieldCalls(), a.metrics().yieldCalls());
        assertEquals(b.metrics().contextSwitches(), a.metrics().contextSwitches());
        assertEquals(b.metrics().cpus(), a.metrics().cpus());
    }
}
