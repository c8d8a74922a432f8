/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.cfs.CfsEngine;
import org.schedlab.engine.cfs.CfsTunables;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.metrics.TraceEvent;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.testing.RandomWorkloads;
import org.schedlab.sim.testing.SmallWorkloads;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** CFS mechanisms observed through whole simulated runs. */
class CfsBehaviourTest {

    private static SimResult run(SchedulerEngine e, SchedulerConfig sc, MachineProfile m, Workload w, long ns) {
        return Simulation.run(SimConfig.builder().machine(m).engine(e, sc).workload(w).duration(ns).seed(5)
                .checkInvariants(true).trace(100_000).build());
    }

    private static Program hog() {
        return Program.of("hog", Action.Loop.forever(Action.Compute.ns(Time.MS), new Action.Count("work", 1)));
    }

    private static TaskResult task(SimResult r, String prefix) {
        return r.metrics().tasks().stream().filter(t -> t.name().startsWith(prefix)).findFirst().orElseThrow();
    }

    @Test
    void cpuShareFollowsTheWeightOfNice() {
        for (String v : List.of("2.6.24", "2.6.25")) {
            Workload w = Workload.of("nice", ThreadGroup.processes("n0", 1, hog()),
                    ThreadGroup.processes("n5", 1, hog()).withPolicy(Policy.OTHER, 5, 0));
            SimResult r = run(new CfsEngine(), SchedulerConfig.of(v), MachineProfile.piii700().withCpus(1), w,
                    Time.s(3));
            double ratio = (double) task(r, "n0").cpuNs() / task(r, "n5").cpuNs();
            assertEquals(1024.0 / 335, ratio, 0.3, v + ": nice 0 vs nice 5 CPU time");
        }
    }

    @Test
    void equalTasksShareOneCpuEquallyWithinASlice() {
        Workload w = Workload.of("hogs", ThreadGroup.processes("hog", 3, hog()));
        SimResult r = run(new CfsEngine(), SchedulerConfig.of("2.6.24"), MachineProfile.piii700().withCpus(1), w,
                Time.s(2));
        long min = Long.MAX_VALUE;
        long max = 0;
        for (TaskResult t : r.metrics().tasks()) {
            if (t.name().startsWith("hog")) {
                min = Math.min(min, t.cpuNs());
                max = Math.max(max, t.cpuNs());
            }
        }
        assertTrue(max - min <= Time.ms(30), "spread " + (max - min) + " ns exceeds about one slice");
    }

    @Test
    void childRunsFirstDecidesWhoRunsAfterFork() {
        Program child = Program.of("child", Action.Compute.ns(100 * Time.US), new Action.Exit());
        Program parent = Program.of("parent", Action.Compute.ns(Time.MS), new Action.Fork(child, false),
                Action.Compute.ns(5 * Time.MS), new Action.Wait(), new Action.Exit());
        Workload w = Workload.of("fork", ThreadGroup.processes("parent", 1, parent));
        for (boolean first : new boolean[] {true, false}) {
            SchedulerConfig sc = new SchedulerConfig("2.6.24", Set.of(),
                    Map.of(CfsTunables.CHILD_RUNS_FIRST, first ? "1" : "0"));
            SimResult r = run(new CfsEngine(), sc, MachineProfile.piii700().withCpus(1), w, Time.ms(20));
            int parentPid = r.trace().stream().filter(e -> e.kind() == TraceEvent.Kind.SWITCH && e.pid() < 0)
                    .findFirst().orElseThrow().otherPid(); // the idle task switches to the only boot task
            TraceEvent intoChild = r.trace().stream()
                    .filter(e -> e.kind() == TraceEvent.Kind.SWITCH && e.pid() == parentPid && e.otherPid() != parentPid
                            && e.otherPid() >= 0)
                    .findFirst().orElseThrow();
            assertEquals(first ? 'R' : 'S', intoChild.prevState(),
                    "child_runs_first=" + first + ": the parent leaves the CPU " + (first ? "preempted" : "asleep"));
        }
    }

    @Test
    void realTimeWakeupPreemptsAFairHogAtOnce() {
        Program rt = Program.of("rt", Action.Loop.forever(new Action.Sleep(Distribution.constant(3 * Time.MS)),
                Action.Compute.ns(200 * Time.US)));
        Workload w = Workload.of("rt", ThreadGroup.processes("hog", 1, hog()),
                ThreadGroup.processes("rt", 1, rt).withPolicy(Policy.FIFO, 0, 50));
        SimResult r = run(new CfsEngine(), SchedulerConfig.of("2.6.25"), MachineProfile.piii700().withCpus(1), w,
                Time.s(1));
        TaskResult rtTask = task(r, "rt");
        assertTrue(rtTask.waitNs() < Time.ms(5), "RT task waited " + rtTask.waitNs() + " ns in total");
        assertTrue(rtTask.wakeups() > 200, "wakeups " + rtTask.wakeups());
    }

    @Test
    void idleAndPeriodicBalancingKeepEveryCpuBusy() {
        Workload w = Workload.of("hogs", ThreadGroup.processes("hog", 6, hog()));
        SimResult r = run(new CfsEngine(), SchedulerConfig.of("2.6.24"), MachineProfile.piii700().withCpus(4), w,
                Time.s(2));
        for (TaskResult t : r.metrics().tasks()) {
            if (t.name().startsWith("hog")) {
                assertTrue(t.cpuNs() > Time.ms(700), t.name() + " got " + t.cpuNs() + " ns of 2 s");
            }
        }
        r.metrics().cpus().forEach(c -> assertTrue(c.idleNs() < Time.ms(100), "cpu" + c.cpu() + " idle " + c.idleNs()));
    }

    @Test
    void syncWakeupsOfShortOverlapPairsStayTogetherIn2625ButNotIn2624() {
        // two CPUs on separate cores (no hyper-threading sibling for wake_idle to pick)
        Workload w = SmallWorkloads.pingPong(1, 19_500, true);
        SimResult r24 = run(new CfsEngine(), SchedulerConfig.of("2.6.24"), MachineProfile.piii700().withCpus(2), w,
                Time.ms(200));
        SimResult r25 = run(new CfsEngine(), SchedulerConfig.of("2.6.25"), MachineProfile.piii700().withCpus(2), w,
                Time.ms(200));
        assertTrue(r24.metrics().ipisSent() > 1000, "2.6.24: a cache-hot wakee stays on its CPU, woken by IPI: "
                + r24.metrics().ipisSent());
        assertTrue(r25.metrics().ipisSent() < 10, "2.6.25: avg_overlap is short, wake-affine pulls the pair together: "
                + r25.metrics().ipisSent());
    }

    @Test
    void runQueuesStayConsistentAfterEveryHookOnRandomWorkloads() {
        for (SchedulerConfig sc : List.of(SchedulerConfig.of("2.6.24"),
                new SchedulerConfig("2.6.25", Set.of(CfsEngine.PATCH_RIGHTMOST), Map.of(CfsTunables.COMPAT_YIELD, "1")),
                new SchedulerConfig("2.6.24", Set.of(CfsEngine.PATCH_RIGHTMOST), Map.of()))) {
            for (long seed = 1; seed <= 4; seed++) {
                RandomWorkloads gen = new RandomWorkloads(seed);
                MachineProfile m = gen.machine(8);
                CheckingCfsEngine e = new CheckingCfsEngine(true);
                SimResult r = Simulation.run(SimConfig.builder().machine(m).engine(e, sc)
                        .workload(gen.workload(m.nrCpus())).duration(Time.ms(200)).seed(seed).checkInvariants(true)
                        .build());
                assertEquals(SimResult.Status.COMPLETED, r.status());
                assertTrue(e.checks() > 100, "checked " + e.checks() + " times");
            }
        }
    }
}
