package org.schedlab.engine.cfs.tests;

import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.spi.SchedFn;

/**
 * Prints seed 002's table for the full 60 simulated seconds (longer than the unit tests run). After
 * {@code FASTTEST_OUT=/tmp/cfs-fasttest tools/fasttest.sh org.schedlab.engine.cfs}:
 * {@code java -cp /tmp/cfs-fasttest/main:/tmp/cfs-fasttest/test:bundles/org.schedlab.engine.cfs
 * org.schedlab.engine.cfs.tests.Seed002Report [seconds]}.
 */
public final class Seed002Report {

    private Seed002Report() {
    }

    public static void main(String[] args) {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 60;
        System.out.printf("seed 002: netperf TCP_RR on p4-3000-ht, %d simulated s; enqueue_task + dequeue_task cycles%n",
                seconds);
        System.out.printf("%-8s %16s %16s %8s %10s %12s%n", "version", "unpatched", "patched", "ratio", "cs/s",
                "wall ms");
        for (String v : new String[] {"2.6.24", "2.6.25"}) {
            long t0 = System.nanoTime();
            SimResult off = Seed002ReproductionTest.netperf(v, false, Time.s(seconds));
            SimResult on = Seed002ReproductionTest.netperf(v, true, Time.s(seconds));
            long wall = (System.nanoTime() - t0) / 1_000_000;
            long a = Seed002ReproductionTest.instrument(off);
            long b = Seed002ReproductionTest.instrument(on);
            System.out.printf("%-8s %,16d %,16d %8.3f %,10.0f %,12d%n", v, a, b, (double) b / a,
                    off.metrics().contextSwitchRate(), wall);
            System.out.printf("%-8s   with pick-path tree work (SCAN) added: %,d vs %,d = %.3f%n", "",
                    a + off.metrics().cycles(SchedFn.SCAN), b + on.metrics().cycles(SchedFn.SCAN),
                    (double) (b + on.metrics().cycles(SchedFn.SCAN)) / (a + off.metrics().cycles(SchedFn.SCAN)));
        }
        System.out.printf("published  %,16d %,16d %8.3f %,10d%n", 7_198_444_348L, 8_574_036_268L,
                Seed002ReproductionTest.PUBLISHED_RATIO, 85_000);
    }
}
