package org.schedlab.engine.goodness.tests;

import java.util.Locale;

import org.schedlab.sim.testing.workloads.LatProc;
import org.schedlab.sim.testing.workloads.ThreadsC;

/**
 * Prints published against simulated for every seed row of the goodness
 * engine (seeds 000, 001, 003). Run with the test classpath:
 * {@code java -cp ... org.schedlab.engine.goodness.tests.SeedTable}.
 */
public final class SeedTable {
    private SeedTable() {
    }

    public static void main(String[] args) {
        StringBuilder out = new StringBuilder();
        out.append("seed 000 VolanoMark 10/100, 2.4.18-pre4 vs + hartner-yield-2002 (msg/s, piii-700)\n");
        double[] pub = {2.1, -5.0, 34.8};
        int[] cpus = {1, 4, 8};
        for (int i = 0; i < cpus.length; i++) {
            double a = SeedRuns.volano(cpus[i], false);
            double b = SeedRuns.volano(cpus[i], true);
            out.append(String.format(Locale.ROOT, "  %dP: %.0f -> %.0f msg/s  change %+.1f%%  (published %+.1f%%)%n",
                    cpus[i], a, b, SeedRuns.change(a, b), pub[i]));
        }
        double[][] lat = {{118.7021, 118.5957, 836.7143, 838.0, 3481.5, 3464.5},
                {480.0833, 474.9090, 1342.6, 1327.8, 4778.5, 4680.5}};
        int[] lcpus = {1, 2};
        out.append("seed 000 lat_proc latency (us), 2.4.18-pre4 vs + hartner-yield-2002\n");
        for (int i = 0; i < 2; i++) {
            int m = 0;
            for (LatProc.Mode mode : LatProc.Mode.values()) {
                double a = SeedRuns.latProcUs(lcpus[i], mode, false);
                double b = SeedRuns.latProcUs(lcpus[i], mode, true);
                out.append(String.format(Locale.ROOT,
                        "  %s %dP: %.1f -> %.1f us  change %+.2f%%  (published %.1f -> %.1f, %+.2f%%)%n",
                        mode, lcpus[i], a, b, SeedRuns.change(a, b), lat[i][m], lat[i][m + 1],
                        SeedRuns.change(lat[i][m], lat[i][m + 1])));
                m += 2;
            }
        }
        out.append("seed 001 user-space spinlock, 2.2.16 (ops/s)\n");
        for (int c : new int[] {1, 2}) {
            double k4 = SeedRuns.spin(c, 4), k20 = SeedRuns.spin(c, 20);
            double v1 = SeedRuns.spin(c, 20, "schreter-v1-2001"), v2 = SeedRuns.spin(c, 20, "schreter-v2-2001");
            out.append(String.format(Locale.ROOT,
                    "  %dP: 2.2.16 x4 %.0f, x20 %.0f (x20/x4 %.2f, published 0.7); x20 v1 %.0f (%+.1f%%), v2 %.0f (%+.1f%%)"
                            + " (published about +30%%)%n",
                    c, k4, k20, k20 / k4, v1, SeedRuns.change(k20, v1), v2, SeedRuns.change(k20, v2)));
        }
        out.append("seed 003 threads.c 450 threads, 2.3.5 vs + libenzi-slotizer-1999 (UP piii-700)\n");
        ThreadsC.Report a = SeedRuns.threads(false);
        ThreadsC.Report b = SeedRuns.threads(true);
        out.append("  threads  work/s  avg/thread/s  zero-work  norm.dev\n");
        out.append("  2.3.5      ").append(a.line()).append('\n');
        out.append("  slotizer   ").append(b.line()).append('\n');
        out.append(String.format(Locale.ROOT, "  gain %+.1f%% (published +56%%, band +28%%..+170%%)%n",
                SeedRuns.change(a.workPerSecond(), b.workPerSecond())));
        System.out.print(out);
    }
}
