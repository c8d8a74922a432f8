/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.viewers;

import java.util.Locale;

/** The tooltip of a stretch on the CPU timeline: task, state, start, duration and the wakeup that made it runnable. */
final class TimelineTooltip {

    private TimelineTooltip() {
    }

    /** @return the lines that describe {@code s} */
    static String text(TimelineInput in, TimelineInput.Slice s) {
        StringBuilder b = new StringBuilder();
        if (s.pid() < 0) {
            b.append("idle on CPU ").append(s.cpu());
        } else {
            b.append(in.name(s.pid())).append(" (pid ").append(s.pid()).append(") running on CPU ").append(s.cpu());
        }
        b.append("\nstart ").append(ms(s.startedNs())).append(", duration ").append(duration(s.endedNs() - s.startedNs()));
        if (s.pid() >= 0) {
            b.append("\nthen ").append(state(s.endState()));
            TimelineInput.Wakeup w = s.wakeup();
            if (w == null) {
                b.append("\nrunnable before (preempted, yielded or new), no wakeup");
            } else {
                b.append("\nwoken at ").append(ms(w.timeNs())).append(" on CPU ").append(w.cpu()).append(" by ")
                        .append(w.wakerPid() < 0 ? "an interrupt" : in.name(w.wakerPid()))
                        .append(", waited ").append(duration(s.startedNs() - w.timeNs()))
                        .append("\n").append(w.ipi().text());
            }
        }
        return b.toString();
    }

    private static String state(char c) {
        return switch (c) {
        case 'R' -> "preempted or yielded (R, still runnable)";
        case 'S' -> "slept (S)";
        case 'D' -> "blocked uninterruptibly (D)";
        case 'Z' -> "exited (Z)";
        default -> "still running at the end of the trace";
        };
    }

    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%.3f ms", ns / 1e6);
    }

    private static String duration(long ns) {
        return ns >= 1_000_000 ? String.format(Locale.ROOT, "%.3f ms", ns / 1e6)
                : String.format(Locale.ROOT, "%.1f us", ns / 1e3);
    }
}
