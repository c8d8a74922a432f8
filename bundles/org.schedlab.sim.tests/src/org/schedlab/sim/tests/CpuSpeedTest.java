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
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * A virtual CPU's varying speed (CPU_SPEED_WINDOW, CPU_SPEED_SPREAD): the work a hog alone on its CPU gets done
 * follows its CPU's speed, which keeps its mean and varies by the spread from window to window and CPU to CPU.
 */
class CpuSpeedTest {
    private static final Workload HOGS = Workload.of("hogs", ThreadGroup.processes("hog", 2,
            Program.of("hog", Action.Loop.forever(new Action.Compute(Distribution.constant(Time.us(100)), false),
                    new Action.Count("work", 1)))));

    /** @return the work of the hog on CPU 0 and of the one on CPU 1 in 1 s */
    private static long[] work(long windowNs, long spreadNs, long seed) {
        MachineProfile m = MachineProfile.piii700().withCpus(2).withCost(CostKey.CPU_SPEED_WINDOW, windowNs, "test")
                .withCost(CostKey.CPU_SPEED_SPREAD, spreadNs, "test");
        SimResult r = org.schedlab.sim.Simulation.run(org.schedlab.sim.SimConfig.builder().machine(m)
                .engine(new org.schedlab.sim.engine.rr.RoundRobinEngine()).workload(HOGS).duration(Time.s(1))
                .seed(seed).checkInvariants(true).build());
        return new long[] { r.metrics().tasks().get(0).counters().get("work"),
                r.metrics().tasks().get(1).counters().get("work") };
    }

    @Test
    void withoutASpreadBothCpusRunAtTheirClock() {
        long[] w = work(Time.ms(10), 0, 1);
        assertEquals(w[0], w[1], "the same work on both CPUs");
        long[] again = work(0, Time.ms(2), 2);
        assertEquals(w[0], again[0], "no window: no variation, whatever the seed");
    }

    @Test
    void theSpeedKeepsItsMeanAndVariesAcrossCpusAndSeeds() {
        double sum = 0;
        double sq = 0;
        int n = 0;
        long nominal = work(0, 0, 1)[0];
        for (long seed = 1; seed <= 10; seed++) {
            long[] w = work(Time.ms(10), Time.ms(2), seed);
            for (long x : w) {
                sum += x / (double) nominal;
                n++;
            }
            double d = (w[0] - w[1]) / (double) nominal;
            sq += d * d;
        }
        assertEquals(1.0, sum / n, 0.03, "mean speed 1");
        // 100 windows of cv 0.2 a second: each CPU's mean speed varies by 0.02, the difference of two by 0.028
        double rms = Math.sqrt(sq / 10);
        assertTrue(rms > 0.01 && rms < 0.06, "the CPUs differ by their speeds' spread: " + rms);
    }

    @Test
    void aSlowPartMakesTheCpusDifferOverASecond() {
        double sq = 0;
        long nominal = work(0, 0, 1)[0];
        for (long seed = 1; seed <= 10; seed++) {
            MachineProfile m = MachineProfile.piii700().withCpus(2).withCost(CostKey.CPU_SPEED_WINDOW, Time.ms(10),
                    "test").withCost(CostKey.CPU_SPEED_SPREAD, Time.ms(2), "test")
                    .withCost(CostKey.CPU_SPEED_SLOW_WINDOW, Time.s(2), "test")
                    .withCost(CostKey.CPU_SPEED_SLOW_SPREAD, Time.ms(200), "test");
            SimResult r = org.schedlab.sim.Simulation.run(org.schedlab.sim.SimConfig.builder().machine(m)
                    .engine(new org.schedlab.sim.engine.rr.RoundRobinEngine()).workload(HOGS).duration(Time.s(1))
                    .seed(seed).checkInvariants(true).build());
            double d = (r.metrics().tasks().get(0).counters().get("work")
                    - r.metrics().tasks().get(1).counters().get("work")) / (double) nominal;
            sq += d * d;
        }
        // one slow window of cv 0.1 over the whole second: the two CPUs differ by about 0.1 x sqrt(2)
        double rms = Math.sqrt(sq / 10);
        assertTrue(rms > 0.07 && rms < 0.25, "the CPUs differ by the slow part's spread: " + rms);
        assertEquals(work(Time.ms(10), Time.ms(2), 3)[0], work(Time.ms(10), Time.ms(2), 3)[0],
                "without a slow part every draw is as before");
    }

    @Test
    void theSpeedsRepeatWithTheSeed() {
        assertEquals(work(Time.ms(10), Time.ms(2), 7)[0], work(Time.ms(10), Time.ms(2), 7)[0]);
        assertTrue(work(Time.ms(10), Time.ms(2), 7)[0] != work(Time.ms(10), Time.ms(2), 8)[0]);
    }
}
