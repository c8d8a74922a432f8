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
    @Disabled("model cannot reproduce: simulated -24.3% (51,468 -> 38,955 msg/s in 400 ms; -19.3% in 200 ms,"
            + " -32.3% in 800 ms; sim of 30 Nov 2026 16:15)."
            + " With the patch a yielding JVM thread is scored normally at the tail and, with"
            + " PROC_CHANGE_PENALTY, picked again: each futile yield still pays a full goodness() scan under"
            + " runqueue_lock (contended), while the switches it saves cost only CONTEXT_SWITCH 500 cycles."
            + " A sensitivity run with a larger per-switch cost (cache refill) gives +14.5% at 20,000 and"
            + " -1.7% at 30,000 cycles: not a consistent gain, so the model misses what made the 8-way gain")
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
