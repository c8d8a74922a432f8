/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.example.schedlab.engine.lottery;

import java.util.List;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

/**
 * Lottery scheduling (engine id {@code lottery}): every task holds tickets funded from its nice value, and
 * each scheduling decision is a lottery drawn with the run's seeded random stream, so that CPU time is,
 * in expectation, proportional to tickets. From C. A. Waldspurger and W. E. Weihl, "Lottery Scheduling:
 * Flexible Proportional-Share Resource Management", Proc. OSDI 1994. Not a Linux scheduler: an example of
 * a third-party engine bundle. Stateless: one {@link LotteryScheduler} per run.
 */
public final class LotteryEngine implements SchedulerEngine {
    /** The engine id used in experiment files. */
    public static final String ID = "lottery";
    /** The only version: this engine's own release. */
    public static final String VERSION = "1.0";
    /** Tunable: the quantum a lottery winner runs, in ms (rounded to timer ticks, at least one). */
    public static final String QUANTUM_MS = "quantum_ms";
    /** Tunable: tickets funding a nice-0 task. */
    public static final String BASE_TICKETS = "base_tickets";
    /** The compensation-tickets patch. */
    public static final String PATCH_COMPENSATION = "compensation-tickets";

    static final long QUANTUM_MS_DEFAULT = 100;
    static final long QUANTUM_MS_MAX = 10_000;
    static final long BASE_TICKETS_DEFAULT = 1024;
    static final long BASE_TICKETS_MAX = 10_000;

    private static final PatchInfo COMPENSATION = new PatchInfo(PATCH_COMPENSATION,
            "Compensation tickets",
            "Carl A. Waldspurger and William E. Weihl",
            "1994-11",
            "Lottery Scheduling: Flexible Proportional-Share Resource Management, Proc. 1st USENIX Symposium"
                    + " on Operating Systems Design and Implementation (OSDI '94), Monterey, CA, section 3.4",
            "A task that uses only a fraction f of its quantum before it blocks or yields is granted a"
                    + " compensation ticket that inflates its funding by 1/f until it starts its next quantum."
                    + " Without it, an I/O-bound task wins as often as a CPU-bound task with the same tickets"
                    + " but consumes only f of each quantum, so it receives f times its share; with it, the"
                    + " win rate rises by 1/f and the consumed share matches the allocation.",
            List.of("schedule", "sysSchedYield"),
            List.of(VERSION),
            false);

    private static final EngineInfo INFO = new EngineInfo(ID,
            "Lottery scheduling (Waldspurger & Weihl, OSDI 1994), example third-party engine",
            List.of(VERSION),
            List.of(new TunableInfo(QUANTUM_MS, "ms", Long.toString(QUANTUM_MS_DEFAULT),
                            "Quantum a lottery winner runs before the next lottery, rounded to timer ticks"
                                    + " (1 to " + QUANTUM_MS_MAX + ")."),
                    new TunableInfo(BASE_TICKETS, "tickets", Long.toString(BASE_TICKETS_DEFAULT),
                            "Tickets of a nice-0 task; each nice step divides them by 1.25 (1 to "
                                    + BASE_TICKETS_MAX + ").")),
            List.of(COMPENSATION),
            List.of(LotteryScheduler.DRAWS, LotteryScheduler.COMPENSATIONS));

    /** Version 1.0, the quantum and base funding tunables, and the compensation-tickets patch. */
    @Override
    public EngineInfo info() {
        return INFO;
    }

    /** One run: a global lottery run queue, the quantum converted to the machine's ticks. */
    @Override
    public Scheduler create(SchedulerConfig config, Kernel kernel) {
        if (!INFO.versions().contains(config.version())) {
            throw new IllegalArgumentException("lottery has no version " + config.version() + " (has "
                    + INFO.versions() + ")");
        }
        for (String patch : config.patches()) {
            if (INFO.patch(patch).isEmpty()) {
                throw new IllegalArgumentException("lottery has no patch " + patch);
            }
        }
        for (String name : config.tunables().keySet()) {
            if (INFO.tunable(name).isEmpty()) {
                throw new IllegalArgumentException("lottery has no tunable " + name);
            }
        }
        long quantumMs = bounded(config, QUANTUM_MS, QUANTUM_MS_DEFAULT, QUANTUM_MS_MAX);
        long base = bounded(config, BASE_TICKETS, BASE_TICKETS_DEFAULT, BASE_TICKETS_MAX);
        int hz = kernel.machine().hz();
        int ticks = (int) Math.max(1, Math.round(quantumMs * hz / 1000.0));
        return new LotteryScheduler(kernel, ticks, base, config.has(PATCH_COMPENSATION));
    }

    private static long bounded(SchedulerConfig config, String name, long dflt, long max) {
        long v = config.tunableLong(name, dflt);
        if (v < 1 || v > max) {
            throw new IllegalArgumentException(name + " must be between 1 and " + max + ": " + v);
        }
        return v;
    }

    /** @return null when the run queue of a scheduler this engine created is consistent, else the problem */
    public static String checkRunQueue(Scheduler scheduler) {
        return ((LotteryScheduler) scheduler).checkRunQueue();
    }

    /** @return the tickets funding a task of this nice value with the default base (for tests and docs) */
    public static long ticketsOfNice(int nice) {
        return Tickets.ofNice(nice, BASE_TICKETS_DEFAULT);
    }
}
