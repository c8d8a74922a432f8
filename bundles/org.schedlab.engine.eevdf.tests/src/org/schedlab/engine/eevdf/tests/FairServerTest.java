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

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.schedlab.engine.eevdf.EevdfEngine;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** 6.18's fair deadline server: 50 ms a second for the fair class beside RT tasks that would starve it. */
class FairServerTest {

    private static SimResult run(String version, Workload w, long ns) {
        return Simulation.run(SimConfig.builder().machine(MachineProfile.piii700().withCpus(2))
                .engine(new EevdfEngine(), SchedulerConfig.of(version)).workload(w).duration(ns).seed(3)
                .checkInvariants(true).build());
    }

    private static Program hog() {
        return Program.of("hog", Action.Loop.forever(Action.Compute.ns(Time.MS), new Action.Count("work", 1)));
    }

    private static TaskResult task(SimResult r, String prefix) {
        return r.metrics().tasks().stream().filter(t -> t.name().startsWith(prefix)).findFirst().orElseThrow();
    }

    private static Workload rtHogsAnd(Program fair) {
        return Workload.of("starve", ThreadGroup.processes("rt", 1, hog()).withPolicy(Policy.FIFO, 0, 10)
                .withCpus(Set.of(0)), ThreadGroup.processes("fair", 1, fair).withCpus(Set.of(0)));
    }

    @Test
    void aFairHogBesideAnRtHogGetsFiftyMillisecondsASecondOn618AndNothingOn66() {
        SimResult r618 = run("6.18", rtHogsAnd(hog()), Time.s(4));
        double share = (double) task(r618, "fair").cpuNs() / Time.s(4);
        assertEquals(0.05, share, 0.01, "the fair hog's share of CPU 0 beside a FIFO hog on 6.18");
        SimResult r66 = run("6.6", rtHogsAnd(hog()), Time.s(4));
        assertEquals(0, task(r66, "fair").cpuNs(), Time.ms(1), "6.6 has no fair server (RT throttling not modelled)");
    }

    @Test
    void aFairSleeperIsServedOnlyInTheLastFiftyMillisecondsOfEachPeriod() {
        Program sleeper = Program.of("sleeper", Action.Loop.forever(new Action.Sleep(Distribution.constant(
                20 * Time.MS)), Action.Compute.ns(100 * Time.US), new Action.Count("runs", 1)));
        SimResult r = run("6.18", rtHogsAnd(sleeper), Time.s(4));
        long runs = task(r, "fair").counter("runs");
        double rtShare = (double) task(r, "rt").cpuNs() / Time.s(4);
        assertEquals(0.95, rtShare, 0.01, "the RT hog loses the server's 50 ms a second though the sleeper uses"
                + " little of it: the CPU idles");
        // a sleep of 20 ms then 0.1 ms of work: in each 1 s period one run at zero laxity, then one every 20 ms
        // until the period's end; never the 50 a second it would get on a free CPU; in between the CPU idles
        assertTrue(runs >= 4 * 2 && runs <= 4 * 4, runs + " runs in 4 s");
    }

    @Test
    void aFairTaskThatGetsItsShareAnywayNeverActivatesTheServer() {
        Workload w = Workload.of("mixed", ThreadGroup.processes("rt", 1, Program.of("rt", Action.Loop.forever(
                Action.Compute.ns(5 * Time.MS), new Action.Sleep(Distribution.constant(5 * Time.MS)))))
                .withPolicy(Policy.FIFO, 0, 10).withCpus(Set.of(0)), ThreadGroup.processes("fair", 1, hog())
                .withCpus(Set.of(0)));
        SimResult r = run("6.18", w, Time.s(2));
        TaskResult rt = task(r, "rt");
        assertTrue(rt.cpuNs() > Time.ms(950), "the RT task keeps its half: " + rt.cpuNs());
        assertEquals(0, rt.involuntarySwitches(), "the server never preempts it");
    }
}
