/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.traces;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.schedlab.runner.trace.FtraceReader;
import org.schedlab.runner.trace.TraceFormatException;

/**
 * Reads a trace file for the CPU timeline, streaming: ftrace text (the tracefs {@code trace} file, trace-cmd report,
 * {@code schedlab trace --format ftrace}) through the runner's {@link FtraceReader}, or the Chrome trace event JSON of
 * {@code schedlab trace --format json} (told apart by a leading '{'); a {@code .gz} name is decompressed. At most
 * {@code maxEvents} sched events are kept (the rest of a longer file is not read, and the summary says so). Progress
 * is the bytes read; cancelling the monitor stops the read.
 */
public final class TraceLoader {

    /** Sched events kept by default: about 200 MB of memory for the timeline. */
    public static final int MAX_EVENTS = 2_000_000;

    /** Counts the events taken against the bound. */
    static final class Budget {
        private final long max;
        private long taken;
        private boolean exhausted;

        Budget(long max) {
            this.max = max;
        }

        /** @return whether one more event may be taken (false, for good, once the bound is reached) */
        boolean take() {
            if (taken >= max) {
                exhausted = true;
                return false;
            }
            taken++;
            return true;
        }

        boolean exhausted() {
            return exhausted;
        }
    }

    /** Thrown through the ftrace reader to stop at the bound. */
    private static final class Enough extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Enough() {
            super(null, null, false, false);
        }
    }

    private TraceLoader() {
    }

    /**
     * Reads {@code raw} (closed by the caller) of {@code sizeBytes} (for progress; 0 if unknown).
     *
     * @param where the file's name in messages and the title
     * @throws TraceFormatException a line that is not a trace line, located at {@code where:LINE}
     * @throws IOException          an unreadable file, or JSON that is not a Chrome trace (gson's line and column)
     */
    public static TraceTimeline load(InputStream raw, String where, long sizeBytes, int maxEvents,
            IProgressMonitor monitor) throws IOException, TraceFormatException {
        monitor.beginTask("Reading " + where, (int) Math.max(1, sizeBytes / 4096));
        InputStream counted = new Progress(raw, monitor);
        InputStream in = new BufferedInputStream(where.endsWith(".gz") ? new GZIPInputStream(counted, 1 << 16) : counted,
                1 << 16);
        TraceBuilder out = new TraceBuilder();
        Budget budget = new Budget(maxEvents);
        String name = where.substring(where.lastIndexOf('/') + 1);
        try {
            if (json(in)) {
                ChromeTraceLoading json = new ChromeTraceLoading(out, budget);
                try {
                    json.read(new InputStreamReader(in, StandardCharsets.UTF_8));
                } catch (IllegalStateException | NumberFormatException e) { // gson's wrong-type errors
                    throw new IOException(e.getMessage(), e);
                }
                String run = json.process().isEmpty() ? "" : " (" + json.process() + ")";
                TraceTimeline t = out.build(name + run, "");
                return t.withSummary(summary("SchedLab JSON trace" + run, t, json.events(), 0, budget)
                        + (json.truncated() ? "; the run's trace reached its limit, so it ends early" : ""));
            }
            FtraceLoading ftrace = new FtraceLoading(out);
            FtraceReader reader = new FtraceReader(where);
            try {
                reader.read(in, e -> {
                    if (!budget.take()) {
                        throw new Enough();
                    }
                    ftrace.event(e);
                });
            } catch (Enough e) {
                // the bound: the rest is not read
            }
            ftrace.finish();
            TraceTimeline t = out.build(name, "");
            return t.withSummary(summary("ftrace text", t, ftrace.events(), reader.lost(), budget));
        } finally {
            monitor.done();
        }
    }

    /** @return whether the first non-blank byte is '{' (the mark is reset) */
    private static boolean json(InputStream in) throws IOException {
        in.mark(4096);
        try {
            for (int i = 0; i < 4096; i++) {
                int b = in.read();
                if (b < 0 || !Character.isWhitespace(b) && b != 0xEF && b != 0xBB && b != 0xBF) { // BOM
                    return b == '{';
                }
            }
            return false;
        } finally {
            in.reset();
        }
    }

    private static String summary(String format, TraceTimeline probe, long events, long lost, Budget budget) {
        StringBuilder b = new StringBuilder(format);
        b.append(String.format(Locale.ROOT, ", %d CPUs, %,d sched events over %.3f ms", probe.nrCpus(), events,
                probe.lengthNs() / 1e6));
        if (probe.originNs() >= 1_000_000) { // a recording: its clock did not start with the trace
            b.append(String.format(Locale.ROOT, " from %.6f s (times count from there)", probe.originNs() / 1e9));
        }
        if (lost > 0) {
            b.append(String.format(Locale.ROOT, "; the kernel lost %,d events", lost));
        }
        if (budget.exhausted()) {
            b.append(String.format(Locale.ROOT, "; only the first %,d events are shown, the file goes on", events));
        }
        return b.toString();
    }

    /** Reports the bytes read and stops when cancelled. */
    private static final class Progress extends FilterInputStream {
        private final IProgressMonitor monitor;
        private long bytes;

        Progress(InputStream in, IProgressMonitor monitor) {
            super(in);
            this.monitor = monitor;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count(b < 0 ? 0 : 1);
            return b;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = super.read(buf, off, len);
            count(Math.max(0, n));
            return n;
        }

        private void count(int n) {
            if (monitor.isCanceled()) {
                throw new OperationCanceledException();
            }
            long before = bytes / 4096;
            bytes += n;
            if (bytes / 4096 > before) {
                monitor.worked((int) (bytes / 4096 - before));
            }
        }
    }
}
