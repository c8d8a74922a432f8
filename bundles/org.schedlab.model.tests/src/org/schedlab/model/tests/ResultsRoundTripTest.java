/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.model.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.List;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.schedlab.model.ResultsResources;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.Comparison;
import org.schedlab.model.results.CostEntry;
import org.schedlab.model.results.Counter;
import org.schedlab.model.results.CpuBreakdown;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Histogram;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Parameter;
import org.schedlab.model.results.Provenance;
import org.schedlab.model.results.ResultsFactory;
import org.schedlab.model.results.ResultsPackage;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.model.results.TaskBreakdown;
import org.schedlab.model.results.TimeSeries;

class ResultsRoundTripTest {
    private static final ResultsFactory F = ResultsFactory.eINSTANCE;

    @Test
    void everyKindOfElementLoadsBackEqual() throws IOException {
        ExperimentResult original = sample();
        byte[] xmi = save(original);
        ExperimentResult loaded = ResultsResources.load(new ByteArrayInputStream(xmi));
        assertNotSame(original, loaded);
        assertTrue(EcoreUtil.equals(original, loaded), "loaded result differs from the saved one");
        assertEquals(original.getCreated(), loaded.getCreated());
        Run run = loaded.getCells().get(0).getRuns().get(0);
        assertEquals(List.of(1.0, 3.0, 2.0, 2.0), run.getSeries().get(0).getValues(), "series keep order and repeats");
        assertEquals(List.of(0L, 5L, 5L, 1L), run.getHistograms().get(0).getBuckets());
        assertEquals(RunStatus.FAILED, loaded.getCells().get(1).getRuns().get(0).getStatus());
        assertEquals(Double.NaN, loaded.getComparisons().get(1).getSimulated());
    }

    @Test
    void savingTheLoadedResultGivesTheSameBytes() throws IOException {
        byte[] first = save(sample());
        byte[] second = save(ResultsResources.load(new ByteArrayInputStream(first)));
        assertArrayEquals(first, second);
    }

    @Test
    void fileCarriesTheVersionedNamespace() throws IOException {
        String text = new String(save(sample()), StandardCharsets.UTF_8);
        assertTrue(text.contains("xmlns:results=\"http://www.schedlab.org/results/1.0\""), text);
        assertEquals("http://www.schedlab.org/results/1.0", ResultsPackage.eNS_URI);
    }

    @Test
    void savingDoesNotMoveTheResultIntoAResource() throws IOException {
        ExperimentResult r = sample();
        save(r);
        assertNull(r.eResource());
    }

    @Test
    void somethingElseIsNotAResult() {
        byte[] notXmi = "hello".getBytes(StandardCharsets.UTF_8);
        assertThrows(IOException.class, () -> ResultsResources.load(new ByteArrayInputStream(notXmi)));
    }

    private static byte[] save(ExperimentResult r) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ResultsResources.save(r, out);
        return out.toByteArray();
    }

    /** A result using every class and every multi-valued feature of the model. */
    static ExperimentResult sample() {
        ExperimentResult r = F.createExperimentResult();
        r.setName("hello");
        r.setSourceFile("examples/hello.sched");
        r.setSourceHash("ab12");
        r.setSchedlabVersion("0.1.0");
        r.setCreated(new Date(1_700_000_000_123L));
        r.setBaselineVariant("rr");
        r.setRepeats(2);
        r.setStatus(RunStatus.FAILED);
        r.getMetricNames().addAll(List.of("switches", "work"));

        Cell ok = F.createCell();
        ok.setMachine("duo");
        ok.setVariant("rr");
        ok.getParameters().add(param("threads", "4"));
        ok.setStatus(RunStatus.OK);
        Provenance p = F.createProvenance();
        p.setEngineId("rr");
        p.setEngineVersion("1.0");
        p.getPatches().addAll(List.of("a", "b"));
        p.getTunables().add(param("timeslice_ticks", "10"));
        p.setMachineId("piii-700");
        p.setNrCpus(2);
        p.setMhz(700);
        p.setHz(100);
        p.setDurationNs(1_000_000_000L);
        CostEntry cost = F.createCostEntry();
        cost.setKey("SCHEDULE");
        cost.setCycles(1200);
        cost.setSource("kernel-models.md 6");
        p.getCosts().add(cost);
        ok.setProvenance(p);
        ok.getMetrics().add(metric("switches", "1/s", 1234.5));
        Run run = F.createRun();
        run.setSeed(7);
        run.setStatus(RunStatus.OK);
        run.setElapsedNs(1_000_000_000L);
        run.setEventsProcessed(99);
        run.getMetrics().add(metric("switches", "1/s", 1234.5));
        TaskBreakdown t = F.createTaskBreakdown();
        t.setPid(3);
        t.setName("worker");
        t.setCpuNs(5);
        t.setWaitNs(6);
        t.setVoluntarySwitches(1);
        t.setInvoluntarySwitches(2);
        t.setWakeups(3);
        t.setFinalState("R");
        Counter c = F.createCounter();
        c.setName("work");
        c.setValue(42);
        t.getCounters().add(c);
        run.getTasks().add(t);
        CpuBreakdown cpu = F.createCpuBreakdown();
        cpu.setCpu(1);
        cpu.setUserNs(1);
        cpu.setKernelNs(2);
        cpu.setSpinNs(3);
        cpu.setIdleNs(4);
        run.getCpus().add(cpu);
        TimeSeries ts = F.createTimeSeries();
        ts.setName("runqueue");
        ts.setUnit("tasks");
        ts.setIntervalNs(10_000_000L);
        ts.getValues().addAll(List.of(1.0, 3.0, 2.0, 2.0));
        run.getSeries().add(ts);
        Histogram h = F.createHistogram();
        h.setName("wakeup_latency");
        h.setUnit("ns");
        h.setCount(11);
        h.setMean(3.5);
        h.setMin(1);
        h.setMax(9);
        h.getBuckets().addAll(List.of(0L, 5L, 5L, 1L));
        run.getHistograms().add(h);
        ok.getRuns().add(run);
        r.getCells().add(ok);

        Cell failed = F.createCell();
        failed.setMachine("duo");
        failed.setVariant("broken");
        failed.setStatus(RunStatus.FAILED);
        failed.setMessage("seed 7: IllegalStateException: <boom> & \"quotes\"");
        Run bad = F.createRun();
        bad.setSeed(7);
        bad.setStatus(RunStatus.FAILED);
        bad.setMessage("IllegalStateException: <boom> & \"quotes\"");
        failed.getRuns().add(bad);
        r.getCells().add(failed);

        r.getComparisons().add(comparison("003-a", 1000, 1100, true));
        r.getComparisons().add(comparison("003-b", 1000, Double.NaN, false));
        return r;
    }

    private static Parameter param(String k, String v) {
        Parameter p = F.createParameter();
        p.setKey(k);
        p.setValue(v);
        return p;
    }

    private static Metric metric(String name, String unit, double v) {
        Metric m = F.createMetric();
        m.setName(name);
        m.setUnit(unit);
        m.setValue(v);
        m.setSamples(2);
        m.setMean(v);
        m.setStddev(0.25);
        m.setMin(v - 1);
        m.setMax(v + 1);
        m.setCi95Low(v - 2.2);
        m.setCi95High(v + 2.2);
        return m;
    }

    private static Comparison comparison(String id, double published, double simulated, boolean ok) {
        Comparison c = F.createComparison();
        c.setId(id);
        c.setCell("duo/rr");
        c.setMetric("switches");
        c.setUnit("1/s");
        c.setPublished(published);
        c.setSimulated(simulated);
        c.setBandLow(published * 0.8);
        c.setBandHigh(published * 1.2);
        c.setOk(ok);
        return c;
    }
}
