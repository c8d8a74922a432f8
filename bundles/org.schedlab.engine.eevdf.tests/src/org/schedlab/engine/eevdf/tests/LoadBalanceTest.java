/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.eevdf.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.eevdf.EevdfEngine;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.BarrierPoint;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** Periodic load balancing (sched_balance_rq) seen through a whole run. */
class LoadBalanceTest {

    /**
     * threads.c's start: one thread clones 16 yielders, which wait at a barrier; the clones all land on the idle CPU,
     * and the release leaves one of them alone on the other. With HZ 250 and 2 CPUs a busy CPU balances every
     * 16 x sd_weight ms. Its first pass (4 ms) finds PELT still cold, neither CPU overloaded: balanced, and the
     * interval doubles (4 ms, so 64 ms busy). Then every yielder has run within migration_cost, so the next two passes
     * fail (cache_nice_tries 1) and the third pulls. A pass that found the imbalance resets the interval to
     * min_interval whether it moved a task or not ("we were unbalanced"): the pull comes at 4 + 64 + 32 + 32 = 132 ms.
     * Doubling the interval after each failure, as a balanced pass does, would put it at 196 ms.
     */
    @Test
    void anUnbalancedPassThatMovedNothingResetsTheInterval() {
        BarrierPoint start = new BarrierPoint("start", 16);
        Program yielder = Program.of("y", new Action.Barrier(start), Action.Loop.forever(Action.Compute.ns(Time.US),
                new Action.Count("work", 1), new Action.Yield()));
        Program main = Program.of("main", new Action.Loop(16, List.of(new Action.Fork(yielder, true))),
                new Action.Sleep(Distribution.constant(Time.s(10))));
        long run = Time.ms(250);
        SimResult r = Simulation.run(SimConfig.builder().machine(MachineProfile.piii700().withCpus(2).withHz(250))
                .engine(new EevdfEngine(), SchedulerConfig.of("6.18"))
                .workload(Workload.of("clones", ThreadGroup.processes("main", 1, main))).duration(run).seed(5)
                .checkInvariants(true).build());
        List<TaskResult> ys = r.metrics().tasks().stream().filter(t -> t.counters().containsKey("work"))
                .sorted(Comparator.comparingLong(TaskResult::cpuNs)).toList();
        assertEquals(16, ys.size(), "yielders that ran");
        long lone = ys.get(ys.size() - 1).cpuNs();
        long second = ys.get(ys.size() - 2).cpuNs();
        assertTrue(lone > 4 * second, "one yielder ran alone on a CPU for a while: " + lone + " ns against " + second);
        assertTrue(lone < Time.ms(175), "the lone yielder's CPU pulled others after about 132 ms: it ran " + lone
                + " ns of " + run);
    }
}
