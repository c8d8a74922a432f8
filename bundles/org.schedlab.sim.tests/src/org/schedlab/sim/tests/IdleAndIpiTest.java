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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.IdlePolicy;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * A request/response pair pinned to CPUs 0 and 1 (netperf TCP_RR in miniature): every transaction wakes
 * a task on the other, idle CPU. How that CPU learns of it depends on the idle loop (the machine's IdlePolicy).
 */
class IdleAndIpiTest {
    /** The request/response pair (also WakeListTest's). */
    static Workload pingPong() {
        return pingPong(new Action.Compute(org.schedlab.sim.workload.Distribution.constant(Time.us(5)), false));
    }

    /** The pair with a server that answers at once. */
    private static Workload quickPingPong() {
        return pingPong(new Action[0]);
    }

    /** The pair, the server doing {@code work} between a request and its answer. */
    private static Workload pingPong(Action... work) {
        Channel req = Channel.pipe("request", 1);
        Channel resp = Channel.pipe("response", 1);
        ThreadGroup client = ThreadGroup.processes("client", 1, Program.of("client", Action.Loop.forever(
                new Action.Send(req), new Action.Recv(resp), new Action.Count("transactions", 1)))).withCpus(Set.of(0));
        List<Action> server = new ArrayList<>(List.of(new Action.Recv(req)));
        server.addAll(List.of(work));
        server.add(new Action.Send(resp));
        return Workload.of("rr", client, ThreadGroup.processes("server", 1, Program.of("server", Action.Loop.forever(
                server.toArray(Action[]::new)))).withCpus(Set.of(1)));
    }

    private static SimResult run(IdlePolicy p) {
        return Sims.rr(MachineProfile.itanium2(250).withCpus(2).withIdlePolicy(p), pingPong(), Time.ms(500));
    }

    @Test
    void haltedCpusAreWokenByAnIpi() {
        SimResult r = run(IdlePolicy.HALT);
        assertTrue(r.metrics().ipisSent() > 1000, "ipis " + r.metrics().ipisSent());
        assertEquals(0, r.metrics().ipisSuppressed());
        long ipi = MachineProfile.itanium2(250).costs().cycles(CostKey.IPI_LATENCY);
        long wake = MachineProfile.itanium2(250).costs().cycles(CostKey.HALT_WAKE_LATENCY);
        double mean = r.metrics().wakeupLatency().mean();
        assertTrue(mean > ipi + wake && mean < ipi + wake + Time.us(5), "mean wakeup latency " + mean);
    }

    /**
     * A guest whose IPI to a running vCPU takes 50 us and to a halted one 2 us: the server answers at once, often
     * before the client's CPU has halted after its task slept, and that CPU's HLT then takes the interrupt as a
     * halted vCPU does (CpuDriver.haltWithIpiOnItsWay): no wakeup waits for the running vCPU's kick. Without the
     * halted latency set, the same answers wait IPI_LATENCY.
     */
    @Test
    void aCpuThatHaltsWithAnIpiOnItsWayTakesItAsHalted() {
        MachineProfile guest = MachineProfile.itanium2(250).withCpus(2).withIdlePolicy(IdlePolicy.HALT)
                .withCost(CostKey.IPI_LATENCY, Time.us(50), "test").withCost(CostKey.HALT_WAKE_LATENCY, 0, "test");
        SimResult halted = Sims.rr(guest.withCost(CostKey.HALTED_IPI_LATENCY, Time.us(2), "test"), quickPingPong(),
                Time.ms(200));
        SimResult kicked = Sims.rr(guest, quickPingPong(), Time.ms(200));
        assertTrue(kicked.metrics().wakeupLatency().max() >= Time.us(50), "max " + kicked.metrics().wakeupLatency()
                .max());
        assertTrue(halted.metrics().wakeupLatency().max() < Time.us(50), "max " + halted.metrics().wakeupLatency()
                .max());
        assertTrue(halted.rate("transactions") > 2 * kicked.rate("transactions"), halted.rate("transactions")
                + " against " + kicked.rate("transactions"));
    }

    @Test
    void aPollingCpuNeedsNoIpi() {
        SimResult r = run(IdlePolicy.POLL);
        // IPIs only reach a CPU still in its kernel path on the way to idle (flag not yet set)
        assertTrue(r.metrics().ipisSent() * 100 < r.metrics().ipisSuppressed(), "ipis " + r.metrics().ipisSent());
        assertTrue(r.metrics().ipisSuppressed() > 1000);
        assertTrue(r.metrics().wakeupLatency().mean() < Time.us(5), "" + r.metrics().wakeupLatency());
        assertTrue(r.rate("transactions") > run(IdlePolicy.HALT).rate("transactions"));
    }

    @Test
    void thePollingFlagOnAHaltedCpuDefersEveryWakeupToTheTick() {
        SimResult fixed = run(IdlePolicy.HALT);
        SimResult bug = run(IdlePolicy.HALT_POLLING_FLAG_SET);
        assertTrue(bug.metrics().ipisSent() < bug.metrics().ipisSuppressed(), "ipis " + bug.metrics().ipisSent());
        assertTrue(bug.metrics().ipisSuppressed() > 10);
        double tick = MachineProfile.itanium2(250).tickNs();
        double mean = bug.metrics().wakeupLatency().mean();
        assertTrue(mean > tick / 4 && mean < tick, "wakeups wait for the next tick: mean " + mean);
        double drop = 1 - bug.rate("transactions") / fixed.rate("transactions");
        assertTrue(drop > 0.9, "throughput drop " + drop);
    }

    @Test
    void theIdlePolicyIsFixedOnceBooted() {
        org.schedlab.sim.spi.SchedulerEngine late = Sims.engine("late", k -> new LateIdleChange(k));
        assertThrows(IllegalStateException.class, () -> Sims.run(late, Sims.flat(2, 1), pingPong(), Time.ms(30)));
    }

    /** Tries to change the idle policy from a tick, which only a scheduler's constructor may do. */
    private static final class LateIdleChange extends PinnedScheduler {
        LateIdleChange(org.schedlab.sim.spi.Kernel k) {
            super(k, 1);
        }

        @Override
        public void schedulerTick(org.schedlab.sim.machine.Cpu cpu, org.schedlab.sim.task.Task curr) {
            kernel.machine().setIdlePolicy(IdlePolicy.POLL);
        }
    }

    @Test
    void anEngineMaySetTheIdlePolicyWhenCreated() {
        org.schedlab.sim.spi.SchedulerEngine e = Sims.engine("poll", k -> {
            k.machine().setIdlePolicy(IdlePolicy.POLL);
            Scheduler s = Sims.rrScheduler(k);
            return s;
        });
        SimResult r = Sims.run(e, MachineProfile.itanium2(250).withCpus(2), pingPong(), Time.ms(100));
        assertTrue(r.metrics().ipisSent() * 100 < r.metrics().ipisSuppressed(), "ipis " + r.metrics().ipisSent());
    }
}
