/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

import org.schedlab.host.CHelpers;
import org.schedlab.host.HostException;
import org.schedlab.host.Shell;
import org.schedlab.host.ToolOutputs;

/**
 * Which state the host is in, read in a twentieth of a second: a ring of two threads pinned to CPU 0 yielding to each
 * other ({@code hostprobe yield 2 20000 threads}), ns per yield. On a virtual machine the host moves the cost of the
 * same kernel path by a third or more for minutes at a time (6 December 2026: the ring ran at 1,930 to 2,070 ns for
 * minutes, then at 2,590 to 2,950 for two and a half minutes, then at 1,930 to 2,070 again; threads.c with 4 threads
 * ran 12 % slower meanwhile). A case's state probes describe the state they were taken in; a real run taken in the
 * other state is not a run of the machine the case is simulated on. validate-host reads the ring when a case's state
 * probes end and before and after each of its real runs, and runs again a run whose rings moved
 * ({@link #moved}); the criterion knows nothing of the run's figures.
 */
public final class HostRing {
    /** The figures each real run gets beside its metrics (not metrics of any case): the rings around it. */
    public static final String BEFORE = "host ring ns before";
    public static final String AFTER = "host ring ns after";
    /**
     * How far a ring may lie from the case's before the host counts as moved: within one state the ring stayed within
     * 4 to 7 % of its median, and the two states lay 40 % apart (`tools/host-ring.sh`, 6 December 2026, eighth
     * session in docs/validation.md).
     */
    static final double MOVED = 0.15;
    /** Runs of one case or change taken again at most, for a host that keeps moving. */
    public static final int RETRIES = 2;
    /**
     * Readings of the ring, a second apart, that one run waits at most for the host to come back to its case's state
     * (the slow state above lasted two and a half minutes, the fast ones longer; a state that does not come back
     * within half a minute is met by probing the case again, {@link #CASE_RETRIES}).
     */
    public static final int WAIT_READINGS = 30;
    /**
     * Times a case is probed and run again at most when one of its runs still moved after its {@link #RETRIES}: the
     * host stayed in another state than at the case's probes, so the case's probes no longer describe its runs.
     */
    public static final int CASE_RETRIES = 1;
    private final Shell shell;
    private final CHelpers helpers;

    /** One real run of a case or change: its figures. */
    public interface Attempt {
        Map<String, Double> once();
    }

    /**
     * A real run watched: its figures with the rings before and after it, how many runs it took, whether the last
     * still moved (the host kept moving through {@link #RETRIES} more runs: kept, and counted), and the seconds it
     * waited for the host's state.
     */
    public record Watched(Map<String, Double> figures, int attempts, boolean moved, int waitedS) {
    }

    HostRing(Shell shell, CHelpers helpers) {
        this.shell = shell;
        this.helpers = helpers;
    }

    /** @return ns per yield of the ring now, or NaN when it cannot be read (the run goes on unwatched) */
    double ns() {
        try {
            List<String> cmd = List.of(helpers.hostprobe().toString(), "yield", "2", "20000", "threads");
            Shell.Output o = shell.run(cmd, Duration.ofSeconds(30));
            return o.exit() == 0 ? ToolOutputs.probe(o, "yield_ns") : Double.NaN;
        } catch (HostException | NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * Runs {@code run} between two readings of {@code ring}, again while either lies further than {@link #MOVED}
     * from {@code at} (the ring when the case's state probes ended), at most {@link #RETRIES} times more. Before each
     * run it waits for the host to be back in that state: it reads the ring again after each {@code pause} (a second)
     * while it lies away, {@link #WAIT_READINGS} times at most for all the runs of one call together; then the run
     * goes ahead as it is.
     *
     * @param progress one line for each wait and each run taken again
     */
    public static Watched watched(DoubleSupplier ring, double at, Attempt run, Runnable pause,
            Consumer<String> progress) {
        int waited = 0;
        for (int attempt = 1;; attempt++) {
            double before = ring.getAsDouble();
            int from = waited;
            while (moved(at, before) && waited < WAIT_READINGS) {
                pause.run();
                before = ring.getAsDouble();
                waited++;
            }
            if (waited > from) {
                progress.accept(String.format(Locale.ROOT, "  waited %d s for the host's state at the case's probes"
                        + " (the ring: %.0f ns a yield, %.0f at the probes)", waited - from, before, at));
            }
            Map<String, Double> v = new LinkedHashMap<>(run.once());
            double after = ring.getAsDouble();
            if (!Double.isNaN(before)) {
                v.put(BEFORE, before);
            }
            if (!Double.isNaN(after)) {
                v.put(AFTER, after);
            }
            boolean moved = moved(at, before) || moved(at, after);
            if (!moved || attempt > RETRIES) {
                return new Watched(v, attempt, moved, waited);
            }
            progress.accept(String.format(Locale.ROOT, "  the host moved: the ring ran %.0f ns a yield before the run"
                    + " and %.0f after, %.0f at the case's probes; once more", before, after, at));
        }
    }

    /** @return whether {@code ring} lies further than {@link #MOVED} from the case's {@code at}; never with a NaN */
    public static boolean moved(double at, double ring) {
        return at > 0 && ring > 0 && Math.abs(ring / at - 1) > MOVED;
    }
}
