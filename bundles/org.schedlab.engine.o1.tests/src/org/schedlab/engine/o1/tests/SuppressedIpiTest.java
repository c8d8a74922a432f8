/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.schedlab.engine.o1.IdleLoopPatch;
import org.schedlab.engine.o1.O1Engine;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.testing.SmallWorkloads;

/**
 * The 2.6.15-rc1 ia64 idle loop (polling flag set, CPU halts: reschedule IPIs suppressed, so a wakeup on a halted CPU
 * waits for its next tick) against Ken Chen's rc2 fix, on the Itanium 2 profile with the ia64 defconfig's HZ 250.
 * The workload is a small ping-pong ({@link SmallWorkloads#pingPong}): pairs of processes, 10 us of work per side,
 * plain (not sync) wakeups as 2.6.15's sock_def_readable gives (with sync wakeups wake-affine pulls a pair onto one
 * CPU and no IPI is needed).
 * Seed 004's published figures (netperf -98 %, VolanoMark -58 %) are figures 004-netperf and 004-volano of
 * examples/seed004_ia64_idle.sched, reproduced by org.schedlab.cli.tests.ReproductionFiguresTest.
 */
class SuppressedIpiTest {
    /** ia64 defconfig HZ. */
    static final int HZ = 250;

    static double rate(int pairs, IdleLoopPatch idle, long durationNs, int hz) {
        SimConfig c = SimConfig.builder()
                .machine(MachineProfile.itanium2(hz))
                .engine(new O1Engine(), new SchedulerConfig(O1Engine.VERSION, Set.of(idle.id()), Map.of()))
                .workload(SmallWorkloads.pingPong(pairs, 10_000, false))
                .duration(durationNs)
                .seed(4)
                .build();
        return Simulation.run(c).rate(SmallWorkloads.ROUND_TRIPS);
    }

    /** Throughput drop of the bug against the fix, 0..1, and the two rates. */
    static double[] drop(int pairs, long durationNs) {
        double bug = rate(pairs, IdleLoopPatch.IA64_IDLE_POLLING_RC1, durationNs, HZ);
        double fix = rate(pairs, IdleLoopPatch.IA64_IDLE_FIX_RC2, durationNs, HZ);
        return new double[] {1 - bug / fix, bug, fix};
    }

    @Test
    void aPairOnIdleCpusLosesAtLeast80PercentWithTheRc1IdleLoop(TestReporter out) {
        double[] d = drop(1, Time.S);
        out.publishEntry("round trips/s", String.format("rc1 bug %.0f, rc2 fix %.0f, change %.1f%%", d[1], d[2],
                -100 * d[0]));
        assertTrue(d[2] > 0, "the fixed kernel completes round trips");
        assertTrue(d[0] >= 0.80, "drop " + d[0]);
    }

    @Test
    void theLossToTheBugShrinksAsThePairsSaturateTheCpus(TestReporter out) {
        double[] one = drop(1, Time.S / 2);
        double[] many = drop(8, Time.S / 2);
        out.publishEntry("change with the bug", String.format("1 pair %.1f%%, 8 pairs %.1f%%", -100 * one[0],
                -100 * many[0]));
        assertTrue(one[0] > 0.30, "with idle CPUs the suppressed IPIs cost a lot: " + one[0]);
        assertTrue(many[0] < one[0], "saturated CPUs rarely halt, so the bug matters less: " + many[0]);
    }

    @Test
    void the2614IdleLoopAndTheRc2FixBehaveAlikeAndPollIdleIsNoSlower(TestReporter out) {
        double base = rate(1, IdleLoopPatch.IA64_2_6_14, Time.S / 4, HZ);
        double fix = rate(1, IdleLoopPatch.IA64_IDLE_FIX_RC2, Time.S / 4, HZ);
        double poll = rate(1, IdleLoopPatch.POLL_IDLE, Time.S / 4, HZ);
        out.publishEntry("round trips/s", String.format("2.6.14 %.0f, rc2 fix %.0f, poll_idle %.0f", base, fix, poll));
        assertTrue(Math.abs(base - fix) <= 0.02 * fix, "2.6.14 and rc2 both send IPIs to halted CPUs");
        assertTrue(poll >= fix, "polling idle needs no IPI and no halt exit");
    }

    @Test
    void theBugsCostScalesWithTheTickPeriod(TestReporter out) {
        double at100 = rate(1, IdleLoopPatch.IA64_IDLE_POLLING_RC1, Time.S, 100);
        double at1000 = rate(1, IdleLoopPatch.IA64_IDLE_POLLING_RC1, Time.S, 1000);
        out.publishEntry("round trips/s with the bug", String.format("HZ=100 %.0f, HZ=1000 %.0f", at100, at1000));
        assertTrue(at1000 > 5 * at100, "wakeups wait for the next tick: 10x the ticks, several times the rate");
    }
}
