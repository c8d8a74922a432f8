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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Records switch and wakeup events in primitive arrays; {@link #events()} materialises them for export. */
public final class TraceRecorder {
    private final int limit;
    private long[] times = new long[1024];
    private int[] cpus = new int[1024];
    private int[] pids = new int[1024];
    private int[] others = new int[1024];
    private byte[] kinds = new byte[1024];
    private char[] states = new char[1024];
    private int size;
    private long dropped;
    private final Map<Integer, String> names = new HashMap<>();
    private final List<TraceEvent> ipis = new ArrayList<>();
    private int waking = -1;
    private long wakingAt;

    /** @param limit the most events kept; later ones are counted in {@link #dropped()} */
    public TraceRecorder(int limit) {
        this.limit = limit;
    }

    /** Appends one record. */
    public void record(long t, int cpu, TraceEvent.Kind kind, int pid, int other, char state) {
        if (size == limit) {
            dropped++;
            return;
        }
        if (size == times.length) {
            int n = (int) Math.min(limit, size * 2L);
            times = Arrays.copyOf(times, n);
            cpus = Arrays.copyOf(cpus, n);
            pids = Arrays.copyOf(pids, n);
            others = Arrays.copyOf(others, n);
            kinds = Arrays.copyOf(kinds, n);
            states = Arrays.copyOf(states, n);
        }
        times[size] = t;
        cpus[size] = cpu;
        pids[size] = pid;
        others[size] = other;
        kinds[size] = (byte) kind.ordinal();
        states[size] = state;
        size++;
    }

    /** Remembers the name of task {@code pid} (every task the run creates, so that exited ones keep theirs). */
    public void name(int pid, String name) {
        names.put(pid, name);
    }

    /** @return the names of the tasks the run created, by pid */
    public Map<Integer, String> names() {
        return Map.copyOf(names);
    }

    /** Tells the recorder which task the wakeup under way is for (-1 when none) and its time, for the IPIs it sends. */
    public void waking(int pid, long t) {
        waking = pid;
        wakingAt = t;
    }

    /**
     * Records a reschedule IPI sent (or suppressed) by {@code cpu} to {@code targetCpu}, apart from the switch and
     * wakeup records (so that these stay as they were): kind IPI or IPI_SUPPRESSED, pid the task whose wakeup sent
     * it (-1 when not a wakeup's), otherPid the target CPU; the time is the wakeup's (the IPI leaves after
     * try_to_wake_up's own costs), or {@code t} for an IPI outside a wakeup.
     */
    public void ipi(long t, int cpu, TraceEvent.Kind kind, int targetCpu) {
        if (ipis.size() < limit) {
            ipis.add(new TraceEvent(waking >= 0 ? wakingAt : t, cpu, kind, waking, targetCpu, ' '));
        }
    }

    /** @return the reschedule IPIs sent and suppressed, in the order they were made */
    public List<TraceEvent> ipis() {
        return List.copyOf(ipis);
    }

    /** @return number of records kept */
    public int size() {
        return size;
    }

    /** @return records not kept because the limit was reached */
    public long dropped() {
        return dropped;
    }

    /** @return the records in the order they were made */
    public List<TraceEvent> events() {
        List<TraceEvent> out = new ArrayList<>(size);
        TraceEvent.Kind[] k = TraceEvent.Kind.values();
        for (int i = 0; i < size; i++) {
            out.add(new TraceEvent(times[i], cpus[i], k[kinds[i]], pids[i], others[i], states[i]));
        }
        return out;
    }
}
