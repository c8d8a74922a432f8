/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.rtapp.RtAppImporter;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.ThreadGroup;

/** rt-app JSON to .sched: rt-app's lenient JSON, event order, mapping, and every unmapped event reported. */
class RtAppImportTest {

    static final String JSON = """
			/* a periodic task and a locker, rt-app style */
			{
				"tasks" : {
					"thread0" : {
						"instance" : 2,
						"loop" : -1,
						"policy" : "SCHED_FIFO",
						"priority" : 10,
						"cpus" : [0, 1],
						"run0" : 1000,
						"sleep" : 2000,
						"run0" : 500,       // a repeated key: rt-app runs both, in order
						"mem" : 100,
						"yield" : "",
					},
					"locker" : {
						"loop" : 3,
						"priority" : 5,
						"lock" : "m1",
						"runtime" : 300,
						"unlock" : "m1",
						"timer" : { "ref" : "tick", "period" : 10000 },
						"fork" : "child",
					},
					"child" : {
						"instance" : 0,
						"loop" : 1,
						"run" : 50,
					},
					"phased" : {
						"phases" : {
							"warm" : { "loop" : 10, "run" : 100, "sleep" : 100 },
							"burst" : { "run" : 5000 },
						},
					},
				},
				"global" : { "duration" : 2, "calibration" : "CPU0", },
			}
			""";

    @Test
    void convertsEveryMappableEventInOrderAndReportsTheRest() throws Exception {
        RtAppImporter.Result r = RtAppImporter.convert(JSON, "periodic");
        List<String> dropped = r.problems().stream().filter(RtAppImporter.Problem::dropped).map(Object::toString)
                .toList();
        assertEquals(List.of("13:4: warning: event \"mem\" has no equivalent in .sched; left out",
                "37:31: warning: global setting \"calibration\" has no meaning in the simulator"), dropped);
        assertTrue(r.problems().stream().noneMatch(p -> p.line() == 22), "rt-app's timer is the language's timer: "
                + r.problems());
        SchedLoader.Loaded l = Sched.load(r.sched());
        assertEquals(List.of(), l.diagnostics(), r.sched());
        SimConfig config = Sched.loader().translate(l).get(0).cells().get(0).config();
        assertEquals(2_000_000_000L, config.durationNs());
        List<ThreadGroup> groups = config.workload().groups();
        assertEquals(List.of("thread0", "locker", "phased"), groups.stream().map(ThreadGroup::name).toList());
        ThreadGroup t0 = groups.get(0);
        assertEquals(List.of(2, Policy.FIFO, 10, java.util.Set.of(0, 1)),
                List.of(t0.count(), t0.policy(), t0.rtPriority(), t0.cpus()));
        Action.Loop loop = (Action.Loop) t0.program().actions().get(0);
        assertEquals(-1, loop.times());
        assertEquals(List.of("Compute", "Sleep", "Compute", "Yield"),
                loop.body().stream().map(a -> a.getClass().getSimpleName()).toList());
        assertEquals(500_000L, ((Action.Compute) loop.body().get(2)).amount().mean(), 0.0);
        ThreadGroup locker = groups.get(1);
        assertEquals(5, locker.nice());
        Action.Loop three = (Action.Loop) locker.program().actions().get(0);
        assertEquals(3, three.times());
        assertEquals(List.of("MutexLock", "Compute", "MutexUnlock", "Timer", "Fork"),
                three.body().stream().map(a -> a.getClass().getSimpleName()).toList());
        assertEquals(10_000_000L, ((Action.Timer) three.body().get(3)).periodNs());
        assertTrue(((Action.Timer) three.body().get(3)).relative(), "rt-app's default timer mode is relative");
        assertTrue(r.sched().contains("\n\t\t\t// rt-app \"mem\" (line 13) not mapped\n"), r.sched());
    }

    @Test
    void syntaxErrorsAreLocated() {
        RtAppImporter.RtAppException e = assertThrows(RtAppImporter.RtAppException.class,
                () -> RtAppImporter.convert("{\n \"tasks\" : { \"a\" : { \"run\" : } } }", "x"));
        assertEquals(List.of(2, 30), List.of(e.line(), e.column()));
    }

    @Test
    void aFileThatIsNotUtf8IsLocatedAtItsFirstBadByte(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("latin1.json");
        java.nio.file.Files.write(json, "{ \"tasks\": {\n  \"caf\u00e9\": { \"run\": 1 } } }"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        RtAppImporter.RtAppException e = assertThrows(RtAppImporter.RtAppException.class,
                () -> RtAppImporter.importFile(json));
        assertEquals(List.of(2, 7), List.of(e.line(), e.column()));
        assertTrue(e.getMessage().startsWith("not UTF-8 at byte 19 (0xe9)"), e.getMessage());
    }

    @Test
    void importFileWritesTheSchedFileBesideTheJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("busy.json");
        java.nio.file.Files.writeString(json, "{ \"tasks\": { \"busy\": { \"run\": 100 } } }");
        RtAppImporter.importFile(json);
        Path sched = dir.resolve("busy.sched");
        SchedLoader.Loaded l = Sched.loader().load(sched);
        assertEquals(List.of(), l.diagnostics());
    }
}
