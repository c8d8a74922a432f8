/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.IdlePolicy;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.task.Task;

/**
 * The call-single queues behind the wake list (Kernel.callFunctionSingle): a request/response pair pinned to CPUs 0
 * and 1, every wakeup of the idle other CPU queued there and run by that CPU when it learns of it, by an IPI
 * (halted), by its own polling, or at its next tick (halted with the polling flag wrongly set).
 */
class WakeListTest {

    /** Queues the wakee on its CPU from that CPU itself when the CPU is idle and not the waker's. */
    static final class WakeListScheduler extends PinnedScheduler {
        long remote;
        long onTarget;
        long delayNs;

        WakeListScheduler(Kernel kernel) {
            super(kernel, 100);
        }

        @Override
        public void tryToWakeUp(Task p, Cpu waker, boolean sync) {
            Cpu target = kernel.machine().cpu(p.processor());
            if (target == waker || !target.isIdle()) {
                super.tryToWakeUp(p, waker, sync);
                return;
            }
            remote++;
            long queued = waker.now();
            kernel.callFunctionSingle(target, waker, (cpu, now) -> {
                onTarget += cpu == target ? 1 : 0;
                delayNs += now - queued;
                enqueue(p);
                kernel.reschedTask(cpu, cpu);
            });
        }
    }

    private static WakeListScheduler last;

    private static SimResult run(IdlePolicy p) {
        MachineProfile m = MachineProfile.itanium2(250).withCpus(2).withIdlePolicy(p);
        return Sims.run(Sims.engine("wakelist", k -> last = new WakeListScheduler(k)), m, IdleAndIpiTest.pingPong(), Time.ms(300));
    }

    @Test
    void aHaltedCpuRunsItsWakeListWhenTheIpiArrives() {
        SimResult r = run(IdlePolicy.HALT);
        WakeListScheduler s = last;
        assertTrue(s.remote > 1000, "remote wakeups " + s.remote);
        assertTrue(s.onTarget >= s.remote - 2, "each ran on its target: " + s.onTarget + " of " + s.remote);
        assertEquals(0, r.metrics().ipisSuppressed());
        assertTrue(r.metrics().ipisSent() >= s.onTarget, "one IPI per list that was empty: " + r.metrics().ipisSent());
        long ipi = MachineProfile.itanium2(250).costs().cycles(CostKey.IPI_LATENCY);
        long wake = MachineProfile.itanium2(250).costs().cycles(CostKey.HALT_WAKE_LATENCY);
        double mean = (double) s.delayNs / s.onTarget;
        assertTrue(mean >= ipi + wake && mean < ipi + wake + Time.us(5), "from the queueing to the run on the"
                + " target (the IPI, then the halt's exit): " + mean);
    }

    @Test
    void aPollingCpuTakesItsWakeListWithoutAnIpiAndAMisflaggedHaltedOneAtItsTick() {
        SimResult poll = run(IdlePolicy.POLL);
        assertTrue(poll.metrics().ipisSent() * 100 < poll.metrics().ipisSuppressed(), "ipis " + poll.metrics()
                .ipisSent());
        assertTrue(last.delayNs / last.onTarget < Time.us(2), "a polling CPU notices at once");
        SimResult bug = run(IdlePolicy.HALT_POLLING_FLAG_SET);
        double mean = (double) last.delayNs / last.onTarget;
        double tick = MachineProfile.itanium2(250).tickNs();
        assertTrue(mean > tick / 4 && mean < tick, "the wake list waits for the tick: " + mean);
        assertTrue(bug.rate("transactions") * 10 < poll.rate("transactions"));
    }
}
