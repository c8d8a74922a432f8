/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * The simulation kernel of SchedLab: a deterministic discrete-event model of what a Linux kernel does
 * around its scheduler. {@link org.schedlab.sim.Simulation} runs one cell described by a
 * {@link org.schedlab.sim.SimConfig} and returns a {@link org.schedlab.sim.SimResult}.
 *
 * <h2>The model</h2>
 * <ul>
 * <li>Time is a {@code long} in nanoseconds. Events (user segment ends, timer ticks, IPI deliveries,
 * sleep timers) are processed in (time, scheduling order); every random stream is seeded from the run's
 * seed and the task's pid, and sampling uses {@code StrictMath}: equal configurations give equal results
 * on every machine.</li>
 * <li>Each CPU has a cursor. A kernel path (a system call, an interrupt, schedule(), the context switch)
 * runs atomically at the event that started it and advances its CPU's cursor by the cycles it is charged
 * from the machine's cost table; user code resumes at the cursor. A CPU's time is booked as user,
 * kernel, spin (kernel-mode spinning on a held spinlock) or idle, and the four always add up.</li>
 * <li>A kernel spinlock is a reservation on the timelines: a CPU that wants it before the holder's release
 * time spins until then (test-and-set: no queue, the first path to get there wins).</li>
 * <li>Between two system calls the kernel hands back to the event queue when the CPU's cursor has passed
 * the next event, so the other CPUs' earlier work interleaves. The return path of a system call with
 * need_resched set runs on into schedule() (at most 100 us ahead).</li>
 * <li>Interrupts (tick, IPI, sleep timer) arriving while a CPU's path runs ahead of the event time are
 * taken when that path ends (interrupts are off in the kernel paths modelled here).</li>
 * </ul>
 *
 * <h2>Departures from the kernel, on purpose</h2>
 * <ul>
 * <li>Sleep timers fire at their exact time on the sleeper's last CPU (hrtimer semantics), not at the next
 * jiffy.</li>
 * <li>Every CPU's tick falls on the same grid (no per-CPU tick skew).</li>
 * <li>Orphans are reaped at once (no reparenting to init); user locks held by an exiting task stay held.</li>
 * <li>sched_yield() counts as an involuntary switch, as the kernel's nivcsw does.</li>
 * <li>Boot: tasks exist before time 0 and are woken at boot with costs off; every CPU schedules at 0.</li>
 * </ul>
 */
package org.schedlab.sim;
