/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;

/**
 * The CFS data a path touches, as cache lines of the simulation kernel's memory model (nothing when it is off):
 * each run queue's cfs_rq fields (nr_running, load, min_vruntime, the cached leftmost: one line, written by every
 * enqueue and dequeue and read by the pick) and each task's sched_entity (run_node links, vruntime, exec_start:
 * one line, written when it is queued, dequeued, picked or put back, read when the pick takes the leftmost).
 * The lock word of the rq is the spinlock's own line.
 *
 * <p>Departures: the nodes a descent compares are charged {@code TREE_STEP} each and are not named one by one;
 * 2.6 allocates task_structs from a slab, but the entity line is placed like a 2.4 task line, at a fixed offset
 * of an aligned block per task [U].
 */
final class CfsLines {
    private static final int SE_OFFSET = 64;
    private final Kernel kernel;
    private final boolean model;

    CfsLines(Kernel kernel) {
        this.kernel = kernel;
        this.model = kernel.memoryModel();
    }

    /** An enqueue or dequeue on {@code rq} by {@code cpu}: the entity and the cfs_rq are written. */
    void queueOp(Cpu cpu, SchedFn fn, Rq rq, SchedEntity se) {
        if (model) {
            kernel.touch(cpu, fn, rqLine(rq), true);
            kernel.touch(cpu, fn, line(se), true);
            if (se.parent != null) {
                kernel.touch(cpu, fn, queueLine(se.cfsRq, se.cpu), true);
                kernel.touch(cpu, fn, line(se.parent), true);
            }
        }
    }

    /** The pick on {@code rq}: the cfs_rq is read, the picked entity (may be null) written. */
    void pick(Cpu cpu, Rq rq, SchedEntity picked) {
        if (model) {
            kernel.touch(cpu, SchedFn.SCAN, rqLine(rq), false);
            if (picked != null) {
                kernel.touch(cpu, SchedFn.SCAN, line(picked), true);
                if (picked.parent != null) {
                    kernel.touch(cpu, SchedFn.SCAN, queueLine(picked.cfsRq, picked.cpu), false);
                    kernel.touch(cpu, SchedFn.SCAN, line(picked.parent), true);
                }
            }
        }
    }

    private int rqLine(Rq rq) {
        if (rq.lineId < 0) {
            rq.lineId = kernel.kernelLine("cfs_rq[" + rq.cpu.id() + "]").id();
        }
        return rq.lineId;
    }

    /** Names a new entity's line at once (when the model is on): the entity keeps its id. */
    void attach(SchedEntity se) {
        if (model) {
            line(se);
        }
    }

    /** @return the id of {@code se}'s line: in its task's block, or a kernel line of its group's */
    private int line(SchedEntity se) {
        if (se.lineId < 0 && se.owner instanceof Task t) {
            se.lineId = kernel.taskLine(t, SE_OFFSET, "se " + t.pid()).id();
        } else if (se.lineId < 0 && se.owner instanceof TaskGroup tg) {
            se.lineId = kernel.kernelLine(tg + " se[" + se.cpu + "]").id();
        }
        return se.lineId;
    }

    /** @return the id of a group's cfs_rq line on {@code cpu} */
    private int queueLine(CfsRq q, int cpu) {
        if (q.lineId < 0) {
            q.lineId = kernel.kernelLine(q.tg + " cfs_rq[" + cpu + "]").id();
        }
        return q.lineId;
    }
}
