/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.SimulationException;
import org.schedlab.sim.event.EventQueue;
import org.schedlab.sim.event.SimEvent;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.IdlePolicy;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;

/**
 * Drives each CPU between events: user segments, the timer tick, IPIs, the idle loop, and the return path
 * to user mode that checks need_resched. A kernel path that runs past the next queued event pauses and
 * resumes through a CONTINUE event, so no CPU runs ahead unboundedly.
 */
final class CpuDriver {
    private static final org.schedlab.sim.machine.Cpu.KernelOps CPU = KernelMutators.cpu();
    static final int SEGMENT = 0, TICK = 1, IPI = 2, POLL = 3, CONTINUE = 4, SPIN = 5;
    private static final int NO_PROGRESS_LIMIT = 1_000_000;
    private static final long MAX_AHEAD_NS = 100_000;

    private final KernelImpl k;
    private final EventQueue queue;
    private final CpuEvent[][] events;
    private final long tickNs;
    /** Per CPU, the phase of its tick: ticks fire at phase + k x tickNs, k >= 1. */
    private final long[] tickPhase;
    private final long haltWakeNs;
    private final long longHaltWakeNs;
    private final long longHaltAfterNs;
    private final long haltedIpiNs;
    /** Per CPU: its pending IPI's latency already holds the halt's exit (HALTED_IPI_LATENCY). */
    private final boolean[] exitInIpi;

    CpuDriver(KernelImpl k) {
        this.k = k;
        this.queue = k.queue;
        int n = k.machine().nrCpus();
        this.events = new CpuEvent[6][n];
        for (int kind = 0; kind < 6; kind++) {
            for (int i = 0; i < n; i++) {
                events[kind][i] = new CpuEvent(this, i, kind);
            }
        }
        this.tickNs = k.machine().profile().tickNs();
        this.tickPhase = new long[n];
        this.haltWakeNs = k.costs().cycles(CostKey.HALT_WAKE_LATENCY);
        this.longHaltWakeNs = k.costs().cycles(CostKey.LONG_HALT_WAKE_LATENCY);
        this.longHaltAfterNs = k.costs().cycles(CostKey.LONG_HALT_AFTER);
        this.haltedIpiNs = k.costs().cycles(CostKey.HALTED_IPI_LATENCY);
        this.exitInIpi = new boolean[n];
    }

    /** One reusable event per CPU and kind. */
    private static final class CpuEvent extends SimEvent {
        private final CpuDriver driver;
        private final int cpu;
        private final int kind;

        CpuEvent(CpuDriver driver, int cpu, int kind) {
            this.driver = driver;
            this.cpu = cpu;
            this.kind = kind;
        }

        @Override
        public void fire(long now) {
            driver.onEvent(driver.k.machine().cpu(cpu), kind, now);
        }
    }

    /**
     * Boot: every CPU schedules at time 0. CPU 0 ticks from one period on; each other CPU's local timer was
     * started when that CPU came up, so its ticks keep a phase of their own, drawn from the run's seed (one of
     * the things that differ from one real run to the next).
     */
    void boot() {
        for (Cpu cpu : k.machine().cpus()) {
            queue.schedule(events[CONTINUE][cpu.id()], 0);
            long phase = cpu.id() == 0 ? 0 : Math.floorMod(KernelImpl.mix(k.cfg.seed(), -1000 - cpu.id()), tickNs);
            tickPhase[cpu.id()] = phase;
            queue.schedule(events[TICK][cpu.id()], tickNs + phase);
        }
    }

    private void onEvent(Cpu cpu, int kind, long now) {
        switch (kind) {
            case SEGMENT -> {
                k.active = cpu;
                long len = CPU.endSegment(cpu, now);
                k.interp.segmentDone(cpu, cpu.curr(), len);
                run(cpu);
            }
            case TICK -> {
                queue.schedule(events[TICK][cpu.id()], now + tickNs);
                enter(cpu, now);
                k.charge(cpu, SchedFn.INTERRUPT, CostKey.TIMER_INTERRUPT);
                if (cpu.isIdle()) {
                    k.smpCalls.flush(cpu); // the idle loop, woken by the tick, flushes its queue
                }
                k.sched.schedulerTick(cpu, cpu.curr());
                k.sched.loadBalance(cpu, cpu.isIdle());
                if (cpu.id() == 0) {
                    k.onSampleTick();
                }
                run(cpu);
            }
            case IPI -> {
                boolean exitPaid = exitInIpi[cpu.id()];
                exitInIpi[cpu.id()] = false;
                if (exitPaid && cpu.mode() == Cpu.Mode.IDLE && cpu.halted()) {
                    CPU.setHalted(cpu, false); // HALTED_IPI_LATENCY held the exit
                }
                enter(cpu, now);
                k.charge(cpu, SchedFn.IPI, CostKey.IPI_RECEIVE);
                k.smpCalls.flush(cpu);
                run(cpu);
            }
            case POLL -> {
                if (cpu.mode() == Cpu.Mode.IDLE && (cpu.needResched() || k.smpCalls.pending(cpu))) {
                    enter(cpu, now);
                    k.smpCalls.flush(cpu);
                    run(cpu);
                }
            }
            case CONTINUE -> {
                k.active = cpu;
                run(cpu);
            }
            case SPIN -> k.interp.spinNotice(cpu, now);
            default -> throw new IllegalStateException("event kind " + kind);
        }
    }

    /** @return the first tick of {@code cpu} at or after {@code t} (ticks never stop here: no NO_HZ) */
    long nextTickAtOrAfter(Cpu cpu, long t) {
        long phase = tickPhase[cpu.id()];
        long k = Math.max(1, Math.floorDiv(t - phase + tickNs - 1, tickNs));
        return phase + k * tickNs;
    }

    /** Interrupt entry at {@code now}: ends the user or idle segment (or the paused path) and wakes a halted CPU. */
    void enter(Cpu cpu, long now) {
        k.active = cpu;
        long t = Math.max(now, cpu.now());
        switch (cpu.mode()) {
            case USER -> {
                long len = CPU.endSegment(cpu, t);
                queue.cancel(events[SEGMENT][cpu.id()]);
                k.interp.userInterrupted(cpu.curr(), k.speed == null ? len : k.speed.userWork(cpu.id(), len));
            }
            case IDLE -> {
                boolean halted = cpu.halted();
                long len = CPU.endSegment(cpu, t);
                CPU.setHalted(cpu, false);
                if (halted) {
                    CPU.chargeIdleNs(cpu, haltWakeLatency(len));
                }
            }
            case KERNEL -> queue.cancel(events[CONTINUE][cpu.id()]);
        }
        if (k.inv != null) {
            k.inv.checkBooks(cpu);
        }
    }

    /**
     * @return the time a CPU halted for {@code haltedNs} takes to resume: {@code LONG_HALT_WAKE_LATENCY} once it
     *         was halted {@code LONG_HALT_AFTER} or longer (a deeper idle state, or a vCPU the host stopped
     *         polling), else {@code HALT_WAKE_LATENCY}
     */
    long haltWakeLatency(long haltedNs) {
        return longHaltAfterNs > 0 && haltedNs >= longHaltAfterNs ? longHaltWakeNs : haltWakeNs;
    }

    /**
     * @return the latency of an IPI sent at {@code t} to {@code target}: HALTED_IPI_LATENCY when it is set and the
     *         target has been halted for less than LONG_HALT_AFTER (that latency then holds the halt's exit), else
     *         {@code ipiLatencyNs}
     */
    long ipiLatencyTo(Cpu target, long t, long ipiLatencyNs) {
        if (haltedIpiNs > 0 && target.mode() == Cpu.Mode.IDLE && target.halted()
                && (longHaltAfterNs == 0 || t - target.segmentStart() < longHaltAfterNs)) {
            exitInIpi[target.id()] = true;
            return haltedIpiNs;
        }
        return ipiLatencyNs;
    }

    /** The return path: schedule while need_resched, then run the current task's program or idle. */
    void run(Cpu cpu) {
        long mark = cpu.now();
        int still = 0;
        while (true) {
            if (cpu.needResched()) {
                k.switcher.schedule(cpu);
            }
            Task t = cpu.curr();
            if (t.isIdleTask()) {
                k.sched.idleLoop(cpu);
                if (!cpu.needResched()) {
                    enterIdle(cpu);
                    return;
                }
            } else if (k.interp.step(cpu, t)) {
                return;
            }
            long c = cpu.now();
            long next = queue.peekTime();
            // The return path of a system call runs on into schedule() when need_resched is set; other
            // CPUs' earlier events get their turn between two system calls, or after MAX_AHEAD_NS at most.
            if (c > next && (!cpu.needResched() || c - next > MAX_AHEAD_NS) || c > k.endTime) {
                queue.schedule(events[CONTINUE][cpu.id()], c);
                return;
            }
            if (c != mark) {
                mark = c;
                still = 0;
            } else if (++still > NO_PROGRESS_LIMIT) {
                throw new SimulationException("no progress on cpu" + cpu.id() + " at " + c + " ns: task "
                        + cpu.curr() + " loops without using time");
            }
        }
    }

    private void enterIdle(Cpu cpu) {
        IdlePolicy p = k.machine().idlePolicy();
        CPU.setPolling(cpu, p.pollingFlag());
        CPU.setHalted(cpu, p.halts());
        CPU.beginSegment(cpu, Cpu.Mode.IDLE);
        if (p.halts()) {
            haltWithIpiOnItsWay(cpu);
        }
    }

    /**
     * A CPU halts with an IPI on its way, sent while it was still running (the idle entry after its last task
     * slept): a virtual CPU's HLT exits to the host, which finds the interrupt pending and delivers it as to a
     * halted vCPU, HALTED_IPI_LATENCY after the halt, rather than by the kick a running vCPU needs (IPI_LATENCY),
     * when that comes later. Only where HALTED_IPI_LATENCY is set (a measured guest): 0 keeps the IPI as sent.
     */
    private void haltWithIpiOnItsWay(Cpu cpu) {
        if (haltedIpiNs == 0) {
            return;
        }
        CpuEvent e = events[IPI][cpu.id()];
        long halted = cpu.now() + haltedIpiNs;
        if (e.isScheduled() && e.time() > halted) {
            queue.schedule(e, halted);
            exitInIpi[cpu.id()] = true;
        }
    }

    /** Starts user work of {@code ns} on {@code cpu} at its cursor. */
    void startUser(Cpu cpu, long ns) {
        CPU.beginSegment(cpu, Cpu.Mode.USER);
        long wall = k.speed == null ? ns : k.speed.startUser(cpu.id(), cpu.now(), ns);
        queue.schedule(events[SEGMENT][cpu.id()], cpu.now() + wall);
    }

    /** Schedules the event of {@code kind} on {@code cpu} at {@code t} unless it is already due earlier. */
    void post(int kind, Cpu cpu, long t) {
        if (t < queue.now()) {
            throw k.violation(cpu, cpu.curr(), "event scheduled in the past: at " + t + " ns (from a CPU whose"
                    + " path is not running?)");
        }
        CpuEvent e = events[kind][cpu.id()];
        if (e.isScheduled() && e.time() <= t) {
            return;
        }
        queue.schedule(e, t);
    }

    /** Cancels the user segment end of {@code cpu}. */
    void cancelSegment(Cpu cpu) {
        queue.cancel(events[SEGMENT][cpu.id()]);
    }
}
