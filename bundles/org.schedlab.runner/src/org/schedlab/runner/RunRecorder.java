/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.List;
import java.util.Map;
import org.schedlab.model.results.Counter;
import org.schedlab.model.results.CpuBreakdown;
import org.schedlab.model.results.Histogram;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.Parameter;
import org.schedlab.model.results.Provenance;
import org.schedlab.model.results.ResultsFactory;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.model.results.TaskBreakdown;
import org.schedlab.model.results.TimeSeries;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.metrics.CpuResult;
import org.schedlab.sim.metrics.MetricsSnapshot;
import org.schedlab.sim.metrics.TaskResult;

/** Converts the simulator's plain results into the EMF results model: the boundary of the two worlds. */
final class RunRecorder {
    private static final ResultsFactory F = ResultsFactory.eINSTANCE;

    private RunRecorder() {
    }

    /** @return a completed run with its metrics, breakdowns, run-queue series and latency histogram */
    static Run completed(long seed, SimResult r, List<String> metricNames) {
        Run run = F.createRun();
        run.setSeed(seed);
        run.setStatus(r.status() == SimResult.Status.COMPLETED ? RunStatus.OK : RunStatus.CANCELLED);
        MetricsSnapshot m = r.metrics();
        run.setElapsedNs(m.elapsedNs());
        run.setEventsProcessed(r.eventsProcessed());
        for (String name : metricNames) {
            MetricCatalog.Value v = MetricCatalog.value(name, r);
            run.getMetrics().add(metric(v.name(), v.unit(), Stats.of(List.of(v.value()))));
        }
        tasks(run, m);
        for (CpuResult c : m.cpus()) {
            run.getCpus().add(cpu(c));
        }
        run.getSeries().add(runQueue(m));
        groupSeries(run, m);
        run.getHistograms().add(histogram("wakeup_latency", m.wakeupLatency()));
        return run;
    }

    // tasks() and runQueue() are methods of their own, as ResultBuilder's loops are: a run that reaps thousands of
    // tasks makes them hot, and the JIT then compiles the loop alone rather than all of completed().

    /** Adds every task of the run, exited ones too (final state EXITED: the per-task view shows them), by pid. */
    private static void tasks(Run run, MetricsSnapshot m) {
        List<TaskResult> tasks = new java.util.ArrayList<>(m.tasks());
        tasks.addAll(m.exitedTasks());
        tasks.sort(java.util.Comparator.comparingInt(TaskResult::pid));
        for (TaskResult t : tasks) {
            run.getTasks().add(task(t));
        }
    }

    private static TimeSeries runQueue(MetricsSnapshot m) {
        TimeSeries rq = F.createTimeSeries();
        rq.setName("runqueue");
        rq.setUnit("tasks");
        rq.setIntervalNs(m.runQueueIntervalNs());
        for (int v : m.runQueueSeries()) {
            rq.getValues().add((double) v);
        }
        return rq;
    }

    /**
     * Series of each task group's cpu.stat over time, from its engine counters at the run-queue series' points
     * summed over about 100 ms: the
     * CPUs it used ({@code cpus_used_G}: usage per interval / interval), its throttled queues
     * ({@code throttled_G}: throttled time per interval / interval, the mean number of its CPUs' queues that were
     * throttled) and its throttled periods per second ({@code nr_throttled_G}).
     */
    private static void groupSeries(Run run, MetricsSnapshot m) {
        double interval = m.runQueueIntervalNs();
        m.engineCounterSeries().forEach((name, v) -> {
            String[][] kinds = {{"usage_usec_", "cpus_used_", "CPUs", "1000"}, {"throttled_usec_", "throttled_",
                    "queues", "1000"}, {"nr_throttled_", "nr_throttled_", "1/s", "1e9"}};
            for (String[] k : kinds) {
                if (name.startsWith(k[0]) && interval > 0 && v.stream().anyMatch(x -> x != 0)) {
                    // points of about the default bandwidth period (100 ms), so that a period reads as one point
                    int per = (int) Math.max(1, Math.round(100_000_000.0 / interval));
                    TimeSeries ts = F.createTimeSeries();
                    ts.setName(k[1] + name.substring(k[0].length()));
                    ts.setUnit(k[2]);
                    ts.setIntervalNs((long) interval * per);
                    double scale = Double.parseDouble(k[3]);
                    long prev = 0;
                    for (int i = per - 1; i < v.size(); i += per) {
                        ts.getValues().add((v.get(i) - prev) * scale / (interval * per));
                        prev = v.get(i);
                    }
                    run.getSeries().add(ts);
                }
            }
        });
    }

    /** @return a run that did not complete, with the reason */
    static Run failed(long seed, RunStatus status, String message) {
        Run run = F.createRun();
        run.setSeed(seed);
        run.setStatus(status);
        run.setMessage(message);
        return run;
    }

    /** @return a metric carrying {@code s}; its value is the mean */
    static Metric metric(String name, String unit, Stats s) {
        Metric metric = F.createMetric();
        metric.setName(name);
        metric.setUnit(unit);
        metric.setValue(s.mean());
        metric.setSamples(s.n());
        metric.setMean(s.mean());
        metric.setStddev(s.stddev());
        metric.setMin(s.min());
        metric.setMax(s.max());
        metric.setCi95Low(s.ci95Low());
        metric.setCi95High(s.ci95High());
        return metric;
    }

    /** @return what was simulated: engine, version, patches, tunables, machine and its cost table */
    static Provenance provenance(SimConfig c) {
        Provenance p = F.createProvenance();
        p.setEngineId(c.engine().info().id());
        p.setEngineVersion(c.scheduler().version());
        p.getPatches().addAll(c.scheduler().patches());
        for (Map.Entry<String, String> e : c.scheduler().tunables().entrySet()) {
            p.getTunables().add(parameter(e.getKey(), e.getValue()));
        }
        p.setMachineId(c.machine().id());
        p.setNrCpus(c.machine().nrCpus());
        p.setMhz(c.machine().mhz());
        p.setHz(c.machine().hz());
        p.setDurationNs(c.durationNs());
        for (Map.Entry<CostKey, Long> e : c.machine().costs().asMap().entrySet()) {
            org.schedlab.model.results.CostEntry cost = F.createCostEntry();
            cost.setKey(e.getKey().name());
            cost.setCycles(e.getValue());
            cost.setSource(c.machine().costs().source(e.getKey()));
            p.getCosts().add(cost);
        }
        return p;
    }

    static Parameter parameter(String key, String value) {
        Parameter p = F.createParameter();
        p.setKey(key);
        p.setValue(value);
        return p;
    }

    private static TaskBreakdown task(TaskResult t) {
        TaskBreakdown b = F.createTaskBreakdown();
        b.setPid(t.pid());
        b.setName(t.name());
        b.setCpuNs(t.cpuNs());
        b.setWaitNs(t.waitNs());
        b.setVoluntarySwitches(t.voluntarySwitches());
        b.setInvoluntarySwitches(t.involuntarySwitches());
        b.setWakeups(t.wakeups());
        b.setFinalState(t.finalState());
        new java.util.TreeMap<>(t.counters()).forEach((k, v) -> {
            Counter c = F.createCounter();
            c.setName(k);
            c.setValue(v);
            b.getCounters().add(c);
        });
        return b;
    }

    private static CpuBreakdown cpu(CpuResult c) {
        CpuBreakdown b = F.createCpuBreakdown();
        b.setCpu(c.cpu());
        b.setUserNs(c.userNs());
        b.setKernelNs(c.kernelNs());
        b.setSpinNs(c.spinNs());
        b.setIdleNs(c.idleNs());
        return b;
    }

    private static Histogram histogram(String name, org.schedlab.sim.metrics.Histogram h) {
        Histogram out = F.createHistogram();
        out.setName(name);
        out.setUnit("ns");
        out.setCount(h.count());
        out.setMean(h.mean());
        out.setMin(h.min());
        out.setMax(h.max());
        int last = -1;
        for (int b = 0; b < 64; b++) {
            if (h.bucket(b) != 0) {
                last = b;
            }
        }
        for (int b = 0; b <= last; b++) {
            out.getBuckets().add(h.bucket(b));
        }
        return out;
    }
}
