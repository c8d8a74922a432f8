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

    /** One yielder alone on each CPU: its work is the kernel's paths (the system call, schedule picking it again). */
    private static final Workload YIELDERS = Workload.of("yielders", ThreadGroup.processes("yielder", 2,
            Program.of("yielder", Action.Loop.forever(new Action.Yield(), new Action.Count("work", 1)))));

    /** @return (work on CPU 1 - work on CPU 0) / nominal, in 1 s of {@code w} on a machine with a 1 s slow window */
    private static double difference(Workload w, long slowSpreadNs, long kernelSpreadNs, long alikeNs, long seed) {
        MachineProfile m = MachineProfile.piii700().withCpus(2).withCost(CostKey.CPU_SPEED_WINDOW, Time.ms(10), "test")
                .withCost(CostKey.CPU_SPEED_SPREAD, 1, "test").withCost(CostKey.CPU_SPEED_SLOW_WINDOW, Time.s(1), "test")
                .withCost(CostKey.CPU_SPEED_SLOW_SPREAD, slowSpreadNs, "test")
                .withCost(CostKey.CPU_SPEED_SLOW_KERNEL_SPREAD, kernelSpreadNs, "test")
                .withCost(CostKey.CPU_SPEED_SLOW_ALIKE, alikeNs, "test");
        SimResult r = org.schedlab.sim.Simulation.run(org.schedlab.sim.SimConfig.builder().machine(m)
                .engine(new org.schedlab.sim.engine.rr.RoundRobinEngine()).workload(w).duration(Time.s(1))
                .seed(seed).checkInvariants(true).build());
        long a = r.metrics().tasks().get(0).counters().get("work");
        long b = r.metrics().tasks().get(1).counters().get("work");
        return (b - a) / (double) (a + b) * 2;
    }

    @Test
    void slowWindowsAlikeRunEveryCpuAtItsClock() {
        int alike = 0;
        for (long seed = 1; seed <= 20; seed++) {
            double all = difference(HOGS, Time.ms(300), 0, Time.s(1), seed);
            assertEquals(0, all, 0.001, "every slow window alike: the CPUs as fast as each other, seed " + seed);
            // half the windows alike: the CPUs run alike in those (cv 0.3 apart: two draws within 5 % are rare)
            alike += Math.abs(difference(HOGS, Time.ms(300), 0, Time.ms(500), seed)) < 0.05 ? 1 : 0;
        }
        assertTrue(alike >= 6 && alike <= 15, "about half the seeds' one slow window alike: " + alike);
        assertEquals(difference(HOGS, Time.ms(300), 0, 0, 5), difference(HOGS, Time.ms(300), 0, 0, 5),
                "no share alike: every window draws its spread, as before");
    }

    @Test
    void theKernelsPathsTakeTheirOwnSlowSpreadWithTheSameDeviate() {
        double user = 0;
        double kernel = 0;
        for (long seed = 1; seed <= 10; seed++) {
            double u = difference(HOGS, Time.ms(300), Time.ms(100), 0, seed);
            double k = difference(YIELDERS, Time.ms(300), Time.ms(100), 0, seed);
            // one deviate for both: the CPUs apart for user code are apart for the kernel, by about a third as much
            // (which task runs on which CPU may differ between the two workloads: compare the sizes)
            assertTrue(Math.abs(u) < 0.05 || Math.abs(k) < Math.abs(u) * 0.6 && Math.abs(k) > Math.abs(u) * 0.15,
                    "the kernel's paths apart as the user code's, less, seed " + seed + ": " + u + " " + k);
            user += u * u;
            kernel += k * k;
            // without a kernel spread the kernel's paths take the user code's factor (a yield also pays what does not
            // scale with the CPU's speed: the ratio is near 1, not 1)
            double same = Math.abs(difference(YIELDERS, Time.ms(300), 0, 0, seed))
                    / Math.abs(difference(HOGS, Time.ms(300), 0, 0, seed));
            assertTrue(same > 0.7 && same < 1.4, "the kernel's paths apart as far as the user code's, seed " + seed
                    + ": " + same);
        }
        double ratio = Math.sqrt(kernel / user);
        assertTrue(ratio > 0.2 && ratio < 0.5, "the kernel's paths a third as far apart: " + ratio);
    }

    @Test
    void theSpeedsRepeatWithTheSeed() {
        assertEquals(work(Time.ms(10), Time.ms(2), 7)[0], work(Time.ms(10), Time.ms(2), 7)[0]);
        assertTrue(work(Time.ms(10), Time.ms(2), 7)[0] != work(Time.ms(10), Time.ms(2), 8)[0]);
    }
}
