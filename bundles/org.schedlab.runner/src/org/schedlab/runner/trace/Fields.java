/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

/**
 * The fields of one sched event line: {@code key=value} pairs in the kernel's order (a comm may hold spaces, so
 * each value ends where the next known key starts), or libtraceevent's sched plugin forms in trace-cmd report.
 */
final class Fields {
    private final FtraceReader reader;
    private final String s;
    private int pos;

    Fields(FtraceReader reader, String s, int pos) {
        this.reader = reader;
        this.s = s;
        this.pos = pos;
    }

    FtraceEvent event(long line, long ns, int cpu, String task, int taskPid, boolean irq, FtraceEvent.Type type)
            throws TraceFormatException {
        boolean keyed = switch (type) {
            case SWITCH -> s.startsWith("prev_comm=", pos);
            case WAKEUP, WAKEUP_NEW -> s.startsWith("comm=", pos);
            default -> true;
        };
        if (!keyed) {
            return plugin(line, ns, cpu, task, taskPid, irq, type);
        }
        return switch (type) {
            case SWITCH -> {
                String pc = text("prev_comm=", " prev_pid=");
                int pp = integer(" prev_pid=", " prev_prio=");
                int ppr = integer(" prev_prio=", " prev_state=");
                String st = text(" prev_state=", " ==> next_comm=");
                String nc = text(" ==> next_comm=", " next_pid=");
                int np = integer(" next_pid=", " next_prio=");
                int npr = integer(" next_prio=", null);
                yield new FtraceEvent(line, ns, cpu, task, taskPid, irq, type, pc, pp, ppr, st, nc, np, npr, -1, -1);
            }
            case WAKEUP, WAKEUP_NEW -> {
                String c = text("comm=", " pid=");
                int p = integer(" pid=", " prio=");
                int pr = integer(" prio=", s.indexOf(" success=", pos) >= 0 ? " success=" : " target_cpu=");
                if (s.indexOf(" success=", pos) >= 0) {
                    integer(" success=", " target_cpu=");
                }
                int target = integer(" target_cpu=", null);
                yield new FtraceEvent(line, ns, cpu, task, taskPid, irq, type, c, p, pr, null, null, -1, -1, target, -1);
            }
            case MIGRATE -> {
                String c = text("comm=", " pid=");
                int p = integer(" pid=", " prio=");
                int pr = integer(" prio=", " orig_cpu=");
                int from = integer(" orig_cpu=", " dest_cpu=");
                int to = integer(" dest_cpu=", null);
                yield new FtraceEvent(line, ns, cpu, task, taskPid, irq, type, c, p, pr, null, null, -1, -1, from, to);
            }
            case FORK -> {
                String c = text("comm=", " pid=");
                int p = integer(" pid=", " child_comm=");
                String cc = text(" child_comm=", " child_pid=");
                int cp = integer(" child_pid=", null);
                yield new FtraceEvent(line, ns, cpu, task, taskPid, irq, type, c, p, -1, null, cc, cp, -1, -1, -1);
            }
            case EXIT -> {
                String c = text("comm=", " pid=");
                int p = integer(" pid=", " prio=");
                int pr = integer(" prio=", s.indexOf(" group_dead=", pos) >= 0 ? " group_dead=" : null);
                yield new FtraceEvent(line, ns, cpu, task, taskPid, irq, type, c, p, pr, null, null, -1, -1, -1, -1);
            }
        };
    }

    /** trace-cmd's sched plugin: {@code prev:PID [PRIO] STATE ==> next:PID [PRIO]}, {@code comm:PID [PRIO] CPU:001}. */
    private FtraceEvent plugin(long line, long ns, int cpu, String task, int taskPid, boolean irq,
            FtraceEvent.Type type) throws TraceFormatException {
        if (type == FtraceEvent.Type.SWITCH) {
            int arrow = s.indexOf(" ==> ", pos);
            if (arrow < 0) {
                throw reader.error("sched_switch without '==>': " + FtraceReader.cut(s));
            }
            int[] prev = commPidPrio(pos, arrow);
            String state = s.substring(prev[3], arrow).strip();
            int[] next = commPidPrio(arrow + 5, s.length());
            return new FtraceEvent(line, ns, cpu, task, taskPid, irq, type, s.substring(pos, prev[0]), prev[1],
                    prev[2], state, s.substring(arrow + 5, next[0]), next[1], next[2], -1, -1);
        }
        if (type == FtraceEvent.Type.WAKEUP || type == FtraceEvent.Type.WAKEUP_NEW) {
            int at = s.lastIndexOf("CPU:");
            if (at < pos) {
                throw reader.error(type.event() + " without CPU:NNN: " + FtraceReader.cut(s));
            }
            int[] w = commPidPrio(pos, at);
            int target = (int) number(s, at + 4, end(at + 4), reader, "target CPU");
            return new FtraceEvent(line, ns, cpu, task, taskPid, irq, type, s.substring(pos, w[0]), w[1], w[2], null,
                    null, -1, -1, target, -1);
        }
        throw reader.error(type.event() + " fields not in key=value form: " + FtraceReader.cut(s));
    }

    /** @return {end of comm, pid, prio, index after the prio's ']'} of {@code comm:PID [PRIO]} in [from, to) */
    private int[] commPidPrio(int from, int to) throws TraceFormatException {
        int open = s.indexOf(" [", from);
        if (open < 0 || open >= to) {
            throw reader.error("expected COMM:PID [PRIO]: " + FtraceReader.cut(s));
        }
        int colon = s.lastIndexOf(':', open);
        int close = s.indexOf(']', open);
        if (colon < from || close < 0 || close > to) {
            throw reader.error("expected COMM:PID [PRIO]: " + FtraceReader.cut(s));
        }
        return new int[] { colon, (int) number(s, colon + 1, open, reader, "pid"),
                (int) number(s, open + 2, close, reader, "prio"), close + 1 };
    }

    private int end(int from) {
        int e = from;
        while (e < s.length() && s.charAt(e) != ' ') {
            e++;
        }
        return e;
    }

    /** @return the text between {@code key} (at the cursor) and {@code next} (or the line's end / next blank) */
    private String text(String key, String next) throws TraceFormatException {
        if (!s.startsWith(key, pos)) {
            throw reader.error("expected '" + key.strip() + "' at column " + (pos + 1) + ": " + FtraceReader.cut(s));
        }
        int from = pos + key.length();
        int to;
        if (next == null) {
            to = end(from);
        } else {
            to = s.indexOf(next, from);
            if (to < 0) {
                throw reader.error("missing '" + next.strip() + "': " + FtraceReader.cut(s));
            }
        }
        pos = to;
        return s.substring(from, to);
    }

    private int integer(String key, String next) throws TraceFormatException {
        int from = pos + key.length();
        String t = text(key, next);
        return (int) number(s, from, from + t.length(), reader, key.strip().replace("=", ""));
    }

    /** @return the decimal integer (optionally negative) in s[from, to) */
    static long number(String s, int from, int to, FtraceReader reader, String what) throws TraceFormatException {
        while (from < to && s.charAt(from) == ' ') {
            from++;
        }
        boolean neg = from < to && s.charAt(from) == '-';
        int i = neg ? from + 1 : from;
        if (i >= to || to - i > 18) {
            throw reader.error("bad " + what + " '" + s.substring(from, Math.max(from, to)) + "': "
                    + FtraceReader.cut(s));
        }
        long v = 0;
        for (; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw reader.error("bad " + what + " '" + s.substring(from, to) + "': " + FtraceReader.cut(s));
            }
            v = v * 10 + (c - '0');
        }
        return neg ? -v : v;
    }

    /** @return the leading digits at {@code from} as a number (0 when none) */
    static long leadingLong(String s, int from) {
        long v = 0;
        for (int i = from; i < s.length() && Character.isDigit(s.charAt(i)); i++) {
            v = v * 10 + (s.charAt(i) - '0');
        }
        return v;
    }

    /** @return SECONDS.FRACTION (up to 9 fraction digits) in s[from, to) as ns */
    static long timestamp(String s, int from, int to, FtraceReader reader) throws TraceFormatException {
        int dot = s.indexOf('.', from);
        if (dot < 0 || dot >= to || to - dot - 1 > 9 || dot == from) {
            throw reader.error("bad timestamp '" + s.substring(from, to) + "': " + FtraceReader.cut(s));
        }
        long secs = number(s, from, dot, reader, "timestamp");
        long frac = number(s, dot + 1, to, reader, "timestamp");
        for (int d = to - dot - 1; d < 9; d++) {
            frac *= 10;
        }
        return secs * 1_000_000_000L + frac;
    }
}
