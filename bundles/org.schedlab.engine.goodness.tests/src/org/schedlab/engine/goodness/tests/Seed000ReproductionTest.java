package org.schedlab.engine.goodness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.schedlab.sim.testing.workloads.LatProc;

/**
 * Seed 000 (Bill Hartner, 2.4.18-pre4 + hartner-yield-2002, 8-way PIII 700):
 * VolanoMark 10/100 +2.1% UP, -5.0% 4P, +34.8% 8P; lat_proc unchanged.
 * Bands from issue 4.
 */
class Seed000ReproductionTest {
    @Disabled("model cannot reproduce: simulated -47.8% (39,956 -> 20,841 msg/s over the whole test; sim of 30"
            + " Nov 2026 18:20). The patch as posted drops goodness()'s yield test, and 2.4 recognises a time-sharing"
            + " task by policy == SCHED_OTHER while the SCHED_YIELD bit is still in policy: the yielding prev"
            + " scores 1000 and wins its own scan, so sched_yield never hands the CPU to another SCHED_OTHER"
            + " task. A JVM monitor waiter whose lock holder is preempted then yields in place, each yield a"
            + " full scan under runqueue_lock, until it blocks. The published +34.8% needs a monitor protocol"
            + " (IBM JVM 1.3) that the seed does not give")
    @Test
    void volanoMarkEightWayGainsAtLeastHalfOfPlus34Point8() {
        double before = SeedRuns.volano(8, false);
        double after = SeedRuns.volano(8, true);
        double change = SeedRuns.change(before, after);
        assertTrue(change >= 17.4, "8P change " + change + "% (" + before + " -> " + after + " msg/s)");
    }

    @Test
    void volanoMarkUpWithinFivePointsOfPlus2Point1() {
        double change = SeedRuns.change(SeedRuns.volano(1, false), SeedRuns.volano(1, true));
        assertEquals(2.1, change, 5.0, "UP change " + change + "%");
    }

    @ParameterizedTest
    @CsvSource({"1, FORK", "1, EXEC", "1, SHELL", "2, FORK", "2, EXEC", "2, SHELL"})
    void latProcUnchangedWithinThreePercent(int cpus, LatProc.Mode mode) {
        double before = SeedRuns.latProcUs(cpus, mode, false);
        double after = SeedRuns.latProcUs(cpus, mode, true);
        assertEquals(0.0, SeedRuns.change(before, after), 3.0, mode + " " + cpus + "P: " + before + " -> " + after + " us");
    }
}
