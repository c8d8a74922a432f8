/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;

/**
 * The EEVDF data a path touches, as cache lines of the simulation kernel's memory model (nothing when it is
 * off), named as the CFS engine names them: each run queue's cfs_rq head (nr_queued, load, min_vruntime,
 * avg_vruntime, avg_load, the cached leftmost and the root: one line, written by every enqueue and dequeue and
 * read by the pick and by select_idle_sibling's look at a remote CPU) and each task's sched_entity (run_node
 * links, vruntime, deadline, the augmented minimum, vlag: one line, written when queued, dequeued, picked or
 * put back). The rq lock word is the spinlock's own line.
 * <p>
 * Departures: the nodes a descent compares are charged {@code TREE_STEP} each and are not named one by one;
 * the entity line sits at a fixed offset of the task's block, as in {@code CfsLines} [U].
 */
final class EevdfLines {
    private static final int SE_OFFSET = 64;
    private final Kernel kernel;
    private final boolean model;

    EevdfLines(Kernel kernel) {
        this.kernel = kernel;
        this.model = kernel.memoryModel();
    }

    /** An enqueue or dequeue on {@code rq}: the entity and the cfs_rq are written. */
    void queueOp(Cpu cpu, SchedFn fn, Rq rq, SchedEntity se) {
        if (model) {
            kernel.touch(cpu, fn, rqLine(rq), true);
            kernel.touch(cpu, fn, line(se), true);
        }
    }

    /** The pick on {@code rq}: the cfs_rq is read, the picked entity (may be null) written. */
    void pick(Cpu cpu, Rq rq, SchedEntity picked) {
        if (model) {
            kernel.touch(cpu, SchedFn.SCAN, rqLine(rq), false);
            if (picked != null) {
                kernel.touch(cpu, SchedFn.SCAN, line(picked), true);
            }
        }
    }

    /** A remote run queue read by select_idle_sibling or the balancer. */
    void peek(Cpu cpu, SchedFn fn, Rq rq) {
        if (model) {
            kernel.touch(cpu, fn, rqLine(rq), false);
        }
    }

    private CacheLine rqLine(Rq rq) {
        if (rq.line == null) {
            rq.line = kernel.kernelLine("cfs_rq[" + rq.cpu.id() + "]");
        }
        return rq.line;
    }

    private CacheLine line(SchedEntity se) {
        if (se.line == null && se.owner instanceof Task t) {
            se.line = kernel.taskLine(t, SE_OFFSET, "se " + t.pid());
        }
        return se.line;
    }
}
