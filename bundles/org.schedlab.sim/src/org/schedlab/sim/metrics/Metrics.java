/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.sim.spi.SchedFn;

/**
 * The run's metrics collector. The kernel feeds it; engines may add their own named counters with
 * {@link #engineCounter}. Per-task and per-CPU figures live on {@code TaskStats} and {@code Cpu} and are
 * gathered into the {@link MetricsSnapshot} at the end. {@link #restart()} starts the measurement over at the
 * end of a warm-up.
 */
public final class Metrics {
    private static final int MAX_SAMPLES = 4096;

    private final long[] fnCycles = new long[SchedFn.values().length];
    private final List<String> counterNames = new ArrayList<>();
    private final Map<String, Integer> counterIds = new LinkedHashMap<>();
    private long[] counters = new long[0];
    private final Map<String, Integer> engineCounterIds = new LinkedHashMap<>();
    private final List<String> engineCounterNames = new ArrayList<>();
    private long[] engineCounterValues = new long[8];
    private Histogram wakeupLatency = new Histogram();
    private Histogram timerLatency = new Histogram();
    private final TraceRecorder trace;
    private long ipisSent;
    private long ipisSuppressed;
    private long contextSwitches;
    private long yieldCalls;
    private long rqSampleSum;
    private long rqSampleCount;
    private int rqSampleMax;
    private int[] rqSeries = new int[MAX_SAMPLES];
    /** The engine counters' values at each run-queue series point (cumulative; shorter rows: later counters). */
    private long[][] ecSeries = new long[MAX_SAMPLES][];
    private int rqSeriesLen;
    private int rqStride = 1;
    private int rqStrideCount;

    /** @param trace a recorder, or null when the schedule trace is off */
    public Metrics(TraceRecorder trace) {
        this.trace = trace;
    }

    /** Kernel: books {@code cycles} to {@code fn}. */
    public void addCycles(SchedFn fn, long cycles) {
        fnCycles[fn.ordinal()] += cycles;
    }

    /** @return cycles booked to {@code fn} */
    public long cycles(SchedFn fn) {
        return fnCycles[fn.ordinal()];
    }

    /** @return id of the named workload counter, creating it if new */
    public int counterId(String name) {
        Integer id = counterIds.get(name);
        if (id == null) {
            id = counterNames.size();
            counterIds.put(name, id);
            counterNames.add(name);
            counters = Arrays.copyOf(counters, counterNames.size());
        }
        return id;
    }

    /** @return the number of workload counters */
    public int counterCount() {
        return counterNames.size();
    }

    /** @return the name of counter {@code id} */
    public String counterName(int id) {
        return counterNames.get(id);
    }

    /** Kernel: adds {@code delta} to workload counter {@code id}. */
    public void count(int id, long delta) {
        counters[id] += delta;
    }

    /** @return total of workload counter {@code id} */
    public long counter(int id) {
        return counters[id];
    }

    /** Engines: adds {@code delta} to an engine-defined counter (recalculations, slot hits, ...). */
    public void engineCounter(String name, long delta) {
        engineCounter(engineCounterId(name), delta);
    }

    /**
     * Engines: the id of an engine-defined counter, creating it (at 0) if new; a path that moves a counter often
     * takes its id once and adds with {@link #engineCounter(int, long)}, which costs no lookup.
     */
    public int engineCounterId(String name) {
        Integer id = engineCounterIds.get(name);
        if (id == null) {
            id = engineCounterNames.size();
            engineCounterIds.put(name, id);
            engineCounterNames.add(name);
            if (id == engineCounterValues.length) {
                engineCounterValues = Arrays.copyOf(engineCounterValues, 2 * id);
            }
        }
        return id;
    }

    /** Engines: adds {@code delta} to the engine-defined counter {@code id} ({@link #engineCounterId}). */
    public void engineCounter(int id, long delta) {
        engineCounterValues[id] += delta;
    }

    /** @return engine-defined counters in creation order */
    public Map<String, Long> engineCounters() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < engineCounterNames.size(); i++) {
            m.put(engineCounterNames.get(i), engineCounterValues[i]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    /** Kernel: an IPI was sent. */
    public void ipiSent() {
        ipisSent++;
    }

    /** Kernel: an IPI was not sent because the target had TIF_POLLING_NRFLAG set. */
    public void ipiSuppressed() {
        ipisSuppressed++;
    }

    /** @return IPIs sent */
    public long ipisSent() {
        return ipisSent;
    }

    /** @return IPIs suppressed by the polling flag */
    public long ipisSuppressed() {
        return ipisSuppressed;
    }

    /** Kernel: a context switch happened. */
    public void contextSwitch() {
        contextSwitches++;
    }

    /** Kernel: a task entered sys_sched_yield. */
    public void yieldCall() {
        yieldCalls++;
    }

    /** @return sched_yield calls so far */
    public long yieldCalls() {
        return yieldCalls;
    }

    /** @return context switches so far */
    public long contextSwitches() {
        return contextSwitches;
    }

    /** @return the wakeup-to-run latency histogram */
    public Histogram wakeupLatency() {
        return wakeupLatency;
    }

    /**
     * @return the latency of every task woken by a {@code timer} action, from the timer's nominal expiry to the
     *         task running (rt-app's wu_lat, cyclictest's latency): timer slack, delivery and scheduling
     */
    public Histogram timerLatency() {
        return timerLatency;
    }

    /** @return the trace recorder, or null when tracing is off */
    public TraceRecorder trace() {
        return trace;
    }

    /** Kernel: one sample of the total run-queue length; the series keeps at most 4096 points (decimated). */
    public void sampleRunQueue(int total) {
        rqSampleSum += total;
        rqSampleCount++;
        rqSampleMax = Math.max(rqSampleMax, total);
        if (++rqStrideCount < rqStride) {
            return;
        }
        rqStrideCount = 0;
        if (rqSeriesLen == MAX_SAMPLES) {
            for (int i = 0; i < MAX_SAMPLES / 2; i++) {
                rqSeries[i] = rqSeries[2 * i];
                ecSeries[i] = ecSeries[2 * i];
            }
            rqSeriesLen = MAX_SAMPLES / 2;
            rqStride *= 2;
        }
        ecSeries[rqSeriesLen] = Arrays.copyOf(engineCounterValues, engineCounterNames.size());
        rqSeries[rqSeriesLen++] = total;
    }

    /** @return mean sampled run-queue length */
    public double runQueueMean() {
        return rqSampleCount == 0 ? 0 : (double) rqSampleSum / rqSampleCount;
    }

    /** @return largest sampled run-queue length */
    public int runQueueMax() {
        return rqSampleMax;
    }

    /**
     * Kernel, at the end of the warm-up: starts every figure kept here over (cycles, workload and engine
     * counters, IPIs, context switches, the latency histogram, the run-queue samples). Counter names and ids
     * are kept, so a counter created during the warm-up is reported (as 0 if it does not move afterwards).
     * The schedule trace is not affected.
     */
    public void restart() {
        Arrays.fill(fnCycles, 0);
        Arrays.fill(counters, 0);
        Arrays.fill(engineCounterValues, 0);
        wakeupLatency = new Histogram();
        timerLatency = new Histogram();
        ipisSent = 0;
        ipisSuppressed = 0;
        contextSwitches = 0;
        yieldCalls = 0;
        rqSampleSum = 0;
        rqSampleCount = 0;
        rqSampleMax = 0;
        rqSeries = new int[MAX_SAMPLES];
        ecSeries = new long[MAX_SAMPLES][];
        rqSeriesLen = 0;
        rqStride = 1;
        rqStrideCount = 0;
    }

    /** @return the sampled series (every {@link #runQueueStride()}-th sample) */
    public int[] runQueueSeries() {
        return Arrays.copyOf(rqSeries, rqSeriesLen);
    }

    /**
     * @return each engine counter's value (cumulative since the start, or the end of the warm-up) at each point of
     *         the run-queue series, by name; 0 before the counter existed
     * @since 1.2
     */
    public Map<String, long[]> engineCounterSeries() {
        Map<String, long[]> out = new LinkedHashMap<>();
        for (int c = 0; c < engineCounterNames.size(); c++) {
            long[] v = new long[rqSeriesLen];
            for (int i = 0; i < rqSeriesLen; i++) {
                v[i] = c < ecSeries[i].length ? ecSeries[i][c] : 0;
            }
            out.put(engineCounterNames.get(c), v);
        }
        return out;
    }

    /** @return samples per series point */
    public int runQueueStride() {
        return rqStride;
    }
}
