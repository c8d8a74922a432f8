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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.schedlab.host.Shell;
import org.schedlab.host.validate.SuitePrograms;

/** validate-host says before its first run which of the suite's programs are missing and how to install them. */
class SuiteProgramsTest {
    @Test
    void aMachineWithEveryProgramHearsNothing() {
        assertEquals(Optional.empty(), SuitePrograms.missing(without(Set.of())));
    }

    @Test
    void theMissingProgramsAreNamedWithTheirPackagesOnce() {
        String m = SuitePrograms.missing(without(Set.of("stress-ng", "rt-app", "hackbench", "cyclictest")))
                .orElseThrow();
        assertEquals("not installed: hackbench, rt-app, cyclictest, stress-ng; the cases that run them will be"
                + " skipped (on Debian: apt-get install rt-tests rt-app stress-ng)", m);
        assertTrue(SuitePrograms.missing(without(Set.of("perf"))).orElseThrow().startsWith(
                "not installed: perf; the cases that run it will be skipped (on Debian: apt-get install linux-perf)"));
    }

    private static Shell without(Set<String> missing) {
        return new Shell() {
            @Override
            public Output run(List<String> command, Duration timeout) {
                throw new AssertionError("the check runs nothing: " + command);
            }

            @Override
            public boolean has(String program) {
                return !missing.contains(program);
            }
        };
    }
}
