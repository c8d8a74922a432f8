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
import org.schedlab.sim.Cancellation;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.CpuResult;
import org.schedlab.sim.metrics.MetricsSnapshot;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.testing.RandomWorkloads;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** The warm-up: simulated first, then every figure of the result covers the measured window only. */
class WarmupTest {
    private static final MachineProfile UP = MachineProfile.piii700().withCpus(1);
    private static final long WARMUP = Time.ms(250);
    private static final long MEASURED = Time.ms(300);

    /**
     * One task: 100 items of 2 ms (500 items/s, about 200 ms of simulated time, sleeping 1 us after each so
     * there are wakeups), then items of 1 ms forever (1000 items/s, never sleeping again).
     */
    private static Workload phaseChange() {
        Program p = Program.of("pc",
                new Action.Phase("slow", List.of(new Action.Loop(100, List.of(Action.Compute.ns(Time.ms(2)),
                        new Action.Count("items", 1), new Action.Sleep(Distribution.constant(Time.us(1))))))),
                new Action.Phase("fast", List.of(Action.Loop.forever(Action.Compute.ns(Time.ms(1)),
                        new Action.Count("items", 1)))));
        return Workload.of("pc", ThreadGroup.processes("pc", 1, p));
    }

    private static SimConfig.Builder rr(MachineProfile m, Workload w) {
        return SimConfig.builder().machine(m).engine(new RoundRobinEngine()).workload(w).seed(1).checkInvariants(true);
    }

    @Test
    void theMeasuredRateIsTheRateAfterTheWarmUp() {
        SimResult whole = Simulation.run(rr(UP, phaseChange()).duration(WARMUP + MEASURED).build());
        SimResult warm = Simulation.run(rr(UP, phaseChange()).warmup(WARMUP).duration(MEASURED).build());
        // measured from boot: (100 slow + ~350 fast items) / 0.55 s, well below the fast rate
        assertEquals(816, whole.rate("items"), 15, "whole run mixes both phases");
        assertEquals(1000, warm.rate("items"), 10, "only the fast phase is measured");
        assertEquals(MEASURED, warm.metrics().elapsedNs(), "rates divide by the measured time");
        assertEquals(WARMUP, warm.metrics().startNs());
        assertEquals(WARMUP + MEASURED, warm.metrics().endNs());
        TaskResult t = warm.metrics().tasks().get(0);
        assertEquals(0, t.wakeups(), "the task slept only during the warm-up");
        assertEquals(0, t.voluntarySwitches(), "it blocked only during the warm-up");
        assertEquals(warm.metrics().counters().get("items"), t.counter("items"), "per-task counter is windowed");
        assertTrue(t.counter("items") >= 295 && t.counter("items") <= 300, "items " + t.counter("items"));
        assertEquals(MEASURED, t.cpuNs(), Time.ms(1), "on the CPU throughout the window");
        assertEquals(0, warm.metrics().wakeupLatency().count(), "no wakeup in the window");
        assertTrue(whole.metrics().wakeupLatency().count() >= 100, "100 wakeups in the warm-up");
        assertEquals(0, warm.metrics().phaseNs().get("slow"), "the slow phase ended in the warm-up");
        assertEquals(0, warm.metrics().phaseNs().getOrDefault("fast", 0L), "fast never ends: not booked");
        assertTrue(whole.metrics().phaseNs().get("slow") > Time.ms(195), "slow " + whole.metrics().phaseNs());
    }

    @Test
    void runQueueSamplesAndCpuBooksCoverTheWindow() {
        Workload hogs = Workload.of("y", ThreadGroup.processes("y", 2,
                Program.of("y", Action.Loop.forever(Action.Compute.ns(Time.ms(1)), new Action.Yield()))));
        SimResult r = Simulation.run(rr(UP, hogs).warmup(WARMUP).duration(MEASURED).build());
        MetricsSnapshot m = r.metrics();
        assertEquals(MEASURED / UP.tickNs(), m.runQueueSeries().size(), "one sample per tick of the window");
        assertEquals(2.0, m.runQueueMean(), 1e-9);
        for (TaskResult t : m.tasks()) {
            assertEquals(MEASURED, t.cpuNs() + t.waitNs(), Time.ms(1), t.name() + " runnable throughout");
            assertEquals(MEASURED / 2, t.cpuNs(), Time.ms(15), t.name() + " half the window");
        }
        for (CpuResult c : m.cpus()) {
            assertTrue(c.totalNs() >= MEASURED && c.totalNs() - MEASURED < Time.ms(1),
                    "cpu" + c.cpu() + " books " + c.totalNs() + " ns of a " + MEASURED + " ns window");
        }
        EngineBooks.assertBalanced(r);
        SimResult whole = Simulation.run(rr(UP, hogs).duration(WARMUP + MEASURED).build());
        double share = (double) MEASURED / (WARMUP + MEASURED);
        assertEquals(whole.metrics().contextSwitches() * share, m.contextSwitches(),
                whole.metrics().contextSwitches() * 0.05, "switches of the window only");
        assertEquals(whole.metrics().cycles(SchedFn.INTERRUPT) * share, m.cycles(SchedFn.INTERRUPT),
                whole.metrics().cycles(SchedFn.INTERRUPT) * 0.02, "timer cycles of the window only");
        assertEquals(whole.metrics().contextSwitchRate(), m.contextSwitchRate(),
                whole.metrics().contextSwitchRate() * 0.02, "a steady workload keeps its rate");
        assertTrue(m.contextSwitchRate() > 900, "a switch per yield: " + m.contextSwitchRate());
    }

    @Test
    void booksBalanceOnRandomSmpWorkloadsWithAWarmUp() {
        MachineProfile smp = MachineProfile.piii700().withCpus(4);
        for (long seed = 1; seed <= 4; seed++) {
            Workload w = new RandomWorkloads(seed).workload(4);
            SimResult r = Simulation.run(rr(smp, w).seed(seed).warmup(Time.ms(50)).duration(Time.ms(100)).build());
            assertEquals(Time.ms(100), r.metrics().elapsedNs());
            EngineBooks.assertBalanced(r);
            for (CpuResult c : r.metrics().cpus()) {
                assertTrue(c.userNs() >= 0 && c.kernelNs() >= 0 && c.spinNs() >= 0 && c.idleNs() >= 0, "" + c);
                assertTrue(c.totalNs() - Time.ms(100) < Time.ms(1), "seed " + seed + " " + c);
            }
            for (TaskResult t : r.metrics().tasks()) {
                assertTrue(t.cpuNs() >= 0 && t.waitNs() >= 0 && t.cpuNs() + t.waitNs() <= Time.ms(101),
                        "seed " + seed + " " + t);
            }
        }
    }

    @Test
    void aZeroWarmUpChangesNothing() {
        Workload w = new RandomWorkloads(7).workload(2);
        MachineProfile m = MachineProfile.piii700().withCpus(2);
        SimConfig plain = rr(m, w).duration(Time.ms(100)).trace(1000).build();
        SimConfig legacy = new SimConfig(plain.machine(), plain.engine(), plain.scheduler(), plain.workload(),
                plain.durationNs(), plain.seed(), plain.checkInvariants(), plain.traceLimit());
        assertEquals(0, legacy.warmupNs());
        assertEquals(plain, legacy);
        SimResult a = Simulation.run(plain);
        SimResult b = Simulation.run(rr(m, w).duration(Time.ms(100)).trace(1000).warmup(0).build());
        assertEquals(a, b);
        assertEquals(0, a.metrics().startNs());
        assertEquals(Time.ms(100), a.metrics().elapsedNs());
    }

    @Test
    void theTraceStillStartsAtBoot() {
        SimResult r = Simulation.run(rr(UP, phaseChange()).warmup(WARMUP).duration(Time.ms(20)).trace(100_000)
                .build());
        assertTrue(r.trace().get(0).timeNs() < WARMUP, "trace starts at boot: " + r.trace().get(0));
    }

    @Test
    void aRunCancelledDuringTheWarmUpMeasuredNothing() {
        Workload hogs = Workload.of("hog", ThreadGroup.processes("hog", 2,
                Program.of("hog", Action.Loop.forever(Action.Compute.ns(Time.ms(1)), new Action.Count("n", 1)))));
        Cancellation cancel = new Cancellation();
        SimConfig c = rr(UP, hogs).warmup(Time.s(100)).duration(Time.s(1)).build();
        SimResult r = new Simulation(c).run((done, total) -> cancel.cancel(), cancel);
        assertEquals(SimResult.Status.CANCELLED, r.status());
        assertEquals(0, r.metrics().elapsedNs());
        assertEquals(0L, r.metrics().counters().get("n"));
        assertEquals(0, r.metrics().contextSwitches());
        assertEquals(0, r.rate("n"));
        for (CpuResult cpu : r.metrics().cpus()) {
            assertTrue(cpu.totalNs() < Time.ms(1), "" + cpu);
        }
    }

    @Test
    void aNegativeWarmUpIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> rr(UP, phaseChange()).warmup(-1).build());
        assertThrows(IllegalArgumentException.class,
                () -> rr(UP, phaseChange()).warmup(Long.MAX_VALUE).duration(Time.s(1)).build());
        SimConfig c = rr(UP, phaseChange()).warmup(WARMUP).duration(MEASURED).build();
        assertEquals(WARMUP + MEASURED, c.endNs());
        assertEquals(WARMUP, c.withSeed(9).warmupNs());
        assertEquals(WARMUP, c.withTraceLimit(10).warmupNs());
    }
}
