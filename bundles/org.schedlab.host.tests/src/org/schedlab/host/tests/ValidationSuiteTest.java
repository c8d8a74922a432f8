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
import org.schedlab.host.validate.ChangeRow;
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
                "hackbench-g10", "hackbench-threads-g4", "hackbench-pipe-g4", "perf-messaging-g4",
                "perf-pipe-processes", "perf-pipe-threads", "rtapp-periodic-2hogs", "rtapp-periodic-4hogs",
                "cyclictest-2hogs", "nice-0,0", "nice-0,5", "nice-0,5,10", "stress-ng-yield-1", "stress-ng-yield-8",
                "stress-ng-pipe-1", "rr-hogs", "cgroup-weights-2:1", "cgroup-hogs", "cgroup-hogs-capped",
                "cgroup-periodic-2hogs", "autogroup-sessions-1:3"), ids);
        assertEquals(ids, ValidationSuite.cases(2, true).stream().map(ValidationCase::id).toList(),
                "--quick shortens the runs, it keeps the cases");
        List<ValidationCase> cases = ValidationSuite.cases(2, false);
        long shares = cases.stream().flatMap(c -> c.metrics().stream())
                .filter(m -> m.tolerance() == Tolerance.POINTS_5).count();
        assertEquals(7 + 2 + 2 + 1, shares, "the shares and the missed-deadline percentages are compared in points");
        int rows = cases.stream().mapToInt(c -> c.metrics().size() + 1).sum();
        assertTrue(rows >= 40, "at least 40 absolute rows (a context-switch row per case included): " + rows);
        List<ValidationCase.Change> changes = cases.stream().flatMap(c -> c.changes().stream()).toList();
        long changeRows = changes.stream().mapToLong(ch -> ch.metrics().size()).sum();
        long kinds = changes.stream().map(ValidationCase.Change::kind).distinct().count();
        assertTrue(changeRows >= 10 && kinds >= 5, changeRows + " change rows of " + kinds + " kinds");
        for (ValidationCase c : cases) {
            for (ValidationCase.Change ch : c.changes()) {
                for (String m : ch.metrics()) {
                    assertEquals(m, c.metric(m).name(), "a change compares a metric of its case");
                }
            }
        }
    }

    /**
     * rt-app logs a missed activation with wu_lat 0; the model's timer_latency counts the activations that slept, so
     * the simulated mean is scaled by the share that did not miss (17 % missed: 10 ms -> 8.3 ms).
     */
    @Test
    void theRtAppCasesCountAMissedActivationAsRtAppLogsIt() {
        for (String id : List.of("rtapp-periodic-2hogs", "cgroup-periodic-2hogs")) {
            ValidationCase c = ValidationSuite.cases(2, true).stream().filter(x -> x.id().equals(id)).findFirst()
                    .orElseThrow();
            Map<String, Double> m = c.sim().convert().apply(Map.of("timer_latency", 10_000_000.0,
                    "timer_latency_p99", 40_000_000.0, "missed_deadlines", 17.0));
            assertEquals(8_300, m.get("wakeup latency mean"), 1e-6, id);
            assertEquals(40_000, m.get("wakeup latency p99"), 1e-6, id);
            assertEquals(17.0, m.get("missed deadlines"), 1e-9, id);
            assertTrue(c.sim().declarations().isEmpty() || c.sim().declarations().contains(
                    "timer period relative"), "rt-app's default timer mode: " + c.sim().declarations());
        }
    }

    @Test
    void changeVerdictsNeedTheSignAndA25PercentBand() {
        assertEquals("ok", ChangeRow.verdict(-40, -32, false));
        assertEquals("OUTSIDE", ChangeRow.verdict(-40, -29, false));
        assertEquals("wrong sign", ChangeRow.verdict(-40, 10, false));
        assertEquals("ok", ChangeRow.verdict(-25, -29.9, true));
        assertEquals("OUTSIDE", ChangeRow.verdict(-25, -30.1, true));
        assertEquals(-50.0, ChangeRow.change(10, 5, false), 1e-9);
        assertEquals(-5.0, ChangeRow.change(10, 5, true), 1e-9);
    }

    @Test
    void aChangeRowPairsTheRuns() {
        ValidationCase c = ValidationSuite.cases(2, true).stream().filter(x -> x.id().equals("perf-pipe-threads"))
                .findFirst().orElseThrow();
        ValidationCase.Change ch = c.changes().get(0);
        ChangeRow r = Validator.changeRow(c, ch, c.metric("usecs/op"), List.of(Map.of("usecs/op", 20.0),
                Map.of("usecs/op", 16.0), Map.of("usecs/op", 18.0)), List.of(Map.of("usecs/op", 8.0),
                        Map.of("usecs/op", 8.0), Map.of("usecs/op", 9.0)), 30, 14, null, null);
        assertEquals(-100 * (18.0 - 8.0) / 18.0, r.measured(), 1e-9);
        assertEquals(-60.0, r.min(), 1e-9);
        assertEquals(-50.0, r.max(), 1e-9);
        assertEquals(-100 * 16 / 30.0, r.simulated(), 1e-9);
        assertEquals("ok", r.verdict());
        String t = ValidationTable.formatChanges(List.of(r));
        assertTrue(t.contains("perf-pipe-threads  pinned to CPU 0  usecs/op") && t.contains("-55.6 % (-60.0..-50.0)")
                && t.contains("-53.3 %  ok"), t);
    }

    @Test
    void theDeviationIsJudgedAgainstTheRunsRange() {
        assertEquals("ok", Tolerance.RANGE_25.verdict(3e-3, 1e-3, 8e-3, 9.9e-3));
        assertEquals("OUTSIDE", Tolerance.RANGE_25.verdict(3e-3, 1e-3, 8e-3, 1.1e-2));
        assertEquals("OUTSIDE", Tolerance.RANGE_25.verdict(3e-3, 1e-3, 8e-3, 0));
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
        assertEquals("hackbench-g1", c.id());
        ValidationRow r = Validator.row(c, c.metrics().get(0), List.of(Map.of("time", 0.3), Map.of("time", 0.1),
                Map.of("time", 0.2)), 0.26, null);
        assertEquals(List.of(0.2, 0.1, 0.3, 3), List.of(r.median(), r.min(), r.max(), r.runs()));
        assertEquals("OUTSIDE", r.verdict());
        assertTrue(r.caseId().equals("hackbench-g1"));
    }
}
