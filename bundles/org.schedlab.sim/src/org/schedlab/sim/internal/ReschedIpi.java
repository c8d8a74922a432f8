/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.metrics.TraceEvent;
import org.schedlab.sim.metrics.TraceRecorder;
import org.schedlab.sim.spi.SchedFn;

/**
 * {@code resched_task} and the reschedule IPI: the flag is set on the target CPU; a CPU that is not the caller
 * learns of it by an IPI ({@code smp_send_reschedule}: the sender pays IPI_SEND, the target takes the interrupt
 * after the IPI's latency), unless its idle loop polls the flag, when it notices it after POLL_NOTICE_LATENCY
 * without one (a halted CPU only at its next interrupt). Nothing is sent while the kernel boots.
 */
final class ReschedIpi {
    private final KernelImpl k;
    private final long ipiLatencyNs;
    private final long pollNoticeNs;

    ReschedIpi(KernelImpl k, long ipiLatencyNs, long pollNoticeNs) {
        this.k = k;
        this.ipiLatencyNs = ipiLatencyNs;
        this.pollNoticeNs = pollNoticeNs;
    }

    /** {@code resched_task}: sets {@code target}'s need_resched and lets it know, from {@code from}. */
    void reschedTask(Cpu target, Cpu from) {
        if (target.needResched()) {
            return;
        }
        target.setNeedResched(true);
        if (k.booting || target == from) {
            return;
        }
        if (target.polling()) {
            noticeByPolling(target, from);
            return;
        }
        sendReschedIpi(target, from);
    }

    /** A polling idle {@code target} notices a flag {@code from} set, without an IPI (a halted one does not). */
    void noticeByPolling(Cpu target, Cpu from) {
        k.metrics().ipiSuppressed();
        traceIpi(TraceEvent.Kind.IPI_SUPPRESSED, target, from);
        if (!target.halted()) {
            k.driver.post(CpuDriver.POLL, target, from.now() + pollNoticeNs);
        }
    }

    /** {@code smp_send_reschedule} from {@code from} to {@code target}. */
    void sendReschedIpi(Cpu target, Cpu from) {
        if (k.booting) {
            return;
        }
        k.charge(from, SchedFn.IPI, CostKey.IPI_SEND);
        k.metrics().ipiSent();
        traceIpi(TraceEvent.Kind.IPI, target, from);
        long latency = k.driver.ipiLatencyTo(target, from.now(), ipiLatencyNs);
        k.driver.post(CpuDriver.IPI, target, from.now() + latency);
    }

    private void traceIpi(TraceEvent.Kind kind, Cpu target, Cpu from) {
        TraceRecorder tr = k.metrics().trace();
        if (tr != null) {
            tr.ipi(from.now(), from.id(), kind, target.id());
        }
    }
}
