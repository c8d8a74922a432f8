/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.schedlab.host.TlbStep;

/** Where a ring of processes yielding on one CPU steps up: the address spaces a CPU keeps tagged. */
class TlbStepTest {

    @Test
    void aGuestWithPageTableIsolationKeepsTwo() {
        // hostprobe yield N 40000 processes on 6 December 2026 (PVM guest, pti=on, no pcid): 5,253 ns for 2
        // processes, 8,228 for 3, 8,213 to 10,197 for 4 to 8; the model's own growth about 100 ns over the rings
        double[] excess = { 2650, 5560, 5500, 6100, 7400, 6000, 5900 };
        int at = TlbStep.step(excess, 5253);
        assertEquals(1, at, "the step lies between 2 and 3 processes: 2 tags");
        assertEquals((5900 + 6000) / 2.0 - 2650, TlbStep.height(excess, at), 1e-9, "the median above less the median below");
    }

    @Test
    void pcidsSixTagsStepAtSeven() {
        // bare x86-64 with PCID: 6 tags; the 7th address space evicts a tag at every switch
        double[] excess = { 10, 40, -20, 30, 0, 900, 960 };
        assertEquals(5, TlbStep.step(excess, 1700), "the first ring above the step is 7 processes");
    }

    @Test
    void aSlopeOrAStepBelowAFifthOfTheYieldIsNone() {
        // a slope (every switch flushes, the footprint grows with the ring): the gap at any split is a step of the
        // slope, less than half the medians' difference
        assertEquals(-1, TlbStep.step(new double[] { 0, 300, 600, 900, 1200, 1500, 1800 }, 2000));
        // a clean step smaller than a fifth of a 2,000 ns yield
        assertEquals(-1, TlbStep.step(new double[] { 0, 10, 5, 300, 310, 320, 305 }, 2000));
        // a ring above the step that lost its advantage (noise) leaves too small a gap
        assertEquals(-1, TlbStep.step(new double[] { 0, 50, 3000, 400, 3050, 3000, 3000 }, 5000));
    }
}
