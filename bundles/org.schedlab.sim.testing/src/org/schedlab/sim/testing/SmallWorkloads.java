/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.testing;

import java.util.ArrayList;
import java.util.List;

import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * Small purpose-built workloads that engine tests use to exercise one mechanism. They model no benchmark: the
 * benchmarks (VolanoMark, threads.c, lat_proc, netperf, hackbench, ...) are described once, in the .sched standard
 * library (bundles/org.schedlab.dsl/lib), and tests that need them load them through the DSL.
 */
public final class SmallWorkloads {
    /** The counter of {@link #yieldStorm}: one per loop. */
    public static final String WORK = "work";
    /** The counter of {@link #pingPong}: one per round trip, counted by the client. */
    public static final String ROUND_TRIPS = "round_trips";

    private SmallWorkloads() {
    }

    /**
     * {@code threads} threads of one process, each looping {@code { compute userCycles; count work; yield }} from
     * boot: every schedule() finds about {@code threads} runnable tasks.
     */
    public static Workload yieldStorm(int threads, long userCycles) {
        Program worker = Program.of("yielder", Action.Loop.forever(Action.Compute.cycles(userCycles),
                new Action.Count(WORK, 1), new Action.Yield()));
        return Workload.of("yield storm x" + threads, ThreadGroup.threads("thr", threads, worker));
    }

    /**
     * A producer and a consumer thread that hand the CPU to each other with a directed yield ({@code yield to}) after
     * {@code workNs} each, next to {@code others} processes that compute {@code workNs} and yield: without directed
     * yields (or with an engine that has none) each yield is a plain sched_yield and schedule() picks by its own rules.
     */
    public static Workload handoff(int others, long workNs) {
        Program producer = Program.of("producer", Action.Loop.forever(Action.Compute.ns(workNs),
                new Action.Count(WORK, 1), new Action.YieldTo("consumer")));
        Program consumer = Program.of("consumer", Action.Loop.forever(Action.Compute.ns(workNs),
                new Action.Count(WORK, 1), new Action.YieldTo("producer")));
        Program other = Program.of("other", Action.Loop.forever(Action.Compute.ns(workNs), new Action.Yield()));
        return new Workload("handoff", List.of(ThreadGroup.threads("producer", 1, producer),
                ThreadGroup.threads("consumer", 1, consumer), ThreadGroup.processes("other", others, other)));
    }

    /**
     * {@code pairs} request-response pairs of processes: a client computes {@code workNs}, sends, blocks for the
     * answer; a server blocks, computes {@code workNs}, answers. One wakeup per side per round trip, cross-CPU when
     * the two sit on different CPUs; {@code sync} wakeups tell the waker's CPU that the waker will sleep.
     */
    public static Workload pingPong(int pairs, long workNs, boolean sync) {
        List<ThreadGroup> groups = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            Channel ask = new Channel("ask-" + i, 1, sync);
            Channel answer = new Channel("answer-" + i, 1, sync);
            groups.add(ThreadGroup.processes("client-" + i, 1, Program.of("client", Action.Loop.forever(
                    Action.Compute.ns(workNs), new Action.Send(ask), new Action.Recv(answer),
                    new Action.Count(ROUND_TRIPS, 1)))));
            groups.add(ThreadGroup.processes("server-" + i, 1, Program.of("server", Action.Loop.forever(
                    new Action.Recv(ask), Action.Compute.ns(workNs), new Action.Send(answer)))));
        }
        return new Workload("ping-pong x" + pairs, groups);
    }
}
