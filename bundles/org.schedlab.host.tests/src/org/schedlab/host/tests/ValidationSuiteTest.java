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

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.host.validate.Tolerance;
import org.schedlab.host.validate.ValidationCase;
import org.schedlab.host.validate.ValidationRow;
import org.schedlab.host.validate.ValidationSuite;
import org.schedlab.host.validate.ValidationTable;
import org.schedlab.host.validate.Validator;

/** The fixed suite, its tolerances, the verdicts and the table; no timing is asserted. */
class ValidationSuiteTest {

    @Test
    void theSuiteIsFixed() {
        List<String> ids = ValidationSuite.cases(2, false).stream().map(ValidationCase::id).toList();
        assertEquals(List.of("threads_c-4", "threads_c-64", "threads_c-450", "hackbench-g1", "hackbench-g4",
                "hackbench-g10", "perf-pipe-processes", "perf-pipe-threads", "rtapp-periodic-2hogs",
                "rtapp-periodic-4hogs", "nice-0,5", "nice-0,5,10", "stress-ng-yield-1", "stress-ng-yield-8"), ids);
        assertEquals(ids, ValidationSuite.cases(2, true).stream().map(ValidationCase::id).toList(),
                "--quick shortens the runs, it keeps the cases");
        long shares = ValidationSuite.cases(2, false).stream().flatMap(c -> c.metrics().stream())
                .filter(m -> m.tolerance() == Tolerance.POINTS_5).count();
        assertEquals(5 + 2, shares, "the nice shares and the missed-deadline percentages are compared in points");
    }

    @Test
    void verdicts() {
        assertEquals("ok", Tolerance.RELATIVE_25.verdict(100, 124.9));
        assertEquals("OUTSIDE", Tolerance.RELATIVE_25.verdict(100, 74.9));
        assertEquals("ok", Tolerance.RELATIVE_25.verdict(0, 0));
        assertEquals("OUTSIDE", Tolerance.RELATIVE_25.verdict(0, 1));
        assertEquals("ok", Tolerance.POINTS_5.verdict(75.3, 70.4));
        assertEquals("OUTSIDE", Tolerance.POINTS_5.verdict(75.3, 70.2));
        assertEquals("no model", Tolerance.RELATIVE_25.verdict(3, Double.NaN));
    }

    @Test
    void tableRows() {
        ValidationRow r = new ValidationRow("hackbench-g4", "time", "s", 0.5, 0.4, 0.7, 3, 0.55, "ok");
        assertEquals(1.1, r.ratio(), 1e-9);
        String t = ValidationTable.format(List.of(r, new ValidationRow("rtapp-periodic-2hogs", "missed deadlines",
                "%", 0, 0, 0, 3, Double.NaN, "no model")));
        assertEquals("""
				case                  metric               measured (min..max)  simulated  ratio  verdict
				hackbench-g4          time              0.500 s (0.400..0.700)    0.550 s   1.10  ok
				rtapp-periodic-2hogs  missed deadlines              0 % (0..0)          -      -  no model
				""", t);
        assertEquals("2 rows: 1 ok, 1 no model", Validator.summary(List.of(r, new ValidationRow("x", "y", "", 0, 0, 0,
                1, Double.NaN, "no model"))));
    }

    @Test
    void eevdfVersionOfTheRunningKernel() {
        assertEquals("6.18", Validator.eevdfVersion("6.18.44-fc-v1045"));
        assertEquals("6.18", Validator.eevdfVersion("6.12.9-amd64"));
        assertEquals("6.6", Validator.eevdfVersion("6.6.30"));
        assertEquals("6.6", Validator.eevdfVersion("6.1.0-26-amd64"));
    }

    @Test
    void medianAndRangeOverTheRuns() {
        ValidationCase c = ValidationSuite.cases(2, true).get(3);
        ValidationRow r = Validator.row(c, c.metrics().get(0), List.of(Map.of("time", 0.3), Map.of("time", 0.1),
                Map.of("time", 0.2)), 0.26, null);
        assertEquals(List.of(0.2, 0.1, 0.3, 3), List.of(r.median(), r.min(), r.max(), r.runs()));
        assertEquals("OUTSIDE", r.verdict());
        assertTrue(r.caseId().equals("hackbench-g1"));
    }
}
