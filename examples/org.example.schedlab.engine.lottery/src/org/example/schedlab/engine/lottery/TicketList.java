/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.example.schedlab.engine.lottery;

import java.util.random.RandomGenerator;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.SchedFn;

/**
 * The global run queue: an intrusive doubly linked list of waiting tasks (the running ones are not on it)
 * with the sum of their tickets, as in the paper's list-based implementation (section 4.2). Callers hold
 * the engine's spinlock. Each list element visited by a draw is charged one {@code LIST_OP} of
 * {@link SchedFn#SCAN}; insertion and removal one {@code LIST_OP} of ENQUEUE and DEQUEUE.
 *
 * <p>Departure from the paper: no move-to-front heuristic (the paper's list is optionally kept in
 * decreasing ticket order to shorten the average search); tasks are appended at the tail.
 */
final class TicketList {
    private final LotteryTask head = new LotteryTask(null, 0);
    private final long listOp;
    private long totalTickets;
    private int size;
    /** Queued tasks that may not run on every CPU: while there are any, a draw first sums eligible tickets. */
    private int restricted;

    TicketList(long listOp) {
        this.listOp = listOp;
        head.prev = head;
        head.next = head;
    }

    /** Appends {@code n} at the tail and adds its tickets to the total. */
    void enqueue(Kernel kernel, Cpu cpu, LotteryTask n, boolean everywhere) {
        kernel.charge(cpu, SchedFn.ENQUEUE, listOp);
        n.prev = head.prev;
        n.next = head;
        head.prev.next = n;
        head.prev = n;
        n.queued = true;
        totalTickets += n.value();
        size++;
        if (!everywhere) {
            restricted++;
        }
    }

    /** Unlinks {@code n} and takes its tickets off the total. */
    void dequeue(Kernel kernel, Cpu cpu, LotteryTask n, boolean everywhere) {
        kernel.charge(cpu, SchedFn.DEQUEUE, listOp);
        n.prev.next = n.next;
        n.next.prev = n.prev;
        n.prev = null;
        n.next = null;
        n.queued = false;
        totalTickets -= n.value();
        size--;
        if (!everywhere) {
            restricted--;
        }
    }

    /**
     * Holds a lottery among the queued tasks allowed on {@code cpu}: draws a winning ticket number in
     * [0, eligible tickets) from the run's seeded stream and walks the list with a running sum until the
     * sum passes it (section 4.2). When some queued task is pinned elsewhere, a first pass sums the
     * eligible tickets. The winner stays queued; the caller dequeues it.
     *
     * @return the winner, or null when no queued task may run on {@code cpu}
     */
    LotteryTask draw(Kernel kernel, Cpu cpu, RandomGenerator random) {
        long eligible = restricted == 0 ? totalTickets : eligibleTickets(kernel, cpu);
        if (eligible == 0) {
            return null;
        }
        long winning = random.nextLong(eligible);
        long sum = 0;
        for (LotteryTask n = head.next; n != head; n = n.next) {
            kernel.charge(cpu, SchedFn.SCAN, listOp);
            if (n.task.allowedOn(cpu.id())) {
                sum += n.value();
                if (sum > winning) {
                    return n;
                }
            }
        }
        throw new IllegalStateException("lottery total " + eligible + " exceeds the queued tickets " + sum);
    }

    private long eligibleTickets(Kernel kernel, Cpu cpu) {
        long sum = 0;
        for (LotteryTask n = head.next; n != head; n = n.next) {
            kernel.charge(cpu, SchedFn.SCAN, listOp);
            if (n.task.allowedOn(cpu.id())) {
                sum += n.value();
            }
        }
        return sum;
    }

    /** @return the number of queued tasks */
    int size() {
        return size;
    }

    /** @return the sum of the queued tasks' tickets */
    long totalTickets() {
        return totalTickets;
    }

    /** @return null when the list, its size and its ticket total agree, else the first problem found */
    String check() {
        long sum = 0;
        int count = 0;
        for (LotteryTask n = head.next; n != head; n = n.next) {
            if (!n.queued || n.next.prev != n) {
                return "broken link at " + n.task;
            }
            sum += n.value();
            count++;
        }
        if (count != size || sum != totalTickets) {
            return "list holds " + count + " tasks and " + sum + " tickets, counters say " + size + " and "
                    + totalTickets;
        }
        return null;
    }
}
