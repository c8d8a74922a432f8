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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

import org.junit.jupiter.api.Test;
import org.schedlab.host.validate.HostRing;

/**
 * validate-host's watch on the host's state: a real run whose rings (ns per yield of a pinned ring of two threads)
 * lie further than 15 % from the ring at the case's state probes is taken again, at most twice more.
 */
class HostRingTest {

    /** @return the rings in turn */
    private static DoubleSupplier rings(double... ns) {
        int[] i = { 0 };
        return () -> ns[i[0]++];
    }

    /** @return a real run whose figure is its own number (1, 2, ...) */
    private static HostRing.Attempt counting(int[] runs) {
        return () -> Map.of("work/s", (double) ++runs[0]);
    }

    @Test
    void aRunInTheCasesStateIsTakenOnce() {
        int[] runs = { 0 };
        List<String> said = new ArrayList<>();
        HostRing.Watched w = HostRing.watched(rings(2050, 1930), 2000, counting(runs), () -> { }, said::add);
        assertEquals(1, w.attempts());
        assertFalse(w.moved());
        assertEquals(Map.of("work/s", 1.0, HostRing.BEFORE, 2050.0, HostRing.AFTER, 1930.0), w.figures());
        assertTrue(said.isEmpty(), said.toString());
    }

    @Test
    void aRunAfterWhichTheHostMovedIsTakenAgain() {
        int[] runs = { 0 };
        List<String> said = new ArrayList<>();
        // the host went into its slow state during the first run (2,800 ns a yield after it), back before the second
        HostRing.Watched w = HostRing.watched(rings(2000, 2800, 2010, 1990), 2000, counting(runs), () -> { }, said::add);
        assertEquals(2, w.attempts());
        assertEquals(2, runs[0]);
        assertFalse(w.moved());
        assertEquals(2.0, w.figures().get("work/s"), "the second run's figures are kept");
        assertEquals(1, said.size());
        assertTrue(said.get(0).contains("2000") && said.get(0).contains("2800"), said.get(0));
    }

    @Test
    void aHostThatKeepsMovingLeavesTheLastRunMarked() {
        int[] runs = { 0 };
        int[] pauses = { 0 };
        // the slow state all along: the first run waits out the whole budget, the others do not wait again
        HostRing.Watched w = HostRing.watched(() -> 2800, 2000, counting(runs), () -> pauses[0]++, s -> { });
        assertEquals(1 + HostRing.RETRIES, w.attempts());
        assertTrue(w.moved());
        assertEquals(3.0, w.figures().get("work/s"));
        assertEquals(HostRing.WAIT_READINGS, pauses[0]);
        assertEquals(HostRing.WAIT_READINGS, w.waitedS());
    }

    @Test
    void aRunWaitsForTheHostToComeBackToItsCasesState() {
        int[] runs = { 0 };
        int[] pauses = { 0 };
        List<String> said = new ArrayList<>();
        // slow for three more readings, then back: the run goes ahead once, after three pauses
        HostRing.Watched w = HostRing.watched(rings(2800, 2850, 2790, 2820, 2010, 1990), 2000, counting(runs),
                () -> pauses[0]++, said::add);
        assertEquals(1, w.attempts());
        assertFalse(w.moved());
        assertEquals(4, pauses[0]);
        assertEquals(4, w.waitedS());
        assertEquals(2010.0, w.figures().get(HostRing.BEFORE));
        assertTrue(said.size() == 1 && said.get(0).startsWith("  waited 4 s"), said.toString());
    }

    @Test
    void aRingThatCannotBeReadLeavesTheRunUnwatched() {
        int[] runs = { 0 };
        HostRing.Watched w = HostRing.watched(rings(Double.NaN, Double.NaN), 2000, counting(runs), () -> { },
                s -> { });
        assertEquals(1, w.attempts());
        assertEquals(Map.of("work/s", 1.0), w.figures());
        // and a case whose own ring could not be read compares nothing
        assertFalse(HostRing.moved(Double.NaN, 5000));
        assertTrue(HostRing.moved(2000, 2301));
        assertFalse(HostRing.moved(2000, 2299));
    }
}
