/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.workload;

import java.util.List;
import java.util.Objects;

/**
 * What a task does, interpreted one action at a time by the simulation kernel. User-mode actions
 * (compute, spinning) consume user time; the others are system calls charged in the cost model.
 * {@link #op()} is a small integer the interpreter dispatches on.
 */
public sealed interface Action {
    int OP_COMPUTE = 0, OP_YIELD = 1, OP_SLEEP = 2, OP_SPIN_LOCK = 3, OP_SPIN_UNLOCK = 4, OP_MUTEX_LOCK = 5,
            OP_MUTEX_UNLOCK = 6, OP_COND_WAIT = 7, OP_COND_SIGNAL = 8, OP_COND_BROADCAST = 9, OP_SEND = 10,
            OP_RECV = 11, OP_BROADCAST = 12, OP_BARRIER = 13, OP_FORK = 14, OP_EXEC = 15, OP_EXIT = 16,
            OP_WAIT = 17, OP_LOOP = 18, OP_PHASE = 19, OP_COUNT = 20, OP_YIELD_TO = 21, OP_TIMER = 22;

    /** @return the interpreter's opcode */
    int op();

    /** User-mode work: {@code amount} cycles (at the CPU's clock) or ns. */
    record Compute(Distribution amount, boolean inCycles) implements Action {
        public Compute {
            Objects.requireNonNull(amount, "amount");
        }

        /** @return a fixed amount of cycles */
        public static Compute cycles(long cycles) {
            return new Compute(Distribution.constant(cycles), true);
        }

        /** @return a fixed amount of time */
        public static Compute ns(long ns) {
            return new Compute(Distribution.constant(ns), false);
        }

        public int op() {
            return OP_COMPUTE;
        }
    }

    /** sched_yield(). */
    record Yield() implements Action {
        public int op() {
            return OP_YIELD;
        }
    }

    /**
     * A directed yield to a task of the thread group {@code group} (sched_switchto, a SchedLab extension): the
     * kernel offers the engine ({@code Scheduler.yieldTo}) the group's next runnable task that is not running; when
     * there is none, or the engine does not do directed yields, it is a plain sched_yield().
     */
    record YieldTo(String group) implements Action {
        public YieldTo {
            Objects.requireNonNull(group, "group");
        }

        public int op() {
            return OP_YIELD_TO;
        }
    }

    /**
     * rt-app's {@code timer} event: sleep until the next point of a grid of {@code periodNs} (the first call starts
     * the grid at its own time; clock_nanosleep TIMER_ABSTIME), or, when that point has already passed (a missed
     * deadline), go on at once. An absolute timer's grid stays where it was (cyclictest, rt-app's "mode" :
     * "absolute"); a {@code relative} one starts again from the late call (rt-app's default mode: the next point is a
     * period after it).
     */
    record Timer(long periodNs, boolean relative) implements Action {
        public Timer {
            if (periodNs <= 0) {
                throw new IllegalArgumentException("a timer period must be positive: " + periodNs + " ns");
            }
        }

        /** An absolute timer. */
        public Timer(long periodNs) {
            this(periodNs, false);
        }

        public int op() {
            return OP_TIMER;
        }
    }

    /** nanosleep for a duration in ns. */
    record Sleep(Distribution ns) implements Action {
        public Sleep {
            Objects.requireNonNull(ns, "ns");
        }

        public int op() {
            return OP_SLEEP;
        }
    }

    /**
     * Takes a user-space lock: try; spin up to {@code spins} iterations (user time, each
     * USER_SPIN_ITERATION cycles) watching the lock; then up to {@code yields} times sched_yield() and
     * try again; then block in the kernel (futex wait) until an unlock wakes it, and start over.
     */
    record SpinLock(UserLock lock, int spins, int yields) implements Action {
        public SpinLock {
            Objects.requireNonNull(lock, "lock");
            if (spins < 0 || yields < 0) {
                throw new IllegalArgumentException("spins and yields must not be negative");
            }
        }

        public int op() {
            return OP_SPIN_LOCK;
        }
    }

    /** Releases a user-space lock; a futex wake system call when a waiter is blocked. */
    record SpinUnlock(UserLock lock) implements Action {
        public int op() {
            return OP_SPIN_UNLOCK;
        }
    }

    /** Takes a blocking mutex: user fast path when free, futex wait when held. */
    record MutexLock(Mutex mutex) implements Action {
        public int op() {
            return OP_MUTEX_LOCK;
        }
    }

    /** Releases a blocking mutex, waking one waiter (which then competes for it again). */
    record MutexUnlock(Mutex mutex) implements Action {
        public int op() {
            return OP_MUTEX_UNLOCK;
        }
    }

    /** pthread_cond_wait: release the mutex, block on the condition, retake the mutex. */
    record CondWait(Cond cond, Mutex mutex) implements Action {
        public int op() {
            return OP_COND_WAIT;
        }
    }

    /** pthread_cond_signal: wake one waiter. */
    record CondSignal(Cond cond) implements Action {
        public int op() {
            return OP_COND_SIGNAL;
        }
    }

    /** pthread_cond_broadcast: wake every waiter. */
    record CondBroadcast(Cond cond) implements Action {
        public int op() {
            return OP_COND_BROADCAST;
        }
    }

    /** write() of one message to a channel. */
    record Send(Channel channel) implements Action {
        public int op() {
            return OP_SEND;
        }
    }

    /**
     * read() of one message from a channel; with {@code withinNs > 0} the wait for it is limited (poll() with a
     * timeout, then the read): a task still waiting after {@code withinNs} goes on without a message.
     */
    record Recv(Channel channel, long withinNs) implements Action {
        /** A read that waits as long as it takes. */
        public Recv(Channel channel) {
            this(channel, 0);
        }

        public Recv {
            if (withinNs < 0) {
                throw new IllegalArgumentException("a receive's time limit must not be negative");
            }
        }

        public int op() {
            return OP_RECV;
        }
    }

    /** One message to each channel in order (a chat room server's fan-out). */
    record Broadcast(List<Channel> channels) implements Action {
        public Broadcast {
            channels = List.copyOf(channels);
        }

        public int op() {
            return OP_BROADCAST;
        }
    }

    /**
     * Wait at a barrier. With {@code pollNs > 0} the wait is a poll instead of a futex wait: a task that finds the
     * barrier incomplete sleeps {@code pollNs} (nanosleep, with its timer slack) and looks again, and goes on at
     * its first look after the last party arrived, as threads.c's threads loop on {@code usleep(10000)} until the
     * start flag is set.
     */
    record Barrier(BarrierPoint point, long pollNs) implements Action {
        /** A futex barrier: the last arrival wakes the others. */
        public Barrier(BarrierPoint point) {
            this(point, 0);
        }

        public Barrier {
            if (pollNs < 0) {
                throw new IllegalArgumentException("a barrier's poll period must not be negative");
            }
        }

        public int op() {
            return OP_BARRIER;
        }
    }

    /** fork() ({@code thread == false}: a new mm) or clone(CLONE_VM) ({@code thread == true}). */
    record Fork(Program child, boolean thread, SchedAttrs attrs) implements Action {
        /** A child that keeps its parent's scheduling attributes. */
        public Fork(Program child, boolean thread) {
            this(child, thread, null);
        }

        public int op() {
            return OP_FORK;
        }
    }

    /** execve(): a new mm and a new program. */
    record Exec(Program program) implements Action {
        public int op() {
            return OP_EXEC;
        }
    }

    /** exit(). A program that runs off its end exits too. */
    record Exit() implements Action {
        public int op() {
            return OP_EXIT;
        }
    }

    /** wait4(-1): reap a zombie child, blocking while children live; returns at once without children. */
    record Wait() implements Action {
        public int op() {
            return OP_WAIT;
        }
    }

    /** Repeat {@code body} {@code times} times; a negative count repeats forever. */
    record Loop(int times, List<Action> body) implements Action {
        public Loop {
            body = List.copyOf(body);
        }

        /** @return a loop that never ends */
        public static Loop forever(Action... body) {
            return new Loop(-1, List.of(body));
        }

        public int op() {
            return OP_LOOP;
        }
    }

    /** A named block; time spent inside is reported per phase name. */
    record Phase(String name, List<Action> body) implements Action {
        public Phase {
            body = List.copyOf(body);
        }

        public int op() {
            return OP_PHASE;
        }
    }

    /** Adds {@code delta} to the named counter (user code, no cost): "work", "messages". */
    record Count(String counter, long delta) implements Action {
        public int op() {
            return OP_COUNT;
        }
    }
}
