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

import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * The machine's own work (BACKGROUND_INTERVAL, BACKGROUND_RUN): a kernel thread per CPU takes its share of a busy
 * CPU, preempts the workload about once per interval, and is no task of the workload's.
 */
class BackgroundWorkTest {
    private static final Workload HOGS = Workload.of("hogs", ThreadGroup.processes("hog", 2,
            Program.of("hog", Action.Loop.forever(new Action.Compute(Distribution.constant(Time.ms(1)), false)))));

    private static SimResult run(Workload w, long intervalNs, long runNs, long seed) {
        return run(w, intervalNs, runNs, seed, Time.s(2));
    }

    private static SimResult run(Workload w, long intervalNs, long runNs, long seed, long durationNs) {
        MachineProfile m = MachineProfile.piii700().withCpus(2)
                .withCost(CostKey.BACKGROUND_INTERVAL, intervalNs, "test")
                .withCost(CostKey.BACKGROUND_RUN, runNs, "test");
        return org.schedlab.sim.Simulation.run(org.schedlab.sim.SimConfig.builder().machine(m)
                .engine(new org.schedlab.sim.engine.rr.RoundRobinEngine()).workload(w).duration(durationNs).seed(seed)
                .checkInvariants(true).build());
    }

    private static long hogCpuNs(SimResult r) {
        return r.metrics().tasks().stream().mapToLong(TaskResult::cpuNs).sum();
    }

    @Test
    void withoutAProfileValueThereIsNoBackgroundWork() {
        SimResult r = run(HOGS, 0, 0, 1);
        assertEquals(2, r.metrics().tasks().size());
        assertEquals(0, r.metrics().tasks().stream().mapToLong(TaskResult::involuntarySwitches).sum(),
                "one hog per CPU: nothing takes a CPU from them");
    }

    @Test
    void theKernelThreadsTakeTheirShareAndPreemptTheHogs() {
        long interval = Time.ms(10);
        long runNs = Time.us(100);
        SimResult none = run(HOGS, 0, 0, 1);
        SimResult bg = run(HOGS, interval, runNs, 1);
        assertEquals(2, bg.metrics().tasks().size(), "the kworkers are no tasks of the workload's");
        assertTrue(bg.metrics().tasks().stream().noneMatch(t -> t.name().startsWith("kworker")));
        // the round-robin engine runs a woken kworker at the next slice, so it runs less often than every 10 ms;
        // each of its runs preempts a hog once and takes an exponential 100 us from it
        long preempted = bg.metrics().tasks().stream().mapToLong(TaskResult::involuntarySwitches).sum();
        assertTrue(preempted > 20, "the kworkers preempt the hogs: " + preempted);
        double lost = hogCpuNs(none) - hogCpuNs(bg);
        assertEquals(preempted * (double) runNs, lost, 0.35 * preempted * runNs, "the hogs lose one background run"
                + " per preemption");
        assertTrue(bg.metrics().contextSwitches() >= 2 * preempted, "the CPUs count the kworkers' switches too");
    }

    @Test
    void aRunStillEndsWhenTheWorkloadsTasksHaveExited() {
        Workload once = Workload.of("once", ThreadGroup.processes("once", 1,
                Program.of("once", new Action.Compute(Distribution.constant(Time.ms(50)), false))));
        SimResult r = run(once, Time.ms(1), Time.us(10), 1);
        assertTrue(r.metrics().elapsedNs() < Time.ms(60), "elapsed " + r.metrics().elapsedNs());
    }

    /**
     * The kernel threads are found asleep at boot, as at most moments (the run starts at a random point of their
     * cycle), not queued beside the workload's tasks: with a mean interval of 1,000 s no kworker runs in the first
     * 300 ms, for any seed, so no hog is ever preempted (a kworker queued at boot would take the CPU at the first
     * slice's end).
     */
    @Test
    void theKernelThreadsAreAsleepAtBoot() {
        for (long seed = 1; seed <= 5; seed++) {
            SimResult r = run(HOGS, Time.s(1000), Time.ms(1), seed, Time.ms(300));
            assertEquals(0, r.metrics().tasks().stream().mapToLong(TaskResult::involuntarySwitches).sum(),
                    "seed " + seed);
            assertEquals(2 * Time.ms(300), hogCpuNs(r), Time.us(100), "the hogs have the CPUs throughout");
        }
    }
}