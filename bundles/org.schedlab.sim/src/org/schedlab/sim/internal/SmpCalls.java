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

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.spi.HrTimer;
import org.schedlab.sim.spi.SchedFn;

/**
 * Each CPU's call-single queue (kernel/smp.c: {@code __smp_call_single_queue}, {@code send_call_function_single_ipi},
 * {@code flush_smp_call_function_queue}), which the scheduler's wake list (TTWU_QUEUE) uses: the caller adds a
 * function to the target's lock-free list (with the memory model, a write of the list head's line); only the
 * entry that finds the list empty signals the target, by setting need_resched on a polling idle CPU
 * ({@code set_nr_if_polling}: it notices by itself, no IPI) or by an IPI. The target runs the queued functions, in
 * order, when the IPI arrives or when its idle loop notices (charged as {@link SchedFn#IPI}, reading the head's line).
 */
final class SmpCalls {

    /** A queued function and its caller's cursor when it was queued. */
    private record Call(HrTimer.Callback fn, long queuedAt) {
    }

    private final KernelImpl k;
    private final ArrayDeque<Call>[] queues;
    private final CacheLine[] heads;
    private final long ipiLatencyNs;
    private final long pollNoticeNs;

    @SuppressWarnings("unchecked")
    SmpCalls(KernelImpl k, int nrCpus, long ipiLatencyNs, long pollNoticeNs) {
        this.k = k;
        this.ipiLatencyNs = ipiLatencyNs;
        this.pollNoticeNs = pollNoticeNs;
        this.queues = new ArrayDeque[nrCpus];
        this.heads = new CacheLine[nrCpus];
        for (int i = 0; i < nrCpus; i++) {
            queues[i] = new ArrayDeque<>();
        }
    }

    private CacheLine head(int cpu) {
        if (heads[cpu] == null) {
            heads[cpu] = k.kernelLine("call_single_queue[" + cpu + "]");
        }
        return heads[cpu];
    }

    /** {@code smp_call_function_single_async} from {@code from} to another CPU: queue, then signal if first. */
    void queue(Cpu target, Cpu from, HrTimer.Callback fn) {
        if (k.booting) {
            fn.fire(target, target.now());
            return;
        }
        if (target == from) {
            throw new IllegalArgumentException("a call-single function is for another CPU: " + target);
        }
        ArrayDeque<Call> q = queues[target.id()];
        boolean first = q.isEmpty();
        q.add(new Call(fn, from.now()));
        k.touch(from, SchedFn.IPI, head(target.id()), true);
        if (!first) {
            return; // llist_add found entries: the target is signalled already
        }
        if (target.polling()) {
            target.setNeedResched(true);
            k.resched.noticeByPolling(target, from);
        } else {
            k.sendReschedIpi(target, from);
        }
    }

    /** @return whether functions wait on {@code cpu}'s queue */
    boolean pending(Cpu cpu) {
        return !queues[cpu.id()].isEmpty();
    }

    /**
     * {@code flush_smp_call_function_queue} on {@code cpu} (its path is running): run what is queued, in order.
     * A function queued by a CPU whose cursor was ahead of this one's (the simulation runs each CPU's path ahead of
     * the others') was not on the list yet at this instant: it stays, and the signal its caller sent is delivered
     * again from the time it was queued (no second IPI_SEND: the caller paid for one).
     */
    void flush(Cpu cpu) {
        ArrayDeque<Call> q = queues[cpu.id()];
        if (q.isEmpty()) {
            return;
        }
        k.touch(cpu, SchedFn.IPI, head(cpu.id()), true);
        while (!q.isEmpty() && q.peek().queuedAt() <= cpu.now()) {
            q.poll().fn().fire(cpu, cpu.now());
        }
        if (!q.isEmpty()) {
            long t = q.peek().queuedAt();
            if (cpu.polling()) {
                cpu.setNeedResched(true);
                k.driver.post(CpuDriver.POLL, cpu, t + pollNoticeNs);
            } else {
                k.driver.post(CpuDriver.IPI, cpu, t + k.driver.ipiLatencyTo(cpu, t, ipiLatencyNs));
            }
        }
    }
}
