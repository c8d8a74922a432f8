/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the figures out of what the benchmark programs print. Each reader names the program and the line it expected
 * when the output does not read, so that a changed tool version ends in one clear message.
 */
public final class ToolOutputs {

    private ToolOutputs() {
    }

    private static Matcher find(String regex, String text, String what, Shell.Output o) {
        Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(text);
        if (!m.find()) {
            throw new HostException("cannot read the output of `" + o.command() + "` (exit " + o.exit()
                    + "): no " + what + " line" + firstLine(o));
        }
        return m;
    }

    private static String firstLine(Shell.Output o) {
        String s = o.all().strip();
        if (s.isEmpty()) {
            return "; it printed nothing";
        }
        String l = s.lines().filter(x -> !x.isBlank()).reduce((a, b) -> b).orElse("");
        return "; it said: " + (l.length() > 160 ? l.substring(0, 160) + "..." : l);
    }

    /** perf bench sched pipe and perf bench syscall: the {@code N usecs/op} line. */
    public static double perfUsecsPerOp(Shell.Output o) {
        return Double.parseDouble(find("^\\s*([0-9.]+)\\s+usecs/op", o.stdout(), "'usecs/op'", o).group(1));
    }

    /** hackbench (rt-tests): the {@code Time: S} line, seconds. */
    public static double hackbenchSeconds(Shell.Output o) {
        return Double.parseDouble(find("^Time:\\s*([0-9.]+)", o.stdout(), "'Time:'", o).group(1));
    }

    /**
     * One cyclictest thread's summary ({@code -q}).
     *
     * @param min smallest latency, us
     * @param avg mean, us
     * @param max largest, us
     */
    public record Cyclic(long min, long avg, long max) {
    }

    /** cyclictest -q: the summary of every measuring thread ({@code T: 0 (...) ... Min: Act: Avg: Max:}). */
    public static List<Cyclic> cyclictest(Shell.Output o) {
        Matcher m = Pattern.compile("^T:\\s*\\d+.*Min:\\s*(\\d+)\\s+Act:\\s*\\d+\\s+Avg:\\s*(\\d+)\\s+Max:\\s*(\\d+)",
                Pattern.MULTILINE).matcher(o.stdout());
        List<Cyclic> out = new ArrayList<>();
        while (m.find()) {
            out.add(new Cyclic(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
        }
        if (out.isEmpty()) {
            throw new HostException("cannot read the output of `" + o.command() + "` (exit " + o.exit()
                    + "): no 'T: ... Min: Act: Avg: Max:' line" + firstLine(o));
        }
        return out;
    }

    /**
     * stress-ng --metrics-brief: one stressor's row.
     *
     * @param bogoOps      bogo operations
     * @param realSeconds  wall time
     * @param usrSeconds   user time of the stressor's processes
     * @param sysSeconds   system time
     * @param opsPerSecond bogo ops per wall second
     */
    public record StressNg(long bogoOps, double realSeconds, double usrSeconds, double sysSeconds,
            double opsPerSecond) {
    }

    /** stress-ng --metrics-brief: the row of {@code stressor} ({@code stressor bogo-ops real usr sys ops/s ...}). */
    public static StressNg stressNg(Shell.Output o, String stressor) {
        Matcher m = find("\\]\\s+" + Pattern.quote(stressor)
                + "\\s+(\\d+)\\s+([0-9.]+)\\s+([0-9.]+)\\s+([0-9.]+)\\s+([0-9.]+)", o.all(),
                "'" + stressor + " bogo-ops real usr sys bogo-ops/s'", o);
        return new StressNg(Long.parseLong(m.group(1)), Double.parseDouble(m.group(2)),
                Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4)), Double.parseDouble(m.group(5)));
    }

    /**
     * threads.c's one line: {@code nthreads total_work/s avg_work zero_threads deviation}.
     *
     * @param threads   threads
     * @param workPerS  total loop iterations per second
     * @param zero      threads that never counted
     * @param deviation normalised squared deviation
     */
    public record ThreadsC(int threads, double workPerS, int zero, double deviation) {
    }

    /** threads.c (seed 003): its result line. */
    public static ThreadsC threadsC(Shell.Output o) {
        Matcher m = find("^(\\d+)\\s+(\\d+)\\s+(-?\\d+)\\s+(\\d+)\\s+(-?[0-9.naif]+)\\s*$", o.stdout(),
                "'nthreads work avg zero deviation'", o);
        double dev = m.group(5).matches("-?[0-9.]+") ? Double.parseDouble(m.group(5)) : Double.NaN;
        return new ThreadsC(Integer.parseInt(m.group(1)), Double.parseDouble(m.group(2)),
                Integer.parseInt(m.group(4)), dev);
    }

    /** hostprobe (helpers/hostprobe.c): the value of its {@code NAME VALUE} line (a difference may be negative). */
    public static double probe(Shell.Output o, String name) {
        return Double.parseDouble(find("^" + Pattern.quote(name) + "\\s+(-?[0-9.]+)", o.stdout(), "'" + name + "'", o)
                .group(1));
    }

    /**
     * One rt-app log row (rt-app 1.0 {@code log_basedir} files; times in us).
     *
     * @param run           time the run events took
     * @param period        time from this activation to the next
     * @param slack         time left before the period's end (negative: the deadline was missed)
     * @param wakeupLatency timer expiry to running
     */
    public record RtAppRow(long run, long period, long slack, long wakeupLatency) {
    }

    /**
     * rt-app's per-thread log: the header {@code #idx perf run period start end rel_st slack c_duration c_period
     * wu_lat} names the columns; rows follow.
     *
     * @param text the log file's content
     * @param file the file, for messages
     */
    public static List<RtAppRow> rtAppLog(String text, String file) {
        String[] header = null;
        List<RtAppRow> rows = new ArrayList<>();
        int lineNo = 0;
        for (String line : text.split("\n")) {
            lineNo++;
            String t = line.trim();
            if (t.startsWith("#idx")) {
                header = t.substring(1).split("\\s+");
            } else if (!t.isEmpty() && !t.startsWith("#")) {
                if (header == null) {
                    throw new HostException(file + ":" + lineNo + ": an rt-app log row before the '#idx ...' header");
                }
                String[] v = t.split("\\s+");
                if (v.length != header.length) {
                    throw new HostException(file + ":" + lineNo + ": " + v.length + " columns, the header names "
                            + header.length);
                }
                rows.add(new RtAppRow(col(header, v, "run", file), col(header, v, "period", file),
                        col(header, v, "slack", file), col(header, v, "wu_lat", file)));
            }
        }
        return rows;
    }

    private static long col(String[] header, String[] v, String name, String file) {
        for (int i = 0; i < header.length; i++) {
            if (header[i].equals(name)) {
                return Long.parseLong(v[i]);
            }
        }
        throw new HostException(file + ": the rt-app log has no '" + name + "' column (rt-app 1.0 or newer needed)");
    }

    /**
     * cyclictest -q -h: the measuring thread's latency histogram (us buckets) and summary.
     *
     * @param meanUs mean latency, us (from the histogram; cyclictest's integer Avg line when some overflowed)
     * @param p99Us  99th percentile, us (the bucket; the Max line when it lies in the overflow)
     * @param maxUs  largest latency, us
     * @param count  samples
     */
    public record CyclicHistogram(double meanUs, double p99Us, double maxUs, long count) {
    }

    /** cyclictest -q -h US: the histogram lines {@code 000123 000045} and the {@code # Max Latencies} summary. */
    public static CyclicHistogram cyclictestHistogram(Shell.Output o) {
        Matcher row = Pattern.compile("^(\\d{6})\\s+(\\d+)\\s*$", Pattern.MULTILINE).matcher(o.stdout());
        List<long[]> buckets = new ArrayList<>();
        long total = 0;
        double sum = 0;
        while (row.find()) {
            long us = Long.parseLong(row.group(1));
            long n = Long.parseLong(row.group(2));
            buckets.add(new long[] { us, n });
            total += n;
            sum += (double) us * n;
        }
        long max = Long.parseLong(find("^# Max Latencies:\\s*(\\d+)", o.stdout(), "'# Max Latencies:'", o).group(1));
        long over = Long.parseLong(find("^# Histogram Overflows:\\s*(\\d+)", o.stdout(), "'# Histogram Overflows:'", o)
                .group(1));
        long count = total + over;
        if (count == 0) {
            throw new HostException("`" + o.command() + "` measured no latency");
        }
        double mean = over == 0 ? sum / total
                : Long.parseLong(find("^# Avg Latencies:\\s*(\\d+)", o.stdout(), "'# Avg Latencies:'", o).group(1));
        long rank = (long) Math.ceil(0.99 * count);
        long seen = 0;
        double p99 = max;
        for (long[] b : buckets) {
            seen += b[1];
            if (seen >= rank) {
                p99 = b[0];
                break;
            }
        }
        return new CyclicHistogram(mean, p99, max, count);
    }

    /** perf bench sched messaging: the {@code Total time: S [sec]} line, seconds. */
    public static double perfTotalSeconds(Shell.Output o) {
        return Double.parseDouble(find("Total time:\\s*([0-9.]+)\\s*\\[sec\\]", o.stdout(), "'Total time:'", o).group(1));
    }

    /**
     * stress-ng --perf: the context switches its stressors made (the sum of its {@code N Context Switches} lines),
     * its parent process left out; -1 when it printed none (no perf events here).
     */
    public static long stressNgSwitches(Shell.Output o) {
        Matcher m = Pattern.compile("\\]\\s+(\\d+) Context Switches").matcher(o.all());
        long n = -1;
        while (m.find()) {
            n = Math.max(0, n) + Long.parseLong(m.group(1));
        }
        return n;
    }

    /** rt-app's calibration notice {@code pLoad = 33ns}: ns per loop of its busy work. */
    public static long rtAppPLoad(Shell.Output o) {
        return Long.parseLong(find("pLoad = (\\d+)ns", o.all(), "'pLoad = Nns'", o).group(1));
    }
}
