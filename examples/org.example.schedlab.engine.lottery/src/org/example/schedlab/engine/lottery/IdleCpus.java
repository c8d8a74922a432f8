/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.example.schedlab.engine.lottery;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.Machine;
import org.schedlab.sim.task.Task;

/**
 * A bitmap of idle CPUs, so that a wakeup finds an idle CPU without scanning every run queue (the
 * role of 2.6's idle-CPU search in try_to_wake_up). A CPU found for a wakeup is claimed: its bit is
 * cleared until its next schedule() says it is idle again.
 */
final class IdleCpus {
    private final Machine machine;
    private final long[] mask;

    IdleCpus(Machine machine) {
        this.machine = machine;
        int n = machine.nrCpus();
        this.mask = new long[(n + 63) >>> 6];
        for (int i = 0; i < n; i++) {
            set(i, true);
        }
    }

    /** Marks CPU {@code c} idle or busy. */
    void set(int c, boolean idle) {
        if (idle) {
            mask[c >>> 6] |= 1L << (c & 63);
        } else {
            mask[c >>> 6] &= ~(1L << (c & 63));
        }
    }

    private boolean isIdle(int c) {
        return (mask[c >>> 6] & (1L << (c & 63))) != 0;
    }

    /** @return an idle CPU {@code p} may use, its last CPU first, claimed; null when there is none */
    Cpu claimFor(Task p) {
        int last = p.processor();
        if (last >= 0 && last < machine.nrCpus() && isIdle(last) && p.allowedOn(last)) {
            set(last, false);
            return machine.cpu(last);
        }
        for (int w = 0; w < mask.length; w++) {
            long bits = mask[w];
            while (bits != 0) {
                int c = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (p.allowedOn(c)) {
                    set(c, false);
                    return machine.cpu(c);
                }
            }
        }
        return null;
    }

    /** @return true when {@code p} may run on every CPU of the machine */
    boolean allowedEverywhere(Task p) {
        for (int c = 0; c < machine.nrCpus(); c++) {
            if (!p.allowedOn(c)) {
                return false;
            }
        }
        return true;
    }
}
