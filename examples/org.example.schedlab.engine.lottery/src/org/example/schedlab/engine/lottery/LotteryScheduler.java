/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.example.schedlab.engine.lottery;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;

/**
 * One run of the lottery engine: one global {@link TicketList} under one spinlock
 * ({@code lottery_runqueue_lock}), a lottery at every schedule(), a fixed quantum in timer ticks, and
 * optionally compensation tickets. Hook names follow Linux so that traces read alike; the algorithm is
 * the paper's, not a kernel's.
 *
 * <p>Costs, all from the machine's cost table: {@code SCHEDULE} per schedule(), {@code WAKEUP} per
 * wakeup, {@code LIST_OP} per list insertion, removal, element visited by a draw, tick and yield, and
 * the lock's own acquire, release and spinning. The random draw itself is not charged separately (the
 * paper's Park-Miller generator is about ten instructions, inside the fixed SCHEDULE cost).
 *
 * <p>Departures: no wakeup preemption (a woken task waits for a free CPU or for the end of a running
 * quantum, as in the paper's Mach prototype); a woken task is sent to an idle CPU it may use, preferring
 * its last CPU; no ticket transfers, currencies or ticket inflation other than compensation.
 */
final class LotteryScheduler implements Scheduler {
    /** Counter names in the run's engine counters (declared in EngineInfo; .sched identifiers, so metrics). */
    static final String DRAWS = "lottery_draws";
    static final String COMPENSATIONS = "compensation_tickets";
    /** Floor of the quantum time used when sizing a compensation ticket (avoids dividing by zero). */
    static final long MIN_USED_NS = 1_000;

    private final Kernel kernel;
    private final int quantumTicks;
    private final long quantumNs;
    private final long baseTickets;
    private final boolean compensation;
    private final SpinLock lock;
    private final TicketList queue;
    private final IdleCpus idleCpus;
    private final long listOp;
    private final long scheduleCost;
    private final long wakeupCost;

    LotteryScheduler(Kernel kernel, int quantumTicks, long baseTickets, boolean compensation) {
        this.kernel = kernel;
        this.quantumTicks = quantumTicks;
        this.quantumNs = quantumTicks * kernel.machine().profile().tickNs();
        this.baseTickets = baseTickets;
        this.compensation = compensation;
        this.lock = kernel.newLock("lottery_runqueue_lock");
        this.listOp = kernel.costs().cycles(CostKey.LIST_OP);
        this.scheduleCost = kernel.costs().cycles(CostKey.SCHEDULE);
        this.wakeupCost = kernel.costs().cycles(CostKey.WAKEUP);
        this.queue = new TicketList(listOp);
        this.idleCpus = new IdleCpus(kernel.machine());
        kernel.metrics().engineCounter(DRAWS, 0); // reported even when it never moves
        kernel.metrics().engineCounter(COMPENSATIONS, 0);
    }

    private static LotteryTask node(Task p) {
        return (LotteryTask) p.se();
    }

    /** Funds the task from its nice value (paper section 2: tickets); like 2.6 sched_fork, no costs. */
    @Override
    public void initTask(Task p) {
        LotteryTask n = new LotteryTask(p, Tickets.of(p, baseTickets));
        n.everywhere = idleCpus.allowedEverywhere(p);
        n.ticksLeft = quantumTicks;
        p.setSe(n);
    }

    /** Counterpart of 2.6 wake_up_new_task: the child is funded from its own nice and queued like a wakeup. */
    @Override
    public void wakeUpNewTask(Task child, Task parent, Cpu cpu) {
        initTask(child);
        tryToWakeUp(child, cpu, false);
    }

    /**
     * Counterpart of 2.6 try_to_wake_up: the task's tickets join the global lottery under the lock; an
     * idle CPU it may use is told to reschedule (resched_task). {@code sync} is ignored.
     */
    @Override
    public void tryToWakeUp(Task p, Cpu waker, boolean sync) {
        kernel.charge(waker, SchedFn.WAKEUP, wakeupCost);
        kernel.spinLock(waker, lock);
        LotteryTask n = node(p);
        queue.enqueue(kernel, waker, n, n.everywhere);
        Cpu target = idleCpus.claimFor(p);
        kernel.spinUnlock(waker, lock);
        if (target != null) {
            kernel.reschedTask(target, waker);
        }
    }

    /**
     * Counterpart of 2.6 schedule(): a still-runnable prev goes back into the lottery, a blocked one
     * leaves it; with compensation tickets, a task that gave up the CPU early is granted its compensation
     * first. Then one lottery among the queued tasks allowed on this CPU; the winner starts a fresh
     * quantum and loses any compensation ticket.
     */
    @Override
    public Task schedule(Cpu cpu, Task prev) {
        kernel.charge(cpu, SchedFn.SCHEDULE, scheduleCost);
        kernel.spinLock(cpu, lock);
        if (!prev.isIdleTask()) {
            putPrev(cpu, prev, node(prev));
        }
        Task next = cpu.idle();
        LotteryTask winner = queue.draw(kernel, cpu, kernel.random());
        kernel.metrics().engineCounter(DRAWS, 1);
        if (winner != null) {
            queue.dequeue(kernel, cpu, winner, winner.everywhere);
            winner.compensation = 0;
            winner.ticksLeft = quantumTicks;
            winner.quantumStart = cpu.now();
            next = winner.task;
        }
        kernel.spinUnlock(cpu, lock);
        idleCpus.set(cpu.id(), next.isIdleTask());
        return next;
    }

    private void putPrev(Cpu cpu, Task prev, LotteryTask pn) {
        boolean runnable = prev.state() == TaskState.RUNNING;
        boolean gaveUp = pn.yielded || (!runnable && prev.state() != TaskState.ZOMBIE);
        pn.yielded = false;
        if (compensation && gaveUp) {
            grantCompensation(pn, cpu.now() - pn.quantumStart);
        }
        if (runnable) {
            queue.enqueue(kernel, cpu, pn, pn.everywhere);
        }
    }

    /**
     * Waldspurger and Weihl 1994, section 3.4: a task that used only a fraction f of its quantum holds a
     * compensation ticket inflating its funding by 1/f until it starts its next quantum, so that its
     * win rate times f matches its allocation. Departure: f is computed with at least
     * {@link #MIN_USED_NS} of use.
     */
    private void grantCompensation(LotteryTask n, long usedNs) {
        long used = Math.max(usedNs, MIN_USED_NS);
        if (used >= quantumNs) {
            n.compensation = 0;
            return;
        }
        // tickets <= 10000 * 1.25^20 and quantumNs <= 10 s (LotteryEngine's limits): no overflow
        n.compensation = n.tickets * quantumNs / used - n.tickets;
        kernel.metrics().engineCounter(COMPENSATIONS, 1);
    }

    /** Counterpart of 2.6 sys_sched_yield: gives up the rest of the quantum; schedule() holds a lottery. */
    @Override
    public void sysSchedYield(Task p, Cpu cpu) {
        kernel.charge(cpu, SchedFn.YIELD, listOp);
        node(p).yielded = true;
        cpu.setNeedResched(true);
    }

    /** Counterpart of 2.6 scheduler_tick: one tick off the quantum; at its end a lottery if anyone waits. */
    @Override
    public void schedulerTick(Cpu cpu, Task curr) {
        if (curr.isIdleTask()) {
            return;
        }
        kernel.charge(cpu, SchedFn.TICK, listOp);
        LotteryTask n = node(curr);
        if (--n.ticksLeft <= 0 && queue.size() > 0) {
            cpu.setNeedResched(true);
        }
    }

    /** Counterpart of do_exit's scheduler part: a running task is on no list; its tickets already left. */
    @Override
    public void exit(Task p, Cpu cpu) {
        // schedule() sees the ZOMBIE state and neither requeues nor compensates it.
    }

    /** The global queue is reported on CPU 0; each CPU adds its running task. */
    @Override
    public int nrRunning(Cpu cpu) {
        return (cpu.isIdle() ? 0 : 1) + (cpu.id() == 0 ? queue.size() : 0);
    }

    /** Queued, or running on a CPU. */
    @Override
    public boolean onRunQueue(Task p) {
        LotteryTask n = node(p);
        return n != null && (n.queued || p.onCpu() >= 0);
    }

    /** @return tickets currently in the lottery (queued tasks, with compensation) */
    long queuedTickets() {
        return queue.totalTickets();
    }

    /** @return null when the run queue is consistent, else the first problem found */
    String checkRunQueue() {
        return queue.check();
    }
}
