/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

/**
 * A published % change against the simulated one over independent repeats, as {@code schedlab reproduce}
 * prints it: the mean of the per-seed changes with its 95 % confidence interval ({@link Stats}), the band and
 * the verdict ({@link Reproduction#verdict}).
 *
 * @param id         figure id ({@code 000-8p})
 * @param experiment experiment name
 * @param cell       {@code machine/variant vs baseline}
 * @param metric     metric name
 * @param published  the published change, in %
 * @param change     the per-seed simulated changes, in % (n = 0 when no seed completed in both cells)
 * @param bandLow    lowest change that reproduces the figure, in % (may be -infinity)
 * @param bandHigh   highest change that reproduces the figure, in % (may be +infinity)
 * @param unaffected the patched variant's {@code patched_paths} was 0 in every repeat: the patch never ran
 * @param converged  the interval met {@link Reproduction#converged} and, where checked, the run length
 *                   criterion ({@link Reproduction#lengthConverged})
 * @param verdict    what the row says
 * @param doubled    the per-seed changes of the same seeds run twice as long, or null when the run length was
 *                   not checked (the runs ended with their workload, or the figure's window is fixed)
 */
public record ReproducedFigure(String id, String experiment, String cell, String metric, double published,
                               Stats change, double bandLow, double bandHigh, boolean unaffected, boolean converged,
                               Verdict verdict, Stats doubled) {

    /** What a row of {@code schedlab reproduce} says. */
    public enum Verdict {
        /** The whole interval lies in the band, and the patched code ran. */
        OK("ok"),
        /** The whole interval lies in the band, but the patched code path never ran. */
        OK_UNAFFECTED("ok, unaffected"),
        /** Some of the interval lies outside the band (or there is no simulated value). */
        OUTSIDE("OUTSIDE"),
        /**
         * The interval stayed wider than the convergence criterion at the repeat cap, or the estimate moved
         * when the runs were made twice as long.
         */
        UNCONVERGED("unconverged");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        /** @return the word printed in the verdict column */
        public String label() {
            return label;
        }
    }

    /** @return the number of repeats the interval is computed from */
    public int repeats() {
        return change == null ? 0 : change.n();
    }
}
