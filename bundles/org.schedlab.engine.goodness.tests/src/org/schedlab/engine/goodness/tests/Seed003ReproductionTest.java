package org.schedlab.engine.goodness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.testing.workloads.ThreadsC;

/**
 * Seed 003 (Davide Libenzi, 2.3.5 + libenzi-slotizer-1999): the 450-thread
 * threads.c yield storm, 6169/6087 before and 8811/10325 after (+56%,
 * read as total work per second, kernel-models.md section 2). Band from issue 4.
 */
class Seed003ReproductionTest {
    @Disabled("model cannot reproduce: simulated +313% (32,915 -> 135,900 work/s over threads.c's 60 s, the"
            + " threads cloned by one process and released together; 6 and 5 zero-work threads; sim of 30 Nov"
            + " 2026 18:05). The slotizer replaces 451 goodness() evaluations (17,138 cycles) with about 22,"
            + " while the rest of a yield costs about 4,300 cycles here (syscall, schedule, same-mm switch, and"
            + " the cold-switch refill of [T2]); the published +56% implies about 31,000 non-scan cycles per"
            + " yield on the 1999 machine, which no source in the cost table gives")
    @Test
    void slotizerGainIsBetweenPlus28AndPlus170Percent() {
        ThreadsC.Report before = SeedRuns.threads(false);
        ThreadsC.Report after = SeedRuns.threads(true);
        assertEquals(450, before.threads());
        double gain = SeedRuns.change(before.workPerSecond(), after.workPerSecond());
        assertTrue(gain >= 28 && gain <= 170, "gain " + gain + "%: " + before.line() + " / " + after.line());
    }

    /**
     * As threads.c runs: one process clones the 450 threads (each clone halving its counter, so the last ones
     * start with counter 0 and, in 2.3.5, wait for a recalculation), they are released together, and only they
     * count.
     */
    @Test
    void asRunOneProcessClonesTheThreadsAndOnlyTheyCount() {
        SimResult r = SeedRuns.run(1, "2.3.5", ThreadsC.asRun(450, ThreadsC.DEFAULT_USER_CYCLES),
                SeedRuns.THREADS_STARTUP_NS, 300 * Time.MS);
        ThreadsC.Report rep = ThreadsC.report(r);
        assertEquals(450, rep.threads(), "the parent does not count");
        assertTrue(rep.zeroWorkThreads() > 0 && rep.zeroWorkThreads() < 45, "clones left with counter 0 wait: "
                + rep.line());
        assertTrue(rep.workPerSecond() > 1_000, "the threads work: " + rep.line());
    }
}
