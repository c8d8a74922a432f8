/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.eevdf.EevdfEngine;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.IdlePolicy;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.testing.RandomWorkloads;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** EEVDF mechanisms observed through whole simulated runs. */
class EevdfBehaviourTest {

    private static SimResult run(SchedulerConfig sc, MachineProfile m, Workload w, long ns) {
        return Simulation.run(SimConfig.builder().machine(m).engine(new EevdfEngine(), sc).workload(w).duration(ns)
                .seed(5).checkInvariants(true).build());
    }

    private static Program hog() {
        return Program.of("hog", Action.Loop.forever(Action.Compute.ns(Time.MS), new Action.Count("work", 1)));
    }

    private static Program sleeper() {
        return Program.of("sleeper", Action.Loop.forever(new Action.Sleep(Distribution.constant(3 * Time.MS)),
                Action.Compute.ns(200 * Time.US)));
    }

    private static TaskResult task(SimResult r, String prefix) {
        return r.metrics().tasks().stream().filter(t -> t.name().startsWith(prefix)).findFirst().orElseThrow();
    }

    private static long counter(SimResult r, String name) {
        return r.metrics().engineCounters().getOrDefault(name, 0L);
    }

    @Test
    void cpuSharesFollowTheWeightsOfNiceWithinTwoPercent() {
        for (String v : List.of("6.18", "6.6")) {
            Workload w = Workload.of("nice", ThreadGroup.processes("n0", 1, hog()),
                    ThreadGroup.processes("n5", 1, hog()).withPolicy(Policy.OTHER, 5, 0));
            SimResult r = run(SchedulerConfig.of(v), MachineProfile.piii700().withCpus(1).withHz(1000), w, Time.s(4));
            double ratio = (double) task(r, "n0").cpuNs() / task(r, "n5").cpuNs();
            double expected = 1024.0 / 335;
            assertEquals(expected, ratio, expected * 0.02, v + ": nice 0 over nice 5 CPU time");
        }
    }

    @Test
    void yieldingTasksShareACpuEqually() {
        Program yielder = Program.of("y", Action.Loop.forever(Action.Compute.ns(Time.MS), new Action.Count("work", 1),
                new Action.Yield()));
        for (String v : List.of("6.18", "6.6")) {
            SimResult r = run(SchedulerConfig.of(v), MachineProfile.piii700().withCpus(1),
                    Workload.of("yield", ThreadGroup.processes("y", 4, yielder)), Time.s(2));
            long min = Long.MAX_VALUE, max = 0;
            for (TaskResult t : r.metrics().tasks()) {
                min = Math.min(min, t.cpuNs());
                max = Math.max(max, t.cpuNs());
            }
            assertTrue(max - min < Time.ms(20), v + ": spread " + (max - min) + " ns among 4 yielders");
        }
    }

    @Test
    void delayedDequeueHappensOnlyIn618AndItsPatchCountsWhatItUndoes() {
        Workload w = Workload.of("mix", ThreadGroup.processes("hog", 2, hog()), ThreadGroup.processes("s", 3, sleeper()));
        MachineProfile m = MachineProfile.piii700().withCpus(1).withHz(1000);
        SimResult r18 = run(SchedulerConfig.of("6.18"), m, w, Time.ms(500));
        SimResult r66 = run(SchedulerConfig.of("6.6"), m, w, Time.ms(500));
        SimResult off = run(new SchedulerConfig("6.18", Set.of("no-delay-dequeue"), Map.of()), m, w, Time.ms(500));
        assertTrue(counter(r18, "delayed_dequeues") > 0, "6.18 delays ineligible sleepers");
        assertEquals(0, counter(r66, "delayed_dequeues"));
        assertEquals(0, counter(off, "delayed_dequeues"));
        assertTrue(counter(off, "patched_paths") > 0, "NO_DELAY_DEQUEUE's path ran");
        assertEquals(0, counter(r18, "patched_paths"), "no patch, no patched path");
    }

    @Test
    void aSleeperWokenBesideAHogWaitsLittle() {
        for (String v : List.of("6.18", "6.6")) {
            Workload w = Workload.of("lat", ThreadGroup.processes("hog", 1, hog()),
                    ThreadGroup.processes("s", 1, sleeper()));
            SimResult r = run(SchedulerConfig.of(v), MachineProfile.piii700().withCpus(1).withHz(1000), w, Time.s(1));
            TaskResult s = task(r, "s");
            assertTrue(s.wakeups() > 200, "wakeups " + s.wakeups());
            assertTrue(s.waitNs() / s.wakeups() < Time.MS, v + ": mean wait " + s.waitNs() / s.wakeups() + " ns");
        }
    }

    @Test
    void idleOptionsSetThePollingFlagBehaviour() {
        Channel ask = new Channel("ask", 1, false);
        Channel answer = new Channel("answer", 1, false);
        Workload w = Workload.of("ping-pong", // request-response between two tasks: remote wakeups
                ThreadGroup.processes("client", 1, Program.of("client", Action.Loop.forever(
                        Action.Compute.ns(50 * Time.US), new Action.Send(ask), new Action.Recv(answer)))),
                ThreadGroup.processes("server", 1, Program.of("server", Action.Loop.forever(
                        new Action.Recv(ask), Action.Compute.ns(50 * Time.US), new Action.Send(answer)))));
        MachineProfile m = MachineProfile.piii700().withCpus(2).withIdlePolicy(IdlePolicy.HALT);
        SimResult halt = run(new SchedulerConfig("6.18", Set.of("idle-halt"), Map.of()), m, w, Time.ms(300));
        SimResult poll = run(new SchedulerConfig("6.18", Set.of("idle-poll"), Map.of()), m, w, Time.ms(300));
        assertTrue(counter(halt, "patched_paths") > 0, "remote wakeups onto an idle CPU");
        assertTrue(poll.metrics().ipisSent() < halt.metrics().ipisSent(),
                "polling idle CPUs need no reschedule IPI: " + poll.metrics().ipisSent() + " vs " + halt.metrics().ipisSent());
    }

    @Test
    void runQueuesStayConsistentAfterEveryHookOnRandomWorkloads() {
        for (SchedulerConfig sc : List.of(SchedulerConfig.of("6.18"), SchedulerConfig.of("6.6"),
                new SchedulerConfig("6.18", Set.of("no-run-to-parity", "no-place-lag"), Map.of()))) {
            for (long seed = 1; seed <= 4; seed++) {
                RandomWorkloads gen = new RandomWorkloads(seed);
                MachineProfile m = gen.machine(8);
                CheckingEevdfEngine e = new CheckingEevdfEngine();
                SimResult r = Simulation.run(SimConfig.builder().machine(m).engine(e, sc)
                        .workload(gen.workload(m.nrCpus())).duration(Time.ms(200)).seed(seed).checkInvariants(true)
                        .build());
                assertEquals(SimResult.Status.COMPLETED, r.status());
                assertTrue(e.checks() > 100, "checked " + e.checks() + " times");
            }
        }
    }
}
