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

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.metrics.TraceEvent;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** A traced run keeps its reschedule IPIs and its tasks' names beside the trace, for the CPU timeline. */
class TraceIpiTest {

    private static SimResult run(int traceLimit) {
        Workload w = new Workload("w", List.of(
                ThreadGroup.processes("sleeper", 6, Program.of("sleeper", Action.Loop.forever(
                        Action.Compute.ns(Time.us(300)), new Action.Sleep(new Distribution.Uniform(100_000, 2_000_000))))),
                ThreadGroup.processes("once", 2, Program.of("once", Action.Compute.ns(Time.us(200)), new Action.Exit()))));
        SimConfig.Builder b = SimConfig.builder().machine(MachineProfile.piii700().withCpus(4))
                .engine(new RoundRobinEngine()).workload(w).duration(Time.ms(100)).seed(3);
        if (traceLimit > 0) {
            b.trace(traceLimit);
        }
        return Simulation.run(b.build());
    }

    @Test
    void everyIpiOfTheRunIsKeptWithTheWakeupThatSentIt() {
        SimResult r = run(100_000);
        assertTrue(r.metrics().ipisSent() + r.metrics().ipisSuppressed() > 0, "sleepers on 4 CPUs are woken remotely");
        assertEquals(r.metrics().ipisSent(), r.ipis().stream().filter(e -> e.kind() == TraceEvent.Kind.IPI).count());
        assertEquals(r.metrics().ipisSuppressed(),
                r.ipis().stream().filter(e -> e.kind() == TraceEvent.Kind.IPI_SUPPRESSED).count());
        Set<String> wakeups = r.trace().stream().filter(e -> e.kind() == TraceEvent.Kind.WAKEUP)
                .map(e -> e.pid() + "@" + e.timeNs() + "/" + e.cpu()).collect(Collectors.toSet());
        for (TraceEvent ipi : r.ipis()) {
            assertTrue(ipi.pid() < 0 || wakeups.contains(ipi.pid() + "@" + ipi.timeNs() + "/" + ipi.cpu()),
                    "a wakeup's IPI names the wakeup's task, time and CPU: " + ipi);
            assertTrue(ipi.otherPid() >= 0 && ipi.otherPid() < 4 && ipi.otherPid() != ipi.cpu(), "to another CPU: " + ipi);
        }
        assertTrue(r.trace().stream().noneMatch(e -> e.kind() == TraceEvent.Kind.IPI
                || e.kind() == TraceEvent.Kind.IPI_SUPPRESSED), "the trace itself holds switches and wakeups only");
    }

    @Test
    void exitedTasksKeepTheirNamesAndAnUntracedRunKeepsNothing() {
        SimResult r = run(100_000);
        Set<String> live = r.metrics().tasks().stream().map(t -> t.name()).collect(Collectors.toSet());
        assertTrue(r.taskNames().values().containsAll(List.of("once-0", "once-1")), r.taskNames().toString());
        assertTrue(!live.contains("once-0"), "once-0 exited and is not among the tasks at the end: " + live);
        SimResult untraced = run(0);
        assertTrue(untraced.ipis().isEmpty() && untraced.taskNames().isEmpty());
        assertEquals(r.metrics().contextSwitches(), untraced.metrics().contextSwitches(), "tracing changes nothing");
    }
}
