/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.metrics.TaskResult;
import org.schedlab.sim.testing.SmallWorkloads;

/**
 * The {@code yield to} action reaches the switchto patch's yieldTo: on a 2.2.16 UP box, where a plain sched_yield()
 * picks the yielder again (the 2.2 bug), a producer and a consumer that yield to each other alternate with the patch
 * and hardly switch without it.
 */
class DirectedYieldTest {

    private static long work(SimResult r, String task) {
        return r.metrics().tasks().stream().filter(t -> t.name().equals(task)).mapToLong(t -> t.counter("work"))
                .sum();
    }

    @Test
    void switchtoHandsTheCpuToTheNamedTask() {
        SimResult plain = GoodnessRuns.run(1, "2.2.16", SmallWorkloads.handoff(2, Time.us(100)), Time.ms(200));
        SimResult directed = GoodnessRuns.run(1, "2.2.16", SmallWorkloads.handoff(2, Time.us(100)), Time.ms(200),
                "switchto");
        assertTrue(plain.metrics().contextSwitches() < 50, "2.2 yield keeps the yielder: "
                + plain.metrics().contextSwitches() + " switches");
        assertTrue(directed.metrics().contextSwitches() > 1000, "every yield to switches: "
                + directed.metrics().contextSwitches() + " switches");
        long producer = work(directed, "producer-0");
        long consumer = work(directed, "consumer-0");
        assertTrue(producer > 500, "producer rounds " + producer);
        assertEquals(producer, consumer, 1, "they alternate");
        for (TaskResult t : directed.metrics().tasks()) {
            if (t.name().startsWith("other")) {
                assertTrue(t.cpuNs() < directed.metrics().elapsedNs() / 10, t.name() + " got " + t.cpuNs());
            }
        }
    }
}
