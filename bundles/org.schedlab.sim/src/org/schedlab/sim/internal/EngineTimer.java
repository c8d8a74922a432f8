/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.event.SimEvent;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.HrTimer;
import org.schedlab.sim.spi.SchedFn;

/**
 * An engine's hrtimer: an event at its expiry that enters the CPU it was armed on as an interrupt (the CPU's
 * user or idle segment ends there, a halted CPU wakes), charges the interrupt entry, runs the callback, and lets
 * the CPU go on (a reschedule the callback asked for is taken on the interrupt's return path).
 */
final class EngineTimer extends SimEvent implements HrTimer {
    private final KernelImpl k;
    private final String name;
    private final Callback fn;
    private Cpu cpu;

    EngineTimer(KernelImpl k, String name, Callback fn) {
        this.k = k;
        this.name = name;
        this.fn = fn;
    }

    @Override
    public void start(Cpu on, long expiresNs) {
        if (isScheduled()) {
            k.queue.cancel(this);
        }
        cpu = on;
        k.queue.schedule(this, Math.max(k.now(), expiresNs));
    }

    @Override
    public void cancel() {
        if (isScheduled()) {
            k.queue.cancel(this);
        }
    }

    @Override
    public boolean active() {
        return isScheduled();
    }

    @Override
    public long expires() {
        return time();
    }

    @Override
    public void fire(long now) {
        Cpu c = cpu;
        k.driver.enter(c, now);
        k.charge(c, SchedFn.INTERRUPT, CostKey.INTERRUPT);
        fn.fire(c, c.now());
        k.driver.run(c);
    }

    @Override
    public String toString() {
        return "hrtimer " + name;
    }
}
