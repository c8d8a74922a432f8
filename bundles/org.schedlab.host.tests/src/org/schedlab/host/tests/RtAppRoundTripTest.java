/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.rtapp.RtAppExporter;
import org.schedlab.dsl.rtapp.RtAppImporter;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * {@code schedlab export rtapp}: import(export(x)) equals x for every construct rt-app can express (compared on the
 * translated workload), and what it cannot is reported and commented, never dropped silently.
 */
class RtAppRoundTripTest {

    static final String EXPRESSIBLE = """
			machine duo { cpus 2 clock 1 GHz hz 250 }
			kernel reference { engine rr version "1.0" }
			variant rr = reference
			workload every {
				mutex m
				cond c
				barrier start parties 3
				program child { compute 700 us sleep 1 ms }
				threads worker x 2 nice 5 cpus 0, 1 {
					loop forever { compute 1 ms sleep 2 ms yield lock m compute 100 us unlock m }
				}
				threads rt policy fifo priority 10 { loop forever { compute 200 us sleep 10 ms } }
				threads batch policy batch nice 3 { loop forever { compute 5 ms } }
				threads gate x 3 { loop 4 { compute 50 us barrier start } }
				threads waiter { loop forever { lock m wait c with m unlock m compute 10 us } }
				threads waker { loop forever { sleep 3 ms signal c sleep 3 ms broadcast c } }
				threads parent { loop 5 { fork thread child sleep 1 ms } }
				threads phased {
					phase warm { loop 10 { compute 100 us sleep 100 us } }
					phase burst { compute 5 ms }
				}
			}
			experiment every { workload every machines duo variants rr duration 3 s }
			""";

    static SimConfig config(String name, String text) throws Exception {
        SchedLoader loader = new SchedLoader();
        SchedLoader.Loaded l = loader.loadText(name, text);
        assertEquals(List.of(), l.diagnostics().stream().filter(d -> d.isError()).toList(), text);
        return loader.translate(l).get(0).cells().get(0).config();
    }

    @Test
    void importOfExportIsTheSameWorkload() throws Exception {
        SimConfig x = config("every.sched", EXPRESSIBLE);
        RtAppExporter.Result r = RtAppExporter.export(x.workload(), x.durationNs(), x.machine().mhz());
        assertEquals(List.of(), r.problems(), r.json());
        RtAppImporter.Result back = RtAppImporter.convert(r.json(), "every");
        assertEquals(List.of(), back.problems(), r.json());
        SimConfig y = config("back.sched", back.sched());
        assertEquals(describe(x.workload()), describe(y.workload()), r.json() + "\n" + back.sched());
        assertEquals(x.durationNs(), y.durationNs());
    }

    @Test
    void whatRtAppCannotExpressIsReportedAndCommented() throws Exception {
        SimConfig x = config("pipes.sched", """
				machine duo { cpus 2 clock 1 GHz hz 250 }
				kernel reference { engine rr version "1.0" }
				variant rr = reference
				workload pipes {
					channel ping capacity 1
					processes a { loop forever { send ping compute uniform(1 ms, 3 ms) count sent } }
					threads b { loop forever { recv ping loop forever { compute 2000 cycles } } }
				}
				experiment pipes { workload pipes machines duo variants rr duration 1500 ms }
				""");
        RtAppExporter.Result r = RtAppExporter.export(x.workload(), x.durationNs(), x.machine().mhz());
        String problems = String.join("\n", r.problems());
        for (String expected : List.of("task a: processes (own address spaces) become threads",
                "task a: send has no rt-app equivalent", "task a: a random duration",
                "task a: count has no rt-app equivalent", "task b: recv has no rt-app equivalent",
                "task b: a loop nested below the task loop (forever) cannot be expressed",
                "task b: compute of 2000 cycles becomes 2 us at 1000.0 MHz", "rt-app's duration is whole seconds; 2 s")) {
            assertTrue(problems.contains(expected), expected + " in\n" + problems);
        }
        assertTrue(r.json().contains("/* not expressible in rt-app: send */"), r.json());
        RtAppImporter.Result back = RtAppImporter.convert(r.json(), "pipes");
        assertEquals(List.of(), back.problems(), "the JSON with its comments reads as rt-app reads it:\n" + r.json());
    }

    /** @return the workload as text: groups with their options and programs, resources by name */
    static String describe(Workload w) {
        return w.groups().stream().map(RtAppRoundTripTest::describe).collect(Collectors.joining("\n"));
    }

    static String describe(ThreadGroup g) {
        return g.name() + " x" + g.count() + (g.threads() ? " threads" : " processes") + " " + g.policy() + " nice "
                + g.nice() + " prio " + g.rtPriority() + " cpus " + g.cpus() + " bkl " + g.holdsBkl() + ": "
                + describe(g.program().actions());
    }

    static String describe(List<Action> actions) {
        return actions.stream().map(RtAppRoundTripTest::describe).collect(Collectors.joining("; ", "[", "]"));
    }

    static String describe(Action a) {
        return switch (a) {
            case Action.Compute c -> "compute " + c.amount() + (c.inCycles() ? " cycles" : " ns");
            case Action.Sleep s -> "sleep " + s.ns();
            case Action.MutexLock l -> "lock " + l.mutex().name();
            case Action.MutexUnlock u -> "unlock " + u.mutex().name();
            case Action.CondWait cw -> "wait " + cw.cond().name() + " with " + cw.mutex().name();
            case Action.CondSignal s -> "signal " + s.cond().name();
            case Action.CondBroadcast b -> "broadcast " + b.cond().name();
            case Action.Barrier b -> "barrier " + b.point().name() + "/" + b.point().parties();
            case Action.Fork f -> "fork " + (f.thread() ? "thread " : "") + describe(f.child());
            case Action.Loop l -> "loop " + l.times() + " " + describe(l.body());
            case Action.Phase p -> "phase " + p.name() + " " + describe(p.body());
            default -> a.toString();
        };
    }

    static String describe(Program p) {
        return p.name() + " " + describe(p.actions());
    }
}
