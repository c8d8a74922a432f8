/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.schedlab.sim.Cancellation;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.CpuResult;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Engines;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * The contract every engine passes. An engine's test bundle extends this class and returns its engine
 * from {@link #engine()}; it may narrow {@link #configurations()}. Checked: SPI metadata, discovery through
 * ServiceLoader, invariants on random workloads and machines (invariant checking on), determinism,
 * cancellation, work conservation and absence of starvation for CPU-bound tasks, that every patch changes
 * the behaviour of some {@link #patchProbes() probe}, and that every engine counter is declared and nameable
 * as a metric of the .sched language.
 */
public abstract class EngineContractTest {
    /** Simulated time of each random-workload run. */
    protected static final long RANDOM_RUN_NS = Time.ms(300);

    /** @return the engine under test */
    protected abstract SchedulerEngine engine();

    /**
     * @return the configurations to exercise: every version bare, and every patch on each version it
     *         applies to
     */
    protected List<SchedulerConfig> configurations() {
        EngineInfo info = engine().info();
        List<SchedulerConfig> out = new ArrayList<>();
        for (String v : info.versions()) {
            out.add(SchedulerConfig.of(v));
        }
        for (PatchInfo p : info.patches()) {
            for (String v : p.appliesTo()) {
                out.add(new SchedulerConfig(v, Set.of(p.id()), Map.of()));
            }
        }
        return out;
    }

    /** @return random workloads per configuration in {@link #invariantsHoldOnRandomWorkloads()} */
    protected int randomRunsPerConfiguration() {
        return 4;
    }

    private SimConfig config(SchedulerConfig sc, MachineProfile m, Workload w, long ns, long seed) {
        return SimConfig.builder().machine(m).engine(engine(), sc).workload(w).duration(ns).seed(seed)
                .checkInvariants(true).build();
    }

    @Test
    public void metadataIsComplete() {
        EngineInfo info = engine().info();
        assertTrue(info.id().matches("[a-z0-9][a-z0-9.-]*"), "engine id " + info.id());
        assertFalse(info.title().isBlank(), "title");
        assertFalse(info.versions().isEmpty(), "versions");
        assertEquals(info.versions().size(), new HashSet<>(info.versions()).size(), "duplicate versions");
        Set<String> names = new HashSet<>();
        for (TunableInfo t : info.tunables()) {
            assertTrue(names.add(t.name()), "duplicate tunable " + t.name());
            assertFalse(t.unit().isBlank(), t.name() + " unit");
            assertFalse(t.defaultValue().isBlank(), t.name() + " default");
            assertFalse(t.description().isBlank(), t.name() + " description");
        }
        Set<String> ids = new HashSet<>();
        for (PatchInfo p : info.patches()) {
            assertTrue(ids.add(p.id()), "duplicate patch " + p.id());
            for (String field : List.of(p.title(), p.author(), p.date(), p.source(), p.description())) {
                assertFalse(field.isBlank(), "patch " + p.id() + " has a blank field");
            }
            assertFalse(p.hooks().isEmpty(), "patch " + p.id() + " names no hook");
            assertFalse(p.appliesTo().isEmpty(), "patch " + p.id() + " applies to no version");
            assertTrue(info.versions().containsAll(p.appliesTo()), "patch " + p.id() + " names unknown versions");
        }
    }

    /** @return the machines and workloads on which each patch must change something; add an engine's own */
    protected List<PatchProbe> patchProbes() {
        return PatchProbe.defaults();
    }

    /**
     * @return patches that select what the version does without any patch, as alternatives to other patches (o1's
     *         ia64 idle loops: the 2.6.14 loop, and the fix that restores it); the contract checks that they change
     *         nothing against the bare version, instead of requiring a change
     */
    protected Set<String> defaultEquivalentPatches() {
        return Set.of();
    }

    @Test
    public void everyPatchChangesBehaviourSomewhere() {
        EngineInfo info = engine().info();
        List<PatchProbe> probes = patchProbes();
        List<String> inert = new ArrayList<>();
        List<String> notDefault = new ArrayList<>();
        for (PatchInfo p : info.patches()) {
            for (String v : p.appliesTo()) {
                SchedulerConfig bare = SchedulerConfig.of(v);
                SchedulerConfig patched = new SchedulerConfig(v, Set.of(p.id()), Map.of());
                if (defaultEquivalentPatches().contains(p.id())) {
                    probes.stream().filter(probe -> changes(probe, bare, patched)).findFirst()
                            .ifPresent(probe -> notDefault.add(p.id() + " on " + v + " (" + probe.name() + ")"));
                } else if (probes.stream().noneMatch(probe -> changes(probe, bare, patched))) {
                    inert.add(p.id() + " on " + v);
                }
            }
        }
        assertEquals(List.of(), inert, "patches that change neither the schedule nor any figure of the kernel on "
                + probes.size() + " probes (a hook no workload reaches?); add a probe that reaches them");
        assertEquals(List.of(), notDefault, "patches declared equivalent to the bare version that change it");
    }

    private boolean changes(PatchProbe probe, SchedulerConfig a, SchedulerConfig b) {
        return !PatchProbe.behaviour(probe.run(engine(), a)).equals(PatchProbe.behaviour(probe.run(engine(), b)));
    }

    @Test
    public void countersAreDeclaredAndNameableAsMetrics() {
        EngineInfo info = engine().info();
        for (String c : info.counters()) {
            // a metric name in .sched is an identifier; an experiment names the counter and <counter>_total
            assertTrue(c.matches("[A-Za-z_][A-Za-z0-9_]*"), "counter " + c + " is no .sched identifier");
        }
        assertEquals(info.counters().size(), new HashSet<>(info.counters()).size(), "duplicate counters");
        for (int cpus : new int[] {2, 4}) {
            PatchProbe p = new PatchProbe("ping-pong", MachineProfile.piii700().withCpus(cpus),
                    SmallWorkloads.pingPong(cpus, Time.us(50), false));
            // what the kernel itself reports among the engine counters (the memory model's)
            Set<String> kernels = p.run(new RoundRobinEngine(), SchedulerConfig.of("1.0")).metrics()
                    .engineCounters().keySet();
            for (SchedulerConfig sc : configurations()) {
                for (String name : p.run(engine(), sc).metrics().engineCounters().keySet()) {
                    assertTrue(kernels.contains(name) || info.counters().contains(name),
                            sc + " reports counter " + name + " that EngineInfo.counters() does not declare");
                }
            }
        }
    }

    @Test
    public void isDiscoverableThroughServiceLoader() {
        String id = engine().info().id();
        // the engine's own class loader: in OSGi, META-INF/services is visible from the engine's bundle only
        assertTrue(Engines.discover(engine().getClass().getClassLoader()).stream()
                .anyMatch(e -> e.info().id().equals(id)),
                id + " is not registered in META-INF/services/" + SchedulerEngine.class.getName());
    }

    @Test
    public void refusesUnknownVersionsPatchesAndTunables() {
        Workload w = cpuBound(1);
        MachineProfile m = MachineProfile.piii700().withCpus(1);
        String v = engine().info().versions().get(0);
        assertThrows(IllegalArgumentException.class, () -> Simulation.run(
                config(SchedulerConfig.of("no-such-version"), m, w, Time.ms(10), 1)));
        assertThrows(IllegalArgumentException.class, () -> Simulation.run(
                config(new SchedulerConfig(v, Set.of("no-such-patch"), Map.of()), m, w, Time.ms(10), 1)));
        assertThrows(IllegalArgumentException.class, () -> Simulation.run(
                config(new SchedulerConfig(v, Set.of(), Map.of("no_such_tunable", "1")), m, w, Time.ms(10), 1)));
    }

    @TestFactory
    public Stream<DynamicTest> invariantsHoldOnRandomWorkloads() {
        List<DynamicTest> tests = new ArrayList<>();
        long seed = 0x5eed;
        for (SchedulerConfig sc : configurations()) {
            for (int i = 0; i < randomRunsPerConfiguration(); i++) {
                long s = seed++;
                tests.add(DynamicTest.dynamicTest(sc + " seed " + s, () -> {
                    RandomWorkloads gen = new RandomWorkloads(s);
                    MachineProfile m = gen.machine(8);
                    Workload w = gen.workload(m.nrCpus());
                    SimResult r = Simulation.run(config(sc, m, w, RANDOM_RUN_NS, s));
                    assertEquals(SimResult.Status.COMPLETED, r.status());
                    assertBooksBalance(r);
                }));
            }
        }
        return tests.stream();
    }

    @Test
    public void identicalConfigurationsGiveIdenticalResults() {
        for (SchedulerConfig sc : configurations()) {
            RandomWorkloads gen = new RandomWorkloads(99);
            MachineProfile m = MachineProfile.piii700().withCpus(4);
            Workload w = gen.workload(4);
            SimResult a = Simulation.run(config(sc, m, w, Time.ms(200), 7));
            SimResult b = Simulation.run(config(sc, m, w, Time.ms(200), 7));
            assertEquals(a, b, "two runs of " + sc + " differ");
        }
    }

    @Test
    public void cancellationStopsTheRun() {
        SchedulerConfig sc = configurations().get(0);
        Cancellation cancel = new Cancellation();
        long duration = Time.s(100);
        SimConfig c = config(sc, MachineProfile.piii700().withCpus(2), cpuBound(4), duration, 3);
        SimResult r = new Simulation(c).run((done, total) -> {
            if (done >= total / 50) {
                cancel.cancel();
            }
        }, cancel);
        assertEquals(SimResult.Status.CANCELLED, r.status());
        assertTrue(r.metrics().elapsedNs() < duration / 10, "ran on to " + r.metrics().elapsedNs());
        assertBooksBalance(r);
    }

    @Test
    public void cpuBoundTasksKeepEveryCpuBusyAndAllProgress() {
        for (SchedulerConfig sc : configurations()) {
            for (int cpus : new int[] {1, 2, 4}) {
                SimResult r = Simulation.run(config(sc, MachineProfile.piii700().withCpus(cpus),
                        cpuBound(3 * cpus), Time.s(2), 11));
                for (CpuResult c : r.metrics().cpus()) {
                    assertTrue(c.idleNs() < r.metrics().elapsedNs() / 4, sc + " on " + cpus + " CPUs: cpu" + c.cpu()
                            + " idle " + c.idleNs() + " ns of " + r.metrics().elapsedNs());
                }
                for (TaskResult t : r.metrics().tasks()) {
                    assertNotEquals(0L, t.cpuNs(), sc + " on " + cpus + " CPUs starves " + t.name());
                }
            }
        }
    }

    /** @return {@code n} processes that compute forever in 1 ms steps, counting "work" */
    protected static Workload cpuBound(int n) {
        return Workload.of("cpu-bound", ThreadGroup.processes("hog", n, Program.of("hog",
                Action.Loop.forever(Action.Compute.ns(Time.MS), new Action.Count("work", 1)))));
    }

    /** Every CPU's user, kernel, spin and idle time add up to the elapsed time (or to its cursor beyond it). */
    public static void assertBooksBalance(SimResult r) {
        long elapsed = r.metrics().elapsedNs();
        for (CpuResult c : r.metrics().cpus()) {
            assertTrue(c.totalNs() >= elapsed, "cpu" + c.cpu() + " accounts " + c.totalNs() + " of " + elapsed);
            assertTrue(c.totalNs() - elapsed < Time.ms(50), "cpu" + c.cpu() + " ran far past the end: "
                    + c.totalNs());
        }
    }
}
