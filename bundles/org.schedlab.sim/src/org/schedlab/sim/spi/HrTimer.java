/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.spi;

import org.schedlab.sim.machine.Cpu;

/**
 * An engine's high-resolution timer ({@code struct hrtimer}, kernel/time/hrtimer.c): armed for an absolute time
 * on one CPU, it fires there once, in that CPU's timer interrupt (charged as {@link SchedFn#INTERRUPT}); the
 * callback may arm it again. CFS bandwidth control's period and slack timers are two. Made by
 * {@link Kernel#newHrTimer}.
 *
 * @since 1.3
 */
public interface HrTimer {

    /** What runs when the timer fires: {@code cpu} is the CPU it was armed on, {@code now} its cursor. */
    @FunctionalInterface
    interface Callback {
        void fire(Cpu cpu, long now);
    }

    /** {@code hrtimer_start}: (re)arms the timer to fire at {@code expiresNs} on {@code cpu}. */
    void start(Cpu cpu, long expiresNs);

    /** {@code hrtimer_cancel}: disarms it (nothing if it is not armed). */
    void cancel();

    /** @return whether it is armed ({@code hrtimer_active}) */
    boolean active();

    /** @return the time it is armed for (meaningful while {@link #active()}), ns */
    long expires();
}
