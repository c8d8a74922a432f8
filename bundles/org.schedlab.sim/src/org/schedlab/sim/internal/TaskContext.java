/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.schedlab.sim.event.SimEvent;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;

/** The interpreter's per-task state: the frame stack over the program and what a blocked action awaits. */
final class TaskContext {
    static final int SEG_NONE = 0;
    static final int SEG_COMPUTE = 1;
    static final int SEG_SPIN = 2;

    final Task task;
    final SplittableRandom random;
    private final Bodies compiled;
    private Bodies.Body[] bodies;
    private int[] pcs;
    private int[] iters;
    private int[] phases;
    private long[] phaseStart;
    private int depth;

    /** User work left in the current segment, ns. */
    long remainingNs;
    /** What the current user segment is. */
    int segKind = SEG_NONE;
    /** The user lock being spun on or waited for. */
    IpcOps.UserLockRt spinOn;
    /** Progress through the spin, yield, block protocol of {@link Action.SpinLock}. */
    int spinPhase;
    int yieldsLeft;
    /** CondWait: 0 before blocking on the condition, 1 when retaking the mutex. */
    int condPhase;
    /** Broadcast: the next channel to send to. */
    int subIndex;
    /** The current action already entered the kernel once (blocked and retried): no second entry cost. */
    boolean retry;
    /** Children not yet reaped. */
    List<Task> children;
    /** Blocked in wait4. */
    boolean waitingChild;
    /** nanosleep timer. */
    SimEvent timer;
    /** The timeout of a wait with a time limit ({@link TimedWaits}), and whether it ran out. */
    SimEvent waitTimeout;
    boolean waitTimedOut;
    /** The next point of this task's {@code timer} grid (absolute ns), or -1 before its first timer action. */
    long timerNext = -1;
    /** The generation of the polling barrier this task arrived at and looks at, or -1 (IpcOps.barrierPassed). */
    int barrierGeneration = -1;
    /** The program loaded last (at creation or by exec). */
    Program program;
    /** The image of this task's programs in the memory model (its group's, inherited by forked children). */
    org.schedlab.sim.workload.ImageSize image = org.schedlab.sim.workload.ImageSize.DEFAULT;
    /** A forked child that has not run yet: its first run touches its process image (ProcessMemory.childRuns). */
    boolean imageStart;
    /** A thread made by clone(CLONE_VM) that has not run yet: its first run pays THREAD_START. */
    boolean threadStart;
    /** do_exit's teardown is done; its second step (ZOMBIE, notify) is next (ProcessOps.exit). */
    boolean exitStarted;
    /** One of the machine's own kernel threads ({@link BackgroundWork}): no task of the workload's. */
    boolean kernelThread;

    TaskContext(Task task, Program program, long seed, Bodies compiled) {
        this.task = task;
        this.random = new SplittableRandom(seed);
        this.compiled = compiled;
        this.bodies = new Bodies.Body[4];
        this.pcs = new int[4];
        this.iters = new int[4];
        this.phases = new int[4];
        this.phaseStart = new long[4];
        load(program);
    }

    /** The workload counters this task's programs (before and after exec) can count. */
    final java.util.Set<String> countable = new java.util.HashSet<>();

    /** Replaces the program (exec). */
    void load(Program program) {
        this.program = program;
        collectCounters(program.actions());
        depth = 0;
        push(program.actions(), 1, -1, 0);
        remainingNs = 0;
        segKind = SEG_NONE;
        spinPhase = 0;
        condPhase = 0;
        subIndex = 0;
        retry = false;
    }

    private void collectCounters(List<Action> body) {
        for (Action a : body) {
            if (a instanceof Action.Count c) {
                countable.add(c.counter());
            } else if (a instanceof Action.Loop l) {
                collectCounters(l.body());
            } else if (a instanceof Action.Phase ph) {
                collectCounters(ph.body());
            }
        }
    }

    /** Enters a nested body that runs {@code times} times (negative: forever), as phase {@code phase} or -1. */
    void push(List<Action> body, int times, int phase, long now) {
        if (depth == bodies.length) {
            int n = depth * 2;
            bodies = java.util.Arrays.copyOf(bodies, n);
            pcs = java.util.Arrays.copyOf(pcs, n);
            iters = java.util.Arrays.copyOf(iters, n);
            phases = java.util.Arrays.copyOf(phases, n);
            phaseStart = java.util.Arrays.copyOf(phaseStart, n);
        }
        bodies[depth] = compiled.of(body);
        pcs[depth] = 0;
        iters[depth] = times;
        phases[depth] = phase;
        phaseStart[depth] = now;
        depth++;
    }

    /**
     * Moves to the action at the program counter, leaving finished bodies (loops restart, phases book their time
     * into {@code phaseNs}).
     *
     * @return its opcode ({@link Action#op()}; the action itself is {@link #action()}), or -1 when the program
     *         has ended
     */
    int current(long now, long[] phaseNs) {
        while (depth > 0) {
            int d = depth - 1;
            Bodies.Body b = bodies[d];
            int pc = pcs[d];
            if (pc < b.ops.length) {
                return b.ops[pc];
            }
            if (b.ops.length > 0 && (iters[d] < 0 || --iters[d] > 0)) {
                pcs[d] = 0;
                continue;
            }
            if (phases[d] >= 0) {
                phaseNs[phases[d]] += now - phaseStart[d];
            }
            depth--;
            if (depth > 0) {
                pcs[depth - 1]++;
            }
        }
        return -1;
    }

    /** @return the action {@link #current} moved to */
    Action action() {
        int d = depth - 1;
        return bodies[d].actions[pcs[d]];
    }

    /** @return what the current action resolved at its first run ({@link Bodies.Body#rts}), or null before it */
    Object actionRt() {
        int d = depth - 1;
        return bodies[d].rts[pcs[d]];
    }

    /** Keeps {@code rt} with the current action, for every task that runs its body. */
    void actionRt(Object rt) {
        int d = depth - 1;
        bodies[d].rts[pcs[d]] = rt;
    }

    /** The measurement starts over at {@code t}: open phases count their time from {@code t} on. */
    void restartPhases(long t) {
        for (int d = 0; d < depth; d++) {
            phaseStart[d] = Math.max(phaseStart[d], t);
        }
    }

    /** Moves past the current action. */
    void advance() {
        pcs[depth - 1]++;
        retry = false;
    }

    /** @return the list of children, created on first use */
    List<Task> children() {
        if (children == null) {
            children = new ArrayList<>(2);
        }
        return children;
    }
}
