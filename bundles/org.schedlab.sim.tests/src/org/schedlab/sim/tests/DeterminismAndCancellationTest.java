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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.Cancellation;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.testing.RandomWorkloads;
import org.schedlab.sim.workload.Workload;

class DeterminismAndCancellationTest {
    private static SimConfig config(long seed, long ns) {
        RandomWorkloads gen = new RandomWorkloads(42);
        return SimConfig.builder().machine(MachineProfile.piii700().withCpus(4)).engine(new RoundRobinEngine())
                .workload(gen.workload(4)).duration(ns).seed(seed).trace(50_000).build();
    }

    @Test
    void equalConfigurationsGiveEqualResultsEvenInParallel() throws Exception {
        SimResult reference = Simulation.run(config(5, Time.ms(300)));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<SimResult>> runs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                runs.add(pool.submit(() -> Simulation.run(config(5, Time.ms(300)))));
            }
            for (Future<SimResult> f : runs) {
                assertEquals(reference, f.get());
            }
        } finally {
            pool.shutdown();
        }
        assertTrue(reference.trace().size() > 100);
    }

    @Test
    void theSeedDrivesEveryRandomStream() {
        Workload w = Workload.of("exp", org.schedlab.sim.workload.ThreadGroup.processes("e", 6,
                org.schedlab.sim.workload.Program.of("e", org.schedlab.sim.workload.Action.Loop.forever(
                        new org.schedlab.sim.workload.Action.Compute(
                                new org.schedlab.sim.workload.Distribution.Exponential(Time.us(300)), false),
                        new org.schedlab.sim.workload.Action.Count("work", 1),
                        new org.schedlab.sim.workload.Action.Yield()))));
        SimConfig a = SimConfig.builder().machine(MachineProfile.piii700().withCpus(2)).engine(new RoundRobinEngine())
                .workload(w).duration(Time.ms(300)).seed(5).build();
        assertEquals(Simulation.run(a), Simulation.run(a));
        assertNotEquals(Simulation.run(a).metrics(), Simulation.run(a.withSeed(6)).metrics());
    }

    @Test
    void progressIsReportedInOrderUpToTheEnd() {
        List<Long> seen = new ArrayList<>();
        SimResult r = new Simulation(config(1, Time.ms(500))).run((done, total) -> {
            assertEquals(Time.ms(500), total);
            seen.add(done);
        }, new Cancellation());
        assertEquals(SimResult.Status.COMPLETED, r.status());
        assertTrue(seen.size() >= 50 && seen.size() <= 102, "progress calls " + seen.size());
        for (int i = 1; i < seen.size(); i++) {
            assertTrue(seen.get(i) >= seen.get(i - 1));
        }
        assertEquals(Time.ms(500), seen.get(seen.size() - 1));
    }

    @Test
    void cancellingFromAnotherThreadStopsTheRun() throws Exception {
        Cancellation cancel = new Cancellation();
        Workload w = new RandomWorkloads(3).workload(4);
        SimConfig c = SimConfig.builder().machine(MachineProfile.piii700().withCpus(4)).engine(new RoundRobinEngine())
                .workload(w).duration(Time.s(100_000)).build();
        Thread canceller = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            cancel.cancel();
        });
        canceller.start();
        long t0 = System.nanoTime();
        SimResult r = new Simulation(c).run((d, t) -> { }, cancel);
        canceller.join();
        assertEquals(SimResult.Status.CANCELLED, r.status());
        assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "stopped promptly");
        assertTrue(r.metrics().elapsedNs() < Time.s(100_000));
        EngineBooks.assertBalanced(r);
    }

    @Test
    void aSimulationRunsOnce() {
        Simulation s = new Simulation(config(1, Time.ms(10)));
        s.run((d, t) -> { }, new Cancellation());
        assertThrows(IllegalStateException.class, () -> s.run((d, t) -> { }, new Cancellation()));
    }
}
