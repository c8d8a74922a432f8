/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Reads the sched events of an ftrace text trace line by line, without keeping the file: the tracefs {@code trace}
 * file as the kernel prints it (header lines starting with '#', {@code TASK-PID [CPU] FLAGS TIMESTAMP: EVENT:
 * FIELDS}, an optional TGID column), SchedLab's own export (the same format), and {@code trace-cmd report} output
 * (no flags column, and the sched_switch / sched_wakeup lines as libtraceevent's sched plugin prints them:
 * {@code prev:PID [PRIO] STATE ==> next:PID [PRIO]}, {@code comm:PID [PRIO] CPU:001}). Events other than the six
 * sched events of {@link FtraceEvent.Type} are skipped; a line that is not an event line at all, or a sched event
 * whose fields cannot be read, is a {@link TraceFormatException} located at FILE:LINE. A {@code .gz} file is
 * decompressed on the fly.
 */
public final class FtraceReader {

    /** Receives the events in file order. */
    @FunctionalInterface
    public interface Sink {
        void event(FtraceEvent e) throws TraceFormatException;
    }

    private final String where;
    private long line;
    private long skipped;
    private long lost;

    /** @param where the file name used in error messages */
    public FtraceReader(String where) {
        this.where = where;
    }

    /** Reads {@code file} (plain or .gz) to the end. */
    public static FtraceReader read(Path file, Sink sink) throws IOException, TraceFormatException {
        FtraceReader r = new FtraceReader(file.toString());
        try (InputStream raw = Files.newInputStream(file)) {
            InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
            r.read(in, sink);
        }
        return r;
    }

    /** Reads {@code in} to the end (the caller closes it). */
    public void read(InputStream in, Sink sink) throws IOException, TraceFormatException {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE)),
                1 << 16);
        for (String s = r.readLine(); s != null; s = r.readLine()) {
            FtraceEvent e = parse(s);
            if (e != null) {
                sink.event(e);
            }
        }
    }

    /** @return lines read so far */
    public long lines() {
        return line;
    }

    /** @return event lines of other events, skipped */
    public long skipped() {
        return skipped;
    }

    /** @return events the kernel reported lost ({@code [LOST N EVENTS]} lines) */
    public long lost() {
        return lost;
    }

    /**
     * Parses the next line (counted as line {@link #lines()} + 1).
     *
     * @return the event, or null for a header, comment, blank line or another event
     */
    public FtraceEvent parse(String s) throws TraceFormatException {
        line++;
        int start = 0;
        while (start < s.length() && s.charAt(start) == ' ') {
            start++;
        }
        if (start == s.length() || s.charAt(start) == '#' || header(s, start)) {
            return null;
        }
        int lostAt = s.indexOf("[LOST ");
        if (lostAt >= 0 && s.startsWith("CPU", start)) {
            lost += Fields.leadingLong(s, lostAt + 6);
            return null;
        }
        int open = cpuBracket(s, start);
        if (open < 0) {
            throw error("not an event line (expected TASK-PID [CPU] TIMESTAMP: EVENT: ...): " + cut(s));
        }
        int close = s.indexOf(']', open);
        int cpu = (int) Fields.number(s, open + 1, close, this, "CPU");
        int taskEnd = open;
        while (taskEnd > start && s.charAt(taskEnd - 1) == ' ') {
            taskEnd--;
        }
        if (taskEnd > start && s.charAt(taskEnd - 1) == ')') { // the TGID column: (  1234) or (-------)
            taskEnd = s.lastIndexOf('(', taskEnd);
            while (taskEnd > start && s.charAt(taskEnd - 1) == ' ') {
                taskEnd--;
            }
        }
        int dash = s.lastIndexOf('-', taskEnd - 1);
        if (dash <= start) {
            throw error("no TASK-PID before the CPU column: " + cut(s));
        }
        String task = s.substring(start, dash);
        int taskPid = (int) Fields.number(s, dash + 1, taskEnd, this, "pid");
        int colon = s.indexOf(": ", close);
        if (colon < 0) {
            throw error("no 'TIMESTAMP: EVENT:' after the CPU column: " + cut(s));
        }
        int tsStart = s.lastIndexOf(' ', colon - 1) + 1;
        boolean irq = false;
        for (int i = close + 1; i < tsStart; i++) {
            char c = s.charAt(i);
            irq |= c == 'h' || c == 's' || c == 'H';
        }
        long ns = Fields.timestamp(s, tsStart, colon, this);
        int nameStart = colon + 2;
        while (nameStart < s.length() && s.charAt(nameStart) == ' ') {
            nameStart++;
        }
        int nameEnd = s.indexOf(':', nameStart);
        if (nameEnd < 0) {
            throw error("no event name after the timestamp: " + cut(s));
        }
        String name = s.substring(nameStart, nameEnd);
        FtraceEvent.Type type = type(name);
        if (type == null) {
            skipped++;
            return null;
        }
        int f = nameEnd + 1;
        while (f < s.length() && s.charAt(f) == ' ') {
            f++;
        }
        return new Fields(this, s, f).event(line, ns, cpu, task, taskPid, irq, type);
    }

    private static boolean header(String s, int start) {
        return s.startsWith("cpus=", start) || s.startsWith("version =", start)
                || (s.startsWith("CPU ", start) && s.endsWith(" is empty"));
    }

    /** @return the index of the '[' of the CPU column ({@code [001]}), or -1 */
    private static int cpuBracket(String s, int from) {
        for (int i = s.indexOf('[', from); i >= 0; i = s.indexOf('[', i + 1)) {
            int j = i + 1;
            while (j < s.length() && Character.isDigit(s.charAt(j))) {
                j++;
            }
            if (j > i + 1 && j < s.length() && s.charAt(j) == ']' && i > from && s.charAt(i - 1) == ' ') {
                return i;
            }
        }
        return -1;
    }

    private static FtraceEvent.Type type(String name) {
        for (FtraceEvent.Type t : FtraceEvent.Type.values()) {
            if (t.event().equals(name)) {
                return t;
            }
        }
        return null;
    }

    TraceFormatException error(String message) {
        return new TraceFormatException(where, line, message);
    }

    static String cut(String s) {
        String t = s.strip();
        return t.length() > 120 ? t.substring(0, 117) + "..." : t;
    }
}
