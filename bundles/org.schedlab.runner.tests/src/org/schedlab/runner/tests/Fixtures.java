/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.Kernel;
import org.schedlab.sim.spi.Scheduler;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** Small experiments on the round-robin reference engine, and engines that break on purpose. */
final class Fixtures {
    static final long DURATION = 50 * Time.MS;
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T12:00:00Z"), ZoneOffset.UTC);

    private Fixtures() {
    }

    static ExperimentRunner runner() {
        return new ExperimentRunner("test", CLOCK);
    }

    /** Four threads: compute 200 us, count work, yield; forever. */
    static Workload workload(int threads) {
        Program p = Program.of("worker", Action.Loop.forever(Action.Compute.ns(200 * Time.US),
                new Action.Count("work", 1), new Action.Yield()));
        return Workload.of("yielders", ThreadGroup.threads("worker", threads, p));
    }

    static MachineProfile machine(int cpus) {
        return MachineProfile.builtIn("piii-700").orElseThrow().withCpus(cpus);
    }

    static SimConfig config(int cpus, SchedulerEngine engine, SchedulerConfig sc) {
        return SimConfig.builder().machine(machine(cpus)).engine(engine, sc).workload(workload(4))
                .duration(DURATION).seed(11).build();
    }

    /** rr with its default slice and with a 1-tick slice. */
    static SchedulerConfig rr(int sliceTicks) {
        return new SchedulerConfig("1.0", Set.of(), Map.of(RoundRobinEngine.TIMESLICE, Integer.toString(sliceTicks)));
    }

    /** The matrix uni, duo x rr, rr-short. */
    static List<CellSpec> matrix() {
        List<CellSpec> cells = new ArrayList<>();
        for (String m : List.of("uni", "duo")) {
            int cpus = m.equals("uni") ? 1 : 2;
            cells.add(new CellSpec("t", m, "rr", Map.of(), config(cpus, new RoundRobinEngine(), rr(10))));
            cells.add(new CellSpec("t", m, "rr-short", Map.of(), config(cpus, new RoundRobinEngine(), rr(1))));
        }
        return cells;
    }

    static ExperimentPlan plan(List<CellSpec> cells, int repeats, List<Published> published) {
        return new ExperimentPlan("t", cells, "rr", repeats, List.of("switches", "work"), published, null, null);
    }

    /** An engine whose create() throws. */
    static SchedulerEngine failingAtCreate() {
        return new SchedulerEngine() {
            @Override
            public EngineInfo info() {
                return new RoundRobinEngine().info();
            }

            @Override
            public Scheduler create(SchedulerConfig config, Kernel kernel) {
                throw new IllegalStateException("engine exploded at create");
            }
        };
    }

    /** The rr engine, but its scheduler_tick throws at the {@code n}th tick. */
    static SchedulerEngine failingAtTick(int n) {
        return rrIntercepting(kernel -> {
            AtomicInteger ticks = new AtomicInteger();
            return hook -> {
                if (hook.equals("schedulerTick") && ticks.incrementAndGet() == n) {
                    throw new IllegalStateException("engine exploded at tick " + n);
                }
            };
        });
    }

    /** The rr engine, but its scheduler_tick throws an error runOne does not catch at the {@code n}th tick. */
    static SchedulerEngine runningOutOfMemoryAtTick(int n) {
        return rrIntercepting(kernel -> {
            AtomicInteger ticks = new AtomicInteger();
            return hook -> {
                if (hook.equals("schedulerTick") && ticks.incrementAndGet() == n) {
                    throw new OutOfMemoryError("engine ran out of heap at tick " + n);
                }
            };
        });
    }

    /** The rr engine, counting its schedule() calls in an engine counter named {@code picks}. */
    static SchedulerEngine countingPicks() {
        return rrIntercepting(kernel -> hook -> {
            if (hook.equals("schedule")) {
                kernel.metrics().engineCounter("picks", 1);
            }
        });
    }

    /**
     * The rr engine whose every scheduler runs a hook-name observer (made per scheduler by {@code observer})
     * before each call into the real rr scheduler.
     */
    private static SchedulerEngine rrIntercepting(Function<Kernel, Consumer<String>> observer) {
        RoundRobinEngine rr = new RoundRobinEngine();
        return new SchedulerEngine() {
            @Override
            public EngineInfo info() {
                return rr.info();
            }

            @Override
            public Scheduler create(SchedulerConfig config, Kernel kernel) {
                Scheduler real = rr.create(config, kernel);
                Consumer<String> before = observer.apply(kernel);
                return (Scheduler) Proxy.newProxyInstance(Scheduler.class.getClassLoader(),
                        new Class<?>[] {Scheduler.class}, (proxy, method, args) -> {
                            before.accept(method.getName());
                            try {
                                return method.invoke(real, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
            }
        };
    }
}
