/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

import java.util.HashMap;
import java.util.Map;

/**
 * Puts back the context switches a trace lost. On one CPU every sched_switch's prev task is the next task of the
 * switch before it; where it is not, a switch between the two happened and was not recorded (a per-CPU buffer that
 * overflowed, or a kernel that does not record some switches at all: the 6.18 KVM guest of docs/validation.md records
 * none out of CPU 1's idle task). The lost switch, from the task the CPU last switched to, to this switch's prev, is
 * passed on before this one, at the latest time the trace shows it could have happened: the last event of that CPU,
 * or the prev task's last wakeup if later (a wakeup that finds the CPU idle is followed by the switch within
 * microseconds). Events are passed on unchanged otherwise; a CPU's first switch has no switch before it and is
 * taken as it is.
 */
public final class MissedSwitches implements FtraceReader.Sink {
    private final FtraceReader.Sink next;
    /** per CPU: {pid of the task it last switched to, time of its last event} */
    private final Map<Integer, long[]> cpus = new HashMap<>();
    private final Map<Integer, Long> lastWakeup = new HashMap<>();
    private final Map<Integer, String> comms = new HashMap<>();
    private final Map<Integer, Integer> prios = new HashMap<>();
    private long inferred;

    /** @param next where the events go, the lost switches among them */
    public MissedSwitches(FtraceReader.Sink next) {
        this.next = next;
    }

    @Override
    public void event(FtraceEvent e) throws TraceFormatException {
        long t = e.timeNs();
        long[] c = cpus.get(e.cpu());
        switch (e.type()) {
            case WAKEUP, WAKEUP_NEW -> lastWakeup.put(e.pid(), t);
            case SWITCH -> {
                if (c != null && c[0] != e.pid()) {
                    int from = (int) c[0];
                    long at = Math.min(t, Math.max(c[1], lastWakeup.getOrDefault(e.pid(), Long.MIN_VALUE)));
                    inferred++;
                    next.event(new FtraceEvent(e.line(), at, e.cpu(), comms.getOrDefault(from, "<...>"), from, false,
                            FtraceEvent.Type.SWITCH, comms.getOrDefault(from, "<...>"), from,
                            prios.getOrDefault(from, 120), "R", e.comm(), e.pid(), e.prio(), -1, -1));
                }
                if (c == null) {
                    c = new long[2];
                    cpus.put(e.cpu(), c);
                }
                c[0] = e.pid2();
                comms.put(e.pid2(), e.comm2());
                prios.put(e.pid2(), e.prio2());
            }
            default -> {
                // forks, exits and migrations say nothing of who runs
            }
        }
        if (c != null) {
            c[1] = t;
        }
        next.event(e);
    }

    /** @return the switches put back so far */
    public long inferred() {
        return inferred;
    }
}
