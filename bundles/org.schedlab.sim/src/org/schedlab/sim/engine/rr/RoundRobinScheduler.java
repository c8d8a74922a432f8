/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.engine.rr;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * One run of the round-robin engine. The queue is an intrusive doubly linked list of {@link Node}s (the
 * running task is not on it); an idle-CPU bitmap lets a wakeup find an idle CPU without scanning them all.
 * Costs: SCHEDULE per schedule(), WAKEUP per wakeup, LIST_OP per enqueue, dequeue, scan step, yield and
 * tick, and the lock's own costs.
 */
final class RoundRobinScheduler implements Scheduler {
    /** Per-task state: list links and the ticks left in the slice. */
    static final class Node {
        final Task task;
        Node prev;
        Node next;
        boolean queued;
        int ticksLeft;

        Node(Task task) {
            this.task = task;
        }
    }

    private final Kernel kernel;
    private final int timeslice;
    private final SpinLock lock;
    private final Node head = new Node(null);
    private final long[] idleMask;
    private final long listOp;
    private final long scheduleCost;
    private final long wakeupCost;
    private int nrQueued;

    RoundRobinScheduler(Kernel kernel, int timeslice) {
        this.kernel = kernel;
        this.timeslice = timeslice;
        this.lock = kernel.newLock("rr_runqueue_lock");
        this.head.prev = head;
        this.head.next = head;
        int n = kernel.machine().nrCpus();
        this.idleMask = new long[(n + 63) >>> 6];
        for (int i = 0; i < n; i++) {
            idleMask[i >>> 6] |= 1L << (i & 63);
        }
        this.listOp = kernel.costs().cycles(CostKey.LIST_OP);
        this.scheduleCost = kernel.costs().cycles(CostKey.SCHEDULE);
        this.wakeupCost = kernel.costs().cycles(CostKey.WAKEUP);
    }

    private static Node node(Task p) {
        return (Node) p.se();
    }

    /** Counterpart of sched_fork's state setup (no kernel version: reference engine): a fresh slice. */
    @Override
    public void initTask(Task p) {
        Node n = new Node(p);
        n.ticksLeft = timeslice;
        p.setSe(n);
    }

    /** Counterpart of wake_up_new_task: the child queues at the tail like any wakeup (no child-runs-first). */
    @Override
    public void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
        initTask(child);
        tryToWakeUp(child, cpu, false);
    }

    /**
     * Counterpart of try_to_wake_up: tail insertion under the global lock, then resched_task on an idle
     * CPU if there is one; a busy CPU is never preempted by a wakeup, and {@code sync} is ignored.
     */
    @Override
    public void tryToWakeUp(Task p, Cpu waker, boolean sync) {
        kernel.charge(waker, SchedFn.WAKEUP, wakeupCost);
        kernel.spinLock(waker, lock);
        enqueueTail(waker, node(p));
        Cpu target = findIdleCpu(p);
        kernel.spinUnlock(waker, lock);
        if (target != null) {
            kernel.reschedTask(target, waker);
        }
    }

    /** Prefers the task's last CPU when idle, else the lowest-numbered idle CPU it may use; claims it. */
    private Cpu findIdleCpu(Task p) {
        int last = p.processor();
        if (isIdleBit(last) && p.allowedOn(last)) {
            clearIdle(last);
            return kernel.machine().cpu(last);
        }
        for (int w = 0; w < idleMask.length; w++) {
            long bits = idleMask[w];
            while (bits != 0) {
                int c = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (p.allowedOn(c)) {
                    clearIdle(c);
                    return kernel.machine().cpu(c);
                }
            }
        }
        return null;
    }

    private boolean isIdleBit(int c) {
        return (idleMask[c >>> 6] & (1L << (c & 63))) != 0;
    }

    private void clearIdle(int c) {
        idleMask[c >>> 6] &= ~(1L << (c & 63));
    }

    private void enqueueTail(Cpu cpu, Node n) {
        kernel.charge(cpu, SchedFn.ENQUEUE, listOp);
        n.prev = head.prev;
        n.next = head;
        head.prev.next = n;
        head.prev = n;
        n.queued = true;
        nrQueued++;
    }

    private void dequeue(Cpu cpu, Node n) {
        kernel.charge(cpu, SchedFn.DEQUEUE, listOp);
        n.prev.next = n.next;
        n.next.prev = n.prev;
        n.prev = null;
        n.next = null;
        n.queued = false;
        nrQueued--;
    }

    /**
     * Counterpart of schedule(): a still-runnable prev goes to the tail (its slice refilled when used up);
     * the first queued task allowed on this CPU runs, each task passed over costs a LIST_OP.
     */
    @Override
    public Task schedule(Cpu cpu, Task prev) {
        kernel.charge(cpu, SchedFn.SCHEDULE, scheduleCost);
        kernel.spinLock(cpu, lock);
        if (!prev.isIdleTask() && prev.state() == TaskState.RUNNING) {
            Node pn = node(prev);
            if (pn.ticksLeft <= 0) {
                pn.ticksLeft = timeslice;
            }
            enqueueTail(cpu, pn);
        }
        Task next = cpu.idle();
        for (Node n = head.next; n != head; n = n.next) {
            kernel.charge(cpu, SchedFn.SCAN, listOp);
            if (n.task.allowedOn(cpu.id())) {
                dequeue(cpu, n);
                next = n.task;
                break;
            }
        }
        kernel.spinUnlock(cpu, lock);
        int c = cpu.id();
        if (next.isIdleTask()) {
            idleMask[c >>> 6] |= 1L << (c & 63);
        } else {
            clearIdle(c);
        }
        return next;
    }

    /** Counterpart of sys_sched_yield: always reschedules; schedule() moves the yielder to the tail. */
    @Override
    public void sysSchedYield(Task p, Cpu cpu) {
        kernel.charge(cpu, SchedFn.YIELD, listOp);
        cpu.setNeedResched(true);
    }

    /** Counterpart of scheduler_tick: one tick off the slice; at zero, reschedule if anyone waits. */
    @Override
    public void schedulerTick(Cpu cpu, Task curr) {
        if (curr.isIdleTask()) {
            return;
        }
        kernel.charge(cpu, SchedFn.TICK, listOp);
        Node n = node(curr);
        if (--n.ticksLeft <= 0 && nrQueued > 0) {
            cpu.setNeedResched(true);
        }
    }

    /** Counterpart of do_exit's scheduler part: nothing to undo. */
    @Override
    public void exit(Task p, Cpu cpu) {
        // Not queued while running; schedule() sees the ZOMBIE state and does not requeue it.
    }

    /** The global queue is reported on CPU 0; each CPU adds its running task. */
    @Override
    public int nrRunning(Cpu cpu) {
        return (cpu.isIdle() ? 0 : 1) + (cpu.id() == 0 ? nrQueued : 0);
    }

    /** Queued, or running on a CPU. */
    @Override
    public boolean onRunQueue(Task p) {
        Node n = node(p);
        return n != null && (n.queued || p.onCpu() >= 0);
    }
}
