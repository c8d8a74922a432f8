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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.CGroup;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * Task groups on 2.6.24 / 2.6.25 CFS through whole runs, every queue and every group checked after each scheduler
 * call: weights split a CPU between groups whatever their task counts; the tasks in no group are the init group's,
 * one entity of weight 1024 on each CPU; 2.6.24 gives a group its whole shares on every CPU where 2.6.25's
 * load_balance_monitor spreads them by load; what these versions lack (nested groups, quotas, autogroups) is refused.
 */
class CfsGroupTest {

    private static SimResult run(String version, int cpus, Workload w, long ns) {
        return Simulation.run(SimConfig.builder().machine(MachineProfile.piii700().withCpus(cpus).withHz(1000))
                .engine(new CheckingCfsEngine(true), SchedulerConfig.of(version)).workload(w).duration(ns).seed(11)
                .checkInvariants(true).build());
    }

    private static Program hog() {
        return Program.of("hog", Action.Loop.forever(Action.Compute.ns(Time.MS), new Action.Count("work", 1)));
    }

    private static double cpuOf(SimResult r, String prefix) {
        return r.metrics().tasks().stream().filter(t -> t.name().startsWith(prefix)).mapToLong(TaskResult::cpuNs)
                .sum();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.6.24", "2.6.25"})
    void twoGroupsShareACpuByTheirWeightsNotByTheirTaskCounts(String version) {
        CGroup a = CGroup.of("a", null).withShares(2048);
        CGroup b = CGroup.of("b", null).withShares(1024);
        Workload w = Workload.of("weights", ThreadGroup.processes("a", 1, hog()).withCGroup(a),
                ThreadGroup.processes("b", 3, hog()).withCGroup(b));
        SimResult r = run(version, 1, w, Time.s(3));
        assertEquals(SimResult.Status.COMPLETED, r.status());
        assertEquals(2.0, cpuOf(r, "a-") / cpuOf(r, "b-"), 0.06, "a (2048 shares, 1 hog) over b (1024, 3 hogs)");
        double usageA = r.metrics().engineCounters().getOrDefault("usage_usec_a", -1L);
        assertEquals(cpuOf(r, "a-") / 1000.0, usageA, cpuOf(r, "a-") / 1000.0 * 0.02, "usage_usec of a");
        assertEquals(cpuOf(r, "b-0"), cpuOf(r, "b-2"), cpuOf(r, "b-0") * 0.05, "b's hogs share b's third equally");
    }

    @Test
    void theTasksInNoGroupAreOneGroupOfWeight1024() {
        Workload w = Workload.of("init", ThreadGroup.processes("root", 4, hog()),
                ThreadGroup.processes("g", 1, hog()).withCGroup(CGroup.of("g", null)));
        SimResult r = run("2.6.24", 1, w, Time.s(3));
        double share = cpuOf(r, "g-") / (cpuOf(r, "g-") + cpuOf(r, "root-"));
        assertEquals(0.5, share, 0.03, "one hog in g against four in init_task_group");
    }

    /**
     * Equal shares, group a's one hog beside one of b's on CPU 0, b's other two on CPU 1. 2.6.24: each of b's entities
     * weighs 1024, so a gets half of CPU 0 (0.5 CPU of 2). 2.6.25: b's 1024 split 1:2 by its load, 341 on CPU 0, so a
     * gets 1024 / 1365 of it (0.75 CPU).
     */
    @ParameterizedTest
    @ValueSource(strings = {"2.6.24", "2.6.25"})
    void sharesAreWholeOnEachCpuIn2624AndSpreadByLoadIn2625(String version) {
        CGroup a = CGroup.of("a", null);
        CGroup b = CGroup.of("b", null);
        Workload w = Workload.of("spread", ThreadGroup.processes("a", 1, hog()).withCGroup(a).withCpus(Set.of(0)),
                ThreadGroup.processes("b", 1, hog()).withCGroup(b).withCpus(Set.of(0)),
                ThreadGroup.processes("c", 2, hog()).withCGroup(b).withCpus(Set.of(1)));
        long ns = Time.s(3);
        SimResult r = run(version, 2, w, ns);
        double a0 = cpuOf(r, "a-") / ns;
        assertEquals(version.equals("2.6.24") ? 0.5 : 0.75, a0, 0.03, "group a's hog, CPUs");
    }

    @Test
    void whatTheseVersionsLackIsRefusedWithTheGroupNamed() {
        CGroup top = CGroup.of("top", null);
        String nested = refusal(CGroup.of("top/sub", top));
        assertTrue(nested.contains("cfs 2.6.24 engine has task groups one level deep") && nested.contains(
                "cgroup top/sub of t"), nested);
        String capped = refusal(CGroup.of("web", null).withMax(Time.ms(50), Time.ms(100), 0));
        assertTrue(capped.contains("has no CFS bandwidth control (cpu.cfs_quota_us came with 3.2) (cgroup web of t)"),
                capped);
        String auto = refusal(new CGroup("autogroup-1", null, 1024, CGroup.NO_LIMIT, CGroup.DEFAULT_PERIOD_NS, 0,
                true));
        assertTrue(auto.contains("has no autogroups"), auto);
    }

    private static String refusal(CGroup g) {
        Workload w = Workload.of("refused", ThreadGroup.processes("t", 1, hog()).withCGroup(g));
        return assertThrows(IllegalArgumentException.class, () -> run("2.6.24", 1, w, Time.ms(10))).getMessage();
    }
}
