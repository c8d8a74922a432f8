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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.Histogram;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.metrics.TraceEvent;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

class MetricsTest {
    private static final MachineProfile UP = MachineProfile.piii700().withCpus(1);

    private static Workload loop(String name, int n, Action... body) {
        return Workload.of(name, ThreadGroup.processes(name, n, Program.of(name, Action.Loop.forever(body))));
    }

    @Test
    void yieldsAreInvoluntaryAndSleepsVoluntary() {
        SimResult y = Sims.rr(UP, loop("y", 2, Action.Compute.ns(Time.ms(1)), new Action.Yield()), Time.ms(100));
        for (TaskResult t : y.metrics().tasks()) {
            assertEquals(0, t.voluntarySwitches(), t.name());
            assertTrue(t.involuntarySwitches() >= 45, t.name() + " " + t.involuntarySwitches());
        }
        SimResult s = Sims.rr(UP, loop("s", 2, Action.Compute.ns(Time.ms(1)),
                new Action.Sleep(Distribution.constant(Time.ms(1)))), Time.ms(100));
        for (TaskResult t : s.metrics().tasks()) {
            assertEquals(0, t.involuntarySwitches(), t.name());
            assertTrue(t.voluntarySwitches() >= 45, t.name());
        }
    }

    @Test
    void cpuAndWaitTimeSplitTheRunBetweenTwoHogs() {
        SimResult r = Sims.rr(UP, loop("hog", 2, Action.Compute.ns(Time.ms(1))), Time.s(1));
        for (TaskResult t : r.metrics().tasks()) {
            assertEquals(Time.ms(500), t.cpuNs(), Time.ms(15), t.name() + " cpu");
            assertEquals(Time.ms(500), t.waitNs(), Time.ms(15), t.name() + " wait");
            assertEquals(Time.s(1), t.cpuNs() + t.waitNs(), Time.ms(1), t.name() + " runnable throughout");
        }
        assertEquals(2.0, r.metrics().runQueueMean(), 1e-9, "two runnable tasks at every sample");
        assertEquals(2, r.metrics().runQueueMax());
        assertEquals(100, r.metrics().runQueueSeries().size(), "one sample per tick of cpu0, 10 ms to 1 s");
        assertEquals(UP.tickNs(), r.metrics().runQueueIntervalNs());
    }

    @Test
    void countersBecomeRates() {
        SimResult r = Sims.rr(UP, loop("w", 1, Action.Compute.ns(Time.ms(2)), new Action.Count("work", 3)),
                Time.s(2));
        long work = r.metrics().counters().get("work");
        assertEquals(work / 2.0, r.rate("work"), 1e-9);
        assertTrue(work > 2900 && work <= 3000, "work " + work);
        assertEquals(0, r.rate("absent"));
    }

    @Test
    void schedulerCyclesAreSplitByFunction() {
        SimResult r = Sims.rr(UP, loop("y", 4, Action.Compute.ns(Time.us(100)), new Action.Yield()), Time.ms(100));
        long yields = r.metrics().tasks().stream().mapToLong(TaskResult::involuntarySwitches).sum();
        long listOp = UP.costs().cycles(CostKey.LIST_OP);
        assertEquals(yields * listOp, r.metrics().cycles(SchedFn.YIELD), yields * listOp / 50.0,
                "rr charges one LIST_OP per sys_sched_yield");
        assertTrue(r.metrics().cycles(SchedFn.SYSCALL) >= yields * UP.costs().cycles(CostKey.SYSCALL));
        assertTrue(r.metrics().schedulerCycles() > r.metrics().cycles(SchedFn.SWITCH));
        assertTrue(r.metrics().cycles(SchedFn.SYSCALL) > 0 && !SchedFn.SYSCALL.isScheduler());
    }

    @Test
    void theTraceRecordsSwitchesAndWakeups() {
        Workload w = loop("s", 2, Action.Compute.ns(Time.us(500)), new Action.Sleep(Distribution.constant(Time.ms(1))));
        SimResult r = Simulation.run(SimConfig.builder().machine(UP).engine(new RoundRobinEngine()).workload(w)
                .duration(Time.ms(50)).trace(100_000).build());
        List<TraceEvent> tr = r.trace();
        long switches = tr.stream().filter(e -> e.kind() == TraceEvent.Kind.SWITCH).count();
        long wakeups = tr.stream().filter(e -> e.kind() == TraceEvent.Kind.WAKEUP).count();
        assertEquals(r.metrics().contextSwitches(), switches);
        assertEquals(r.metrics().tasks().stream().mapToLong(TaskResult::wakeups).sum(), wakeups);
        TraceEvent first = tr.get(0);
        assertEquals(TraceEvent.Kind.SWITCH, first.kind());
        assertEquals(-1, first.pid(), "the first switch leaves cpu0's idle task");
        for (int i = 1; i < tr.size(); i++) {
            assertTrue(tr.get(i).timeNs() >= tr.get(i - 1).timeNs() || tr.get(i).cpu() != tr.get(i - 1).cpu());
        }
        assertTrue(Sims.rr(UP, w, Time.ms(50)).trace().isEmpty(), "off by default");
    }

    @Test
    void wakeupLatencyIsMeasuredFromTheWakeupToTheSwitch() {
        SimResult r = Sims.rr(UP, loop("s", 1, new Action.Sleep(Distribution.constant(Time.ms(1)))), Time.ms(100));
        Histogram h = r.metrics().wakeupLatency();
        assertEquals(r.metrics().tasks().get(0).wakeups(), h.count());
        long halt = UP.costs().cycles(CostKey.HALT_WAKE_LATENCY);
        assertTrue(h.min() > 0 && h.max() < halt + Time.us(10), h.toString());
        assertTrue(h.quantileUpperNs(0.5) <= h.max());
    }

    @Test
    void histogramBuckets() {
        Histogram h = new Histogram();
        h.record(0);
        h.record(1);
        h.record(1000);
        h.record(1023);
        h.record(1024);
        assertEquals(1, h.bucket(0));
        assertEquals(1, h.bucket(1));
        assertEquals(2, h.bucket(10), "[512, 1024)");
        assertEquals(1, h.bucket(11));
        assertEquals(1024, h.max());
        assertEquals(0, h.min());
        assertEquals(1023, h.quantileUpperNs(0.8));
    }
}
