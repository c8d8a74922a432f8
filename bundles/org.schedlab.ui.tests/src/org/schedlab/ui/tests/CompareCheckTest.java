/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.ResultsFactory;
import org.schedlab.model.results.RunStatus;
import org.schedlab.ui.results.CompareCheck;

/** The results comparison warns about different experiments, metrics and cells, and refuses results without a shared cell. */
class CompareCheckTest {

    private static final ResultsFactory F = ResultsFactory.eINSTANCE;

    @Test
    void sameExperimentAndMetricsGiveNoWarning() {
        ExperimentResult a = result("netperf", List.of("ops"), "tiger/rc1");
        ExperimentResult b = result("netperf", List.of("ops"), "tiger/rc1");
        assertNull(CompareCheck.refusal(a, b));
        assertEquals(List.of(), CompareCheck.warnings(a, b));
    }

    @Test
    void differentExperimentsAndMetricsAreWarnedAboutAndTheMetricsUnited() {
        ExperimentResult a = result("netperf", List.of("ops", "ipis"), "tiger/rc1", "tiger/rc2_fix");
        ExperimentResult b = result("volanomark", List.of("ops", "messages"), "tiger/rc1");
        assertNull(CompareCheck.refusal(a, b), "tiger/rc1 is shared");
        List<String> w = CompareCheck.warnings(a, b);
        assertEquals(3, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("Different experiments (netperf and volanomark)"), w.get(0));
        assertTrue(w.get(1).contains("only in the first ipis, only in the second messages"), w.get(1));
        assertTrue(w.get(2).contains("only in the first tiger/rc2_fix, only in the second (none)"), w.get(2));
        assertEquals(List.of("ops", "ipis", "messages"), CompareCheck.metricUnion(a, b));
    }

    @Test
    void resultsWithoutASharedCellAreRefused() {
        ExperimentResult a = result("hello", List.of("work"), "duo/rr");
        ExperimentResult b = result("timeline", List.of("work"), "quad/stock");
        String refusal = CompareCheck.refusal(a, b);
        assertTrue(refusal != null && refusal.contains("share no cell (first: duo/rr; second: quad/stock)"), refusal);
    }

    private static ExperimentResult result(String name, List<String> metrics, String... cells) {
        ExperimentResult r = F.createExperimentResult();
        r.setName(name);
        r.getMetricNames().addAll(metrics);
        for (String label : cells) {
            Cell c = F.createCell();
            c.setMachine(label.substring(0, label.indexOf('/')));
            c.setVariant(label.substring(label.indexOf('/') + 1));
            c.setStatus(RunStatus.OK);
            r.getCells().add(c);
        }
        return r;
    }
}
