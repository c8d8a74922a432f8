/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.example.schedlab.engine.lottery.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.example.schedlab.engine.lottery.LotteryEngine;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.testing.RandomWorkloads;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** Lottery scheduling observed through whole simulated runs. */
class LotteryBehaviourTest {
    /** 10 ms quanta on a 1000 HZ machine: a few hundred lotteries per simulated second. */
    private static final Map<String, String> SHORT_QUANTUM = Map.of(LotteryEngine.QUANTUM_MS, "10");
    private static final MachineProfile UP = MachineProfile.piii700().withCpus(1).withHz(1000);

    private static SimResult run(SchedulerEngine e, SchedulerConfig sc, MachineProfile m, Workload w, long ns) {
        return Simulation.run(SimConfig.builder().machine(m).engine(e, sc).workload(w).duration(ns).seed(5)
                .checkInvariants(true).build());
    }

    private static Program hog() {
        return Program.of("hog", Action.Loop.forever(Action.Compute.ns(Time.MS), new Action.Count("work", 1)));
    }

    private static long cpuNs(SimResult r, String prefix) {
        return r.metrics().tasks().stream().filter(t -> t.name().startsWith(prefix)).mapToLong(TaskResult::cpuNs)
                .sum();
    }

    @Test
    void ticketsFollowNiceLikeTheCfsWeightTable() {
        assertEquals(1024, LotteryEngine.ticketsOfNice(0));
        assertEquals(335, LotteryEngine.ticketsOfNice(5), 1);
        assertEquals(15, LotteryEngine.ticketsOfNice(19), 1);
        assertEquals(88761, LotteryEngine.ticketsOfNice(-20), 100);
    }

    @Test
    void cpuShareIsProportionalToTickets() {
        Workload w = Workload.of("nice", ThreadGroup.processes("n0", 1, hog()),
                ThreadGroup.processes("n5", 1, hog()).withPolicy(Policy.OTHER, 5, 0));
        SimResult r = run(new LotteryEngine(), new SchedulerConfig(LotteryEngine.VERSION, Set.of(), SHORT_QUANTUM),
                UP, w, Time.s(4));
        double t0 = LotteryEngine.ticketsOfNice(0);
        double t5 = LotteryEngine.ticketsOfNice(5);
        double share = (double) cpuNs(r, "n0") / (cpuNs(r, "n0") + cpuNs(r, "n5"));
        // 400 lotteries: the binomial standard deviation of the share is about 0.022; the band is 3 of them
        assertEquals(t0 / (t0 + t5), share, 0.065, "nice 0 share against nice 5");
    }

    @Test
    void equalTicketsGiveEqualSharesOnFourCpus() {
        Workload w = Workload.of("hogs", ThreadGroup.processes("hog", 8, hog()));
        SimResult r = run(new LotteryEngine(), new SchedulerConfig(LotteryEngine.VERSION, Set.of(), SHORT_QUANTUM),
                MachineProfile.piii700().withCpus(4).withHz(1000), w, Time.s(4));
        long total = cpuNs(r, "hog");
        for (TaskResult t : r.metrics().tasks()) {
            if (t.name().startsWith("hog")) {
                assertEquals(1.0 / 8, (double) t.cpuNs() / total, 0.04, t.name() + " share of 4 CPUs among 8");
            }
        }
    }

    @Test
    void compensationTicketsRestoreTheShareOfATaskThatYieldsEarly() {
        Program yielder = Program.of("yielder", Action.Loop.forever(Action.Compute.ns(2 * Time.MS),
                new Action.Count("work", 1), new Action.Yield()));
        Workload w = Workload.of("yield", ThreadGroup.processes("hog", 1, hog()),
                ThreadGroup.processes("yielder", 1, yielder));
        double[] share = new double[2];
        for (int i = 0; i < 2; i++) {
            Set<String> patches = i == 0 ? Set.of() : Set.of(LotteryEngine.PATCH_COMPENSATION);
            SimResult r = run(new LotteryEngine(), new SchedulerConfig(LotteryEngine.VERSION, patches,
                    SHORT_QUANTUM), UP, w, Time.s(4));
            share[i] = (double) cpuNs(r, "yielder") / (cpuNs(r, "yielder") + cpuNs(r, "hog"));
        }
        // without: wins half the lotteries but uses 2 of 10 ms, so 2 / (2 + 10); with: 1/f = 5 times the wins
        assertEquals(2.0 / 12, share[0], 0.06, "yielder's share without compensation tickets");
        assertEquals(0.5, share[1], 0.08, "yielder's share with compensation tickets");
    }

    @Test
    void eachLotteryScansTheQueueAndPaysPerTaskVisited() {
        double[] scanPerDraw = new double[2];
        int[] sizes = {2, 16};
        for (int i = 0; i < 2; i++) {
            Workload w = Workload.of("hogs", ThreadGroup.processes("hog", sizes[i], hog()));
            SimResult r = run(new LotteryEngine(), new SchedulerConfig(LotteryEngine.VERSION, Set.of(),
                    SHORT_QUANTUM), UP, w, Time.s(1));
            scanPerDraw[i] = (double) r.metrics().cycles(SchedFn.SCAN)
                    / r.metrics().engineCounters().get("lottery_draws");
        }
        // a draw visits on average half the waiting tasks: 1 of 1 against about 7.5 of 15
        assertTrue(scanPerDraw[1] > 4 * scanPerDraw[0], "scan cycles per draw: " + scanPerDraw[0] + " with 2 tasks, "
                + scanPerDraw[1] + " with 16");
    }

    @Test
    void runQueueStaysConsistentAfterEveryHookOnRandomWorkloads() {
        CheckingLotteryEngine engine = new CheckingLotteryEngine();
        for (long seed = 1; seed <= 6; seed++) {
            RandomWorkloads gen = new RandomWorkloads(seed);
            MachineProfile m = gen.machine(8);
            Set<String> patches = seed % 2 == 0 ? Set.of(LotteryEngine.PATCH_COMPENSATION) : Set.of();
            SimResult r = Simulation.run(SimConfig.builder().machine(m)
                    .engine(engine, new SchedulerConfig(LotteryEngine.VERSION, patches, SHORT_QUANTUM))
                    .workload(gen.workload(m.nrCpus())).duration(Time.ms(300)).seed(seed).build());
            assertEquals(SimResult.Status.COMPLETED, r.status());
        }
        assertTrue(engine.checks() > 1000, "only " + engine.checks() + " checks");
    }
}
