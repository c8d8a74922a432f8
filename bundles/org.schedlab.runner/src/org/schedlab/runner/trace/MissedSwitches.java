/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.trace;

import java.util.Arrays;
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
    /** per CPU: the task it last switched to (pid, comm, prio; pid -1 before its first switch), its last event */
    private int[] pid = new int[0];
    private String[] comm = new String[0];
    private int[] prio = new int[0];
    private long[] lastNs = new long[0];
    private final Map<Integer, Long> lastWakeup = new HashMap<>();
    private long inferred;

    /** @param next where the events go, the lost switches among them */
    public MissedSwitches(FtraceReader.Sink next) {
        this.next = next;
    }

    @Override
    public void event(FtraceEvent e) throws TraceFormatException {
        long t = e.timeNs();
        int cpu = e.cpu();
        if (cpu >= pid.length) {
            grow(cpu + 1);
        }
        switch (e.type()) {
            case WAKEUP, WAKEUP_NEW -> lastWakeup.put(e.pid(), t);
            case SWITCH -> {
                int from = pid[cpu];
                if (from >= 0 && from != e.pid()) {
                    long at = Math.min(t, Math.max(lastNs[cpu], lastWakeup.getOrDefault(e.pid(), Long.MIN_VALUE)));
                    inferred++;
                    next.event(new FtraceEvent(e.line(), at, cpu, comm[cpu], from, false, FtraceEvent.Type.SWITCH,
                            comm[cpu], from, prio[cpu], "R", e.comm(), e.pid(), e.prio(), -1, -1));
                }
                pid[cpu] = e.pid2();
                comm[cpu] = e.comm2();
                prio[cpu] = e.prio2();
            }
            default -> {
                // forks, exits and migrations say nothing of who runs
            }
        }
        lastNs[cpu] = t;
        next.event(e);
    }

    private void grow(int n) {
        int old = pid.length;
        pid = Arrays.copyOf(pid, n);
        Arrays.fill(pid, old, n, -1);
        comm = Arrays.copyOf(comm, n);
        prio = Arrays.copyOf(prio, n);
        lastNs = Arrays.copyOf(lastNs, n);
    }

    /** @return the switches put back so far */
    public long inferred() {
        return inferred;
    }
}
