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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.CGroup;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * Group scheduling and CFS bandwidth control through whole runs, with every run queue's and every group's
 * invariants checked after each scheduler call (CheckingEevdfEngine): shares split between groups as their
 * weights say whatever their task counts, a quota caps a group's CPU time and counts its throttled periods as
 * cpu.stat does, a quota the group never reaches throttles nothing, and an engine version without groups
 * refuses them.
 */
class GroupSchedulingTest {

    private static SimResult run(String version, MachineProfile m, Workload w, long ns, Map<String, String> tun) {
        return Simulation.run(SimConfig.builder().machine(m)
                .engine(new CheckingEevdfEngine(), new SchedulerConfig(version, java.util.Set.of(), tun)).workload(w)
                .duration(ns).seed(7).checkInvariants(true).build());
    }

    private static Program hog() {
        return Program.of("hog", Action.Loop.forever(Action.Compute.ns(Time.MS), new Action.Count("work", 1)));
    }

    private static long cpuOf(SimResult r, String prefix) {
        return r.metrics().tasks().stream().filter(t -> t.name().startsWith(prefix)).mapToLong(TaskResult::cpuNs)
                .sum();
    }

    private static long counter(SimResult r, String name) {
        return r.metrics().engineCounters().getOrDefault(name, -1L);
    }

    @Test
    void twoGroupsShareACpuByTheirWeightsNotByTheirTaskCounts() {
        CGroup a = CGroup.of("a", null).withShares(2048);
        CGroup b = CGroup.of("b", null).withShares(1024);
        Workload w = Workload.of("weights", ThreadGroup.processes("a", 1, hog()).withCGroup(a),
                ThreadGroup.processes("b", 3, hog()).withCGroup(b));
        SimResult r = run("6.18", MachineProfile.piii700().withCpus(1).withHz(1000), w, Time.s(3), Map.of());
        double ratio = (double) cpuOf(r, "a-") / cpuOf(r, "b-");
        assertEquals(2.0, ratio, 0.06, "group a (2048 shares, 1 hog) over group b (1024, 3 hogs)");
        long usageA = counter(r, "usage_usec_a");
        assertEquals(cpuOf(r, "a-") / 1000.0, usageA, cpuOf(r, "a-") / 1000.0 * 0.02, "usage_usec of a");
        // within b, its three hogs share b's third equally
        long b0 = cpuOf(r, "b-0"), b2 = cpuOf(r, "b-2");
        assertEquals(b0, b2, b0 * 0.05, "hogs inside b");
    }

    @Test
    void withoutGroupsTheSameTasksShareByTaskCount() {
        Workload w = Workload.of("flat", ThreadGroup.processes("a", 1, hog()), ThreadGroup.processes("b", 3, hog()));
        SimResult r = run("6.18", MachineProfile.piii700().withCpus(1).withHz(1000), w, Time.s(3), Map.of());
        assertEquals(1.0 / 3, (double) cpuOf(r, "a-") / cpuOf(r, "b-"), 0.03);
    }

    @Test
    void aQuotaCapsTheGroupAndEveryPeriodIsThrottled() {
        // four hogs on two CPUs, capped at half a CPU: 50 ms per 100 ms
        CGroup capped = CGroup.of("capped", null).withMax(50 * Time.MS, 100 * Time.MS, 0);
        Workload w = Workload.of("cap", ThreadGroup.processes("c", 4, hog()).withCGroup(capped));
        long run = Time.s(2);
        SimResult r = run("6.18", MachineProfile.piii700().withCpus(2), w, run, Map.of());
        double cpu = cpuOf(r, "c-") / (double) run;
        assertEquals(0.5, cpu, 0.03, "CPUs the capped group used");
        long periods = counter(r, "nr_periods_capped");
        long throttled = counter(r, "nr_throttled_capped");
        assertTrue(periods >= 19 && periods <= 21, "nr_periods over 2 s of 100 ms periods: " + periods);
        assertTrue(throttled >= periods - 1, "nr_throttled " + throttled + " of " + periods);
        long throttledUs = counter(r, "throttled_usec_capped");
        // both CPUs' queues spend the 50 ms in the first 25 ms of a period and wait 75 ms: 2 x 20 x 75 ms in all
        assertTrue(throttledUs > 2_700_000 && throttledUs < 3_200_000, "throttled_usec " + throttledUs);
        // cpu.stat over time: the counters at each series point climb to their totals
        java.util.List<Long> series = r.metrics().engineCounterSeries().get("nr_throttled_capped");
        assertTrue(series.size() > 100, "a point per tick: " + series.size());
        for (int i = 1; i < series.size(); i++) {
            assertTrue(series.get(i) >= series.get(i - 1), "cumulative");
        }
        assertTrue(series.get(series.size() - 1) >= throttled - 1, "the last point is the total");
    }

    @Test
    void aQuotaAboveTheDemandThrottlesNothing() {
        CGroup roomy = CGroup.of("roomy", null).withMax(150 * Time.MS, 100 * Time.MS, 0);
        Program light = Program.of("light", Action.Loop.forever(Action.Compute.ns(Time.MS),
                new Action.Sleep(Distribution.constant(3 * Time.MS))));
        Workload w = Workload.of("roomy", ThreadGroup.processes("l", 2, light).withCGroup(roomy));
        SimResult r = run("6.18", MachineProfile.piii700().withCpus(2), w, Time.s(1), Map.of());
        assertEquals(0, counter(r, "nr_throttled_roomy"));
        assertTrue(counter(r, "nr_periods_roomy") > 0, "the period timer ran");
    }

    @Test
    void autogroupsFollowTheSysctl() {
        CGroup s1 = new CGroup("autogroup-s1", null, 1024, CGroup.NO_LIMIT, CGroup.DEFAULT_PERIOD_NS, 0, true);
        CGroup s2 = new CGroup("autogroup-s2", null, 1024, CGroup.NO_LIMIT, CGroup.DEFAULT_PERIOD_NS, 0, true);
        Workload w = Workload.of("sessions", ThreadGroup.processes("a", 1, hog()).withCGroup(s1),
                ThreadGroup.processes("b", 3, hog()).withCGroup(s2));
        MachineProfile up = MachineProfile.piii700().withCpus(1).withHz(1000);
        SimResult on = run("6.18", up, w, Time.s(2), Map.of());
        SimResult off = run("6.18", up, w, Time.s(2), Map.of("sched_autogroup_enabled", "0"));
        assertEquals(1.0, (double) cpuOf(on, "a-") / cpuOf(on, "b-"), 0.04, "a session each: halves");
        assertEquals(1.0 / 3, (double) cpuOf(off, "a-") / cpuOf(off, "b-"), 0.03, "no autogroups: by task");
    }

    @Test
    void anEngineWithoutGroupsRefusesThem() {
        Workload w = Workload.of("g", ThreadGroup.processes("a", 1, hog()).withCGroup(CGroup.of("web", null)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Simulation.run(
                SimConfig.builder().machine(MachineProfile.piii700().withCpus(1)).engine(
                        new org.schedlab.sim.engine.rr.RoundRobinEngine(), SchedulerConfig.of("1.0")).workload(w)
                        .duration(Time.MS).build()));
        assertTrue(e.getMessage().contains("rr 1.0 engine does not model task groups (cgroup web of a)"),
                e.getMessage());
    }

    @Test
    void version66RefusesGroups() {
        Workload w = Workload.of("g", ThreadGroup.processes("a", 1, hog()).withCGroup(CGroup.of("a", null)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> run("6.6", MachineProfile.piii700().withCpus(1), w, Time.MS * 10, Map.of()));
        assertTrue(e.getMessage().contains("does not model task groups"), e.getMessage());
    }
}
