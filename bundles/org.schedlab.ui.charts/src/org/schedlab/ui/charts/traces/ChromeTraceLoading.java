/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.traces;

import java.io.IOException;
import java.io.Reader;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;

/**
 * Reads the Chrome trace event JSON that {@code schedlab trace --format json} writes (runner's PerfettoTrace): a
 * complete event ({@code "ph":"X"}) per stretch a task ran, on track {@code tid} = CPU, with {@code args.pid} and
 * {@code args.end_state}; an instant event ({@code "ph":"i"}) per wakeup with {@code args.pid} and
 * {@code args.waker}; the process name is the run's title. Timestamps are microseconds. Idle stretches are not in the
 * file, so the lanes have gaps there. Other events are skipped.
 */
final class ChromeTraceLoading {

    /** One event object's fields that matter here. */
    private static final class Event {
        String name = "";
        String ph = "";
        double ts = Double.NaN;
        double dur;
        int tid = -1;
        int pid = -1;
        int waker = -1;
        String endState = "";
        String argName = "";
    }

    private final TraceBuilder out;
    private final TraceLoader.Budget budget;
    private String process = "";
    private boolean truncated;
    private long events;

    ChromeTraceLoading(TraceBuilder out, TraceLoader.Budget budget) {
        this.out = out;
        this.budget = budget;
    }

    /** @return the run's title from the process_name metadata, or "" */
    String process() {
        return process;
    }

    /** @return whether the writer marked the trace truncated (it reached the run's trace limit) */
    boolean truncated() {
        return truncated;
    }

    /** @return sched events taken */
    long events() {
        return events;
    }

    /** Reads the whole document; a structural error is an IOException whose message has gson's line and column. */
    void read(Reader in) throws IOException {
        JsonReader j = new JsonReader(in);
        j.beginObject();
        boolean sawEvents = false;
        while (j.hasNext()) {
            if (j.nextName().equals("traceEvents")) {
                sawEvents = true;
                j.beginArray();
                while (j.hasNext() && !budget.exhausted()) {
                    take(event(j));
                }
                if (!budget.exhausted()) {
                    j.endArray();
                } else {
                    return;
                }
            } else {
                j.skipValue();
            }
        }
        if (!sawEvents) {
            throw new IOException("no \"traceEvents\" array: not a Chrome trace event file");
        }
    }

    private static Event event(JsonReader j) throws IOException {
        Event e = new Event();
        j.beginObject();
        while (j.hasNext()) {
            switch (j.nextName()) {
            case "name" -> e.name = j.nextString();
            case "ph" -> e.ph = j.nextString();
            case "ts" -> e.ts = j.nextDouble();
            case "dur" -> e.dur = j.nextDouble();
            case "tid" -> e.tid = j.nextInt();
            case "args" -> args(j, e);
            default -> j.skipValue();
            }
        }
        j.endObject();
        return e;
    }

    private static void args(JsonReader j, Event e) throws IOException {
        j.beginObject();
        while (j.hasNext()) {
            String key = j.nextName();
            if (j.peek() == JsonToken.NULL) {
                j.nextNull();
                continue;
            }
            switch (key) {
            case "pid" -> e.pid = j.nextInt();
            case "waker" -> e.waker = j.nextInt();
            case "end_state" -> e.endState = j.nextString();
            case "name" -> e.argName = j.nextString();
            default -> j.skipValue();
            }
        }
        j.endObject();
    }

    private void take(Event e) {
        long ns = Double.isNaN(e.ts) ? 0 : Math.round(e.ts * 1000);
        switch (e.ph) {
        case "M" -> {
            if (e.name.equals("process_name")) {
                process = e.argName;
            }
        }
        case "X" -> {
            if (e.tid >= 0 && e.pid >= 0 && budget.take()) {
                events++;
                long to = ns + Math.round(e.dur * 1000);
                out.record(ns);
                out.record(to);
                out.stretch(e.tid, e.pid, ns, to, e.endState.isEmpty() ? ' ' : e.endState.charAt(0));
                out.name(e.pid, comm(e.name, e.pid));
            }
        }
        case "i", "I" -> {
            if (e.name.equals("trace truncated")) {
                truncated = true;
            } else if (e.name.startsWith("wakeup") && e.tid >= 0 && e.pid >= 0 && budget.take()) {
                events++;
                out.record(ns);
                out.wakeup(ns, e.tid, e.pid, e.waker);
            }
        }
        default -> {
            // counters, flows and others: not drawn
        }
        }
    }

    /** @return "worker-3" of "worker-3 [17]" */
    private static String comm(String name, int pid) {
        String suffix = " [" + pid + "]";
        return name.endsWith(suffix) ? name.substring(0, name.length() - suffix.length()) : name;
    }
}
