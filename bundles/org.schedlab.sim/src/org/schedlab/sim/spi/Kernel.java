/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.spi;

import java.util.List;
import java.util.random.RandomGenerator;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.CostTable;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.Machine;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.metrics.Metrics;
import org.schedlab.sim.task.Task;

/** What an engine may use of the simulation kernel. */
public interface Kernel {
    /** @return the time of the event being processed, in ns (a CPU's cursor may be ahead of it) */
    long now();

    /** @return the machine: CPUs, profile, HZ, idle policy */
    Machine machine();

    /** @return the run's cost table (the profile's, with the experiment's overrides) */
    CostTable costs();

    /** Charges {@code cycles} on {@code cpu}: advances its cursor and books kernel time of {@code fn}. */
    void charge(Cpu cpu, SchedFn fn, long cycles);

    /** Charges {@code n} times the cost of {@code key} to {@code fn}. */
    default void charge(Cpu cpu, SchedFn fn, CostKey key, long n) {
        charge(cpu, fn, costs().cycles(key) * n);
    }

    /** Charges the cost of {@code key} once to {@code fn}. */
    default void charge(Cpu cpu, SchedFn fn, CostKey key) {
        charge(cpu, fn, costs().cycles(key));
    }

    /** @return a new kernel spinlock (test-and-set, unfair), with contention statistics under {@code name} */
    SpinLock newLock(String name);

    /** Spins (charged as {@link SchedFn#LOCK_SPIN}) while {@code lock} is held, then takes it. */
    void spinLock(Cpu cpu, SpinLock lock);

    /** Releases {@code lock} at {@code cpu}'s cursor. */
    void spinUnlock(Cpu cpu, SpinLock lock);

    /**
     * resched_task (2.6): if {@code target}'s need_resched is already set, nothing; else set it; if
     * {@code target != from} and the target is not polling (TIF_POLLING_NRFLAG) send a reschedule IPI,
     * otherwise count a suppressed IPI (a polling idle CPU notices by itself; a halted one with the flag
     * wrongly set only at its next interrupt).
     */
    void reschedTask(Cpu target, Cpu from);

    /** An explicit reschedule IPI from {@code from} to {@code target} (2.2/2.4 reschedule_idle). */
    void sendReschedIpi(Cpu target, Cpu from);

    /**
     * {@code smp_call_function_single_async} (kernel/smp.c) from {@code from} to another CPU {@code target}: queues
     * {@code fn} on the target's call-single list; the first entry of an empty list signals the target (a polling
     * idle CPU by its need_resched flag, without an IPI; otherwise an IPI: IPI_SEND charged to {@code from}, the
     * IPI's latency, IPI_RECEIVE on arrival). The target runs the queued functions in order in that interrupt (or
     * when its idle loop notices, or at its next tick if it is idle), before its return path schedules; {@code fn}
     * gets the target and its cursor. The scheduler's wake list (TTWU_QUEUE) is one user.
     *
     * @since 1.5
     */
    default void callFunctionSingle(Cpu target, Cpu from, HrTimer.Callback fn) {
        throw new UnsupportedOperationException("this kernel has no call-single queues");
    }

    /**
     * @return whether the machine's memory model is on: then the engine names the kernel lines its paths read
     *         and write ({@link #touch}) and the cycles of misses, transfers and bus waits follow from them
     */
    default boolean memoryModel() {
        return false;
    }

    /** @return a line of static kernel data (a list head, a per-CPU structure), or null when the model is off */
    default CacheLine kernelLine(String name) {
        return null;
    }

    /**
     * @return the line at byte {@code offset} of {@code t}'s task_struct-and-kernel-stack block (blocks are
     *         aligned, so the same field of every task competes for the same few cache sets), or null when the
     *         memory model is off
     */
    default CacheLine taskLine(Task t, int offset, String name) {
        return null;
    }

    /**
     * {@code cpu} reads ({@code write} false) or writes {@code line}: charges to {@code fn} what the memory
     * hierarchy makes it wait (nothing for a hit, when the model is off or when {@code line} is null).
     *
     * @return the stall charged, ns (0 for a hit)
     */
    default long touch(Cpu cpu, SchedFn fn, CacheLine line, boolean write) {
        return 0;
    }

    /**
     * {@code cpu} reads the first {@code n} of {@code lines} with independent loads, which an out-of-order core
     * keeps in flight together (the fields of one task_struct that goodness() tests): each access updates the
     * hierarchy, and the longest stall, not the sum, is charged to {@code fn}. Null entries and repeats are
     * skipped.
     *
     * @return the stall charged, ns
     */
    default long touchParallel(Cpu cpu, SchedFn fn, CacheLine[] lines, int n) {
        return 0;
    }

    /**
     * The same as {@link #touch(Cpu, SchedFn, CacheLine, boolean)} for the line with id {@code lineId}
     * ({@link CacheLine#id()}): an engine that keeps its lines' ids reads no line object on its hot path. A
     * negative id names no line (as null does).
     *
     * @return the stall charged, ns (0 for a hit)
     * @throws IllegalArgumentException when the run's memory model has no line {@code lineId}
     * @since 1.1
     */
    default long touch(Cpu cpu, SchedFn fn, int lineId, boolean write) {
        return 0;
    }

    /**
     * One step of a list walk: {@code cpu} reads the link {@code linkId} (a dependent load: its stall is charged
     * to {@code fn} first; negative: no link), then the first {@code n} of {@code lineIds} with independent loads
     * at the later time, charging the longest stall, as {@link #touchParallel(Cpu, SchedFn, CacheLine[], int)}
     * does. Negative ids are skipped; the ids are not tested for repeats (a repeat is read again: a hit), so a
     * caller that names each line once gets the same charges and states as the two calls by line object.
     *
     * @return the stalls charged, ns (the link's plus the longest of the others)
     * @throws IllegalArgumentException when the run's memory model has no line of one of the ids
     * @since 1.1
     */
    default long touchWalk(Cpu cpu, SchedFn fn, int linkId, int[] lineIds, int n) {
        return 0;
    }

    /**
     * @return a new high-resolution timer that runs {@code fn} when it fires ({@code hrtimer_init}); not armed
     * @since 1.3
     */
    default HrTimer newHrTimer(String name, HrTimer.Callback fn) {
        throw new UnsupportedOperationException("this kernel has no engine timers");
    }

    /** @return every task of the run that is not an idle task and not reaped (for_each_task) */
    List<Task> allTasks();

    /** @return the run's seeded random stream for engine decisions */
    RandomGenerator random();

    /** @return the run's metrics collector */
    Metrics metrics();
}
