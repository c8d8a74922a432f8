/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.ArrayDeque;

import org.schedlab.sim.event.SimEvent;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.task.Task;

/**
 * Waits with a time limit ({@code recv ch within T}: a read after poll() with a timeout): the waiting task's
 * timeout timer, armed as a sleep's timer is ({@link ProcessOps#arm(Cpu, Task, SimEvent, long)}: its slack, the
 * tick, the interrupt's delivery), which, when it fires with the task still on the wait queue, takes it off and
 * wakes it with its wait run out ({@link TaskContext#waitTimedOut}); a wait that ends first takes the timer back.
 */
final class TimedWaits {
    private final ProcessOps proc;

    TimedWaits(ProcessOps proc) {
        this.proc = proc;
    }

    /**
     * @return whether the wait of {@code c} ran out: then it goes on past its action (the flag is cleared), as a
     *         read after poll() timed out returns without a message
     */
    boolean ranOut(TaskContext c) {
        if (!c.waitTimedOut) {
            return false;
        }
        c.waitTimedOut = false;
        c.retry = false;
        c.advance();
        return true;
    }

    /** {@code t}, about to block on {@code queue}, waits at most {@code ns} (0: as long as it takes). */
    void arm(Cpu cpu, Task t, TaskContext c, ArrayDeque<Task> queue, long ns) {
        if (ns <= 0) {
            return;
        }
        Timeout e = c.waitTimeout instanceof Timeout x ? x : new Timeout(t, c);
        c.waitTimeout = e;
        e.queue = queue;
        proc.arm(cpu, t, e, cpu.now() + ns);
    }

    /** The wait of {@code c}, limited to {@code ns} (0: no limit), ended before its limit: the timer is taken back. */
    void ended(TaskContext c, long ns) {
        if (ns > 0 && c.waitTimeout != null) {
            proc.disarm(c.waitTimeout);
        }
    }

    private final class Timeout extends SimEvent {
        private final Task task;
        private final TaskContext ctx;
        private ArrayDeque<Task> queue;

        Timeout(Task task, TaskContext ctx) {
            this.task = task;
            this.ctx = ctx;
        }

        @Override
        public void fire(long now) {
            if (queue.remove(task)) {
                ctx.waitTimedOut = true;
                proc.timerFired(task, now);
            }
        }
    }
}
