/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.cfs.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.cfs.CfsEngine;
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

/** Periodic load balancing (2.6.24 load_balance) seen through a whole run. */
class LoadBalanceTest {

    /**
     * threads.c's start: one thread clones 16 yielders, which wait at a barrier; the release leaves the CPUs unevenly
     * loaded (2.6.24 starts one yielder alone on a CPU, then a second). 2.6.24's busy CPU balances every 64 x
     * balance_interval (min_interval 1 ms, max_interval 4 ms), timed with the interval before the pass; every
     * yielder has run within migration_cost, so a pass moves a task only after two failed ones (cache_nice_tries 1).
     * A pass that found the imbalance resets the interval to min_interval whether it moved a task or not ("we were
     * unbalanced"), so the lone yielders get company sooner than if each failure doubled the interval: the two that
     * ran alone took 99 + 59 ms of the 250 ms with the reset and 120 + 80 ms with the doubling (this test's run).
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
                .engine(new CfsEngine(), SchedulerConfig.of("2.6.24"))
                .workload(Workload.of("clones", ThreadGroup.processes("main", 1, main))).duration(run).seed(5)
                .checkInvariants(true).build());
        List<TaskResult> ys = r.metrics().tasks().stream().filter(t -> t.counters().containsKey("work"))
                .sorted(Comparator.comparingLong(TaskResult::cpuNs)).toList();
        assertEquals(16, ys.size(), "yielders that ran");
        long first = ys.get(ys.size() - 1).cpuNs();
        long second = ys.get(ys.size() - 2).cpuNs();
        long third = ys.get(ys.size() - 3).cpuNs();
        assertTrue(second > 3 * third, "two yielders ran alone on a CPU for a while: " + first + ", " + second
                + " ns against " + third);
        assertTrue(first + second < Time.ms(180), "the lone yielders' CPU pulled others early enough: they ran "
                + first + " + " + second + " ns of " + run);
    }
}
