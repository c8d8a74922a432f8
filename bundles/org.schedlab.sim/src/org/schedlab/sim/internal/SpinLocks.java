/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.spi.SchedFn;

/**
 * The kernel's spinlocks as the engines take them ({@code spin_lock} / {@code spin_unlock}, x86's
 * test-and-test-and-set with {@code lock decb}): a CPU that finds the lock held spins until its holder releases it,
 * charged as spin time; the acquisition and the release each cost their cycles, and the lock's line moves to the
 * acquiring CPU (through the memory model when it is on).
 */
final class SpinLocks {
    private static final Cpu.KernelOps CPU = KernelMutators.cpu();
    private static final SpinLock.KernelOps LOCK = KernelMutators.lock();

    private final KernelImpl k;
    private final long mhz;

    SpinLocks(KernelImpl k, long mhz) {
        this.k = k;
        this.mhz = mhz;
    }

    /** {@code spin_lock_init}: a new lock, with a cache line of its own when the memory model is on. */
    SpinLock newLock(String name) {
        SpinLock l = new SpinLock(name);
        if (k.memory != null) {
            LOCK.setLine(l, k.memory.staticLine(name));
        }
        k.locks.add(l);
        return l;
    }

    void spinLock(Cpu cpu, SpinLock lock) {
        if (k.booting) {
            return;
        }
        if (k.inv != null && lock.holder() >= 0) {
            throw k.violation(cpu, null, "spinlock " + lock + " taken while held by cpu" + lock.holder()
                    + " (never released, or taken twice)");
        }
        long spun = 0;
        if (lock.releasedAt() > cpu.now()) {
            long from = cpu.now();
            spun = lock.releasedAt() - from;
            CPU.chargeSpinNs(cpu, spun);
            k.metrics().addCycles(SchedFn.LOCK_SPIN, spun * mhz / 1000);
            if (k.memory != null) {
                // test-and-test-and-set: at each hand-over it watched, a spinner re-reads the line and tries
                // its lock decb; the last hand-over's re-read is the one before its own acquisition
                k.memory.spinTraffic(cpu.id(), cpu.now(), 2 * lock.releasesBetween(from, cpu.now()) + 1);
            }
        }
        long c = k.costs().cycles(CostKey.SPIN_ACQUIRE);
        if (k.memory != null) {
            k.touch(cpu, SchedFn.LOCK, lock.line(), true); // lock decb pulls the line Modified
        } else if (lock.lastHolder() >= 0 && lock.lastHolder() != cpu.id()) {
            c += k.costs().cycles(CostKey.CACHELINE_TRANSFER);
        }
        k.charge(cpu, SchedFn.LOCK, c);
        LOCK.acquired(lock, cpu.id(), cpu.now(), spun);
    }

    void spinUnlock(Cpu cpu, SpinLock lock) {
        if (k.booting) {
            return;
        }
        if (k.inv != null && lock.holder() != cpu.id()) {
            throw k.violation(cpu, null, "spinlock " + lock + " released by a CPU that does not hold it");
        }
        k.touch(cpu, SchedFn.LOCK, lock.line(), true);
        k.charge(cpu, SchedFn.LOCK, CostKey.SPIN_RELEASE);
        LOCK.released(lock, cpu.now());
    }
}
