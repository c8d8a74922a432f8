/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.memory.MemorySystem;
import org.schedlab.sim.spi.SchedFn;

/**
 * The accesses of the process-image paths (fork, exit, execve, wait4, copy-on-write faults), all charged to
 * {@link SchedFn#PROCESS}. Single accesses stall one by one; a copy or clear of consecutive lines (a page, a
 * structure copied by assignment) keeps up to {@link #IN_FLIGHT} line misses in flight: the P6's L1 data cache
 * does not block on a miss and its cache bus to the L2 carries "up to four concurrent cache accesses" (Intel
 * Architecture Software Developer's Manual vol. 1, 1999, 2.5.1), so each group of four charges its longest
 * stall. Departure: the same four on the other profiles.
 */
final class LineAccess {
    /** Line misses a streaming copy keeps in flight on the P6 core (four concurrent L2 cache-bus accesses). */
    static final int IN_FLIGHT = 4;
    private final KernelImpl k;
    private final MemorySystem m;

    LineAccess(KernelImpl k) {
        this.k = k;
        this.m = k.memory;
    }

    void read(Cpu cpu, CacheLine l) {
        k.chargeStall(cpu, SchedFn.PROCESS, m.read(cpu.id(), l, cpu.now()));
    }

    void write(Cpu cpu, CacheLine l) {
        k.chargeStall(cpu, SchedFn.PROCESS, m.write(cpu.id(), l, cpu.now()));
    }

    /** A structure written in full (a struct assignment, a memset): its lines in groups of {@link #IN_FLIGHT}. */
    void writeAll(Cpu cpu, CacheLine[] lines) {
        long worst = 0;
        for (int i = 0; i < lines.length; i++) {
            worst = Math.max(worst, m.write(cpu.id(), lines[i], cpu.now()));
            if ((i + 1) % IN_FLIGHT == 0 || i == lines.length - 1) {
                k.chargeStall(cpu, SchedFn.PROCESS, worst);
                worst = 0;
            }
        }
    }

    /** A structure read in full: its lines in groups of {@link #IN_FLIGHT}. */
    void readAll(Cpu cpu, CacheLine[] lines, int from, int to) {
        long worst = 0;
        for (int i = from; i < to; i++) {
            worst = Math.max(worst, m.read(cpu.id(), lines[i], cpu.now()));
            if ((i - from + 1) % IN_FLIGHT == 0 || i == to - 1) {
                k.chargeStall(cpu, SchedFn.PROCESS, worst);
                worst = 0;
            }
        }
    }

    /** clear_page: every line of {@code f} written. */
    void clear(Cpu cpu, PageFrame f) {
        long worst = 0;
        int n = f.nrLines();
        for (int i = 0; i < n; i++) {
            worst = Math.max(worst, m.write(cpu.id(), f.line(i), cpu.now()));
            if ((i + 1) % IN_FLIGHT == 0 || i == n - 1) {
                k.chargeStall(cpu, SchedFn.PROCESS, worst);
                worst = 0;
            }
        }
    }

    /** copy_user_highpage: every line of {@code from} read and the same line of {@code to} written. */
    void copy(Cpu cpu, PageFrame from, PageFrame to) {
        long worstRead = 0;
        long worstWrite = 0;
        int n = Math.min(from.nrLines(), to.nrLines());
        for (int i = 0; i < n; i++) {
            worstRead = Math.max(worstRead, m.read(cpu.id(), from.line(i), cpu.now()));
            worstWrite = Math.max(worstWrite, m.write(cpu.id(), to.line(i), cpu.now()));
            if ((i + 1) % IN_FLIGHT == 0 || i == n - 1) {
                k.chargeStall(cpu, SchedFn.PROCESS, worstRead + worstWrite);
                worstRead = 0;
                worstWrite = 0;
            }
        }
    }
}
