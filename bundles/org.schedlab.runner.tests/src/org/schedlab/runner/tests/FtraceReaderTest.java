/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.runner.dsl.DslPlans;
import org.schedlab.runner.export.FtraceTrace;
import org.schedlab.runner.trace.FtraceEvent;
import org.schedlab.runner.trace.FtraceReader;
import org.schedlab.runner.trace.TraceFormatException;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.metrics.TraceEvent;

/**
 * One reader for the kernel's trace text and SchedLab's export: a trace recorded on Linux 6.18 (hackbench -g 1 -l
 * 10, resources/linux-6.18-hackbench.trace), the export of a simulated run, trace-cmd report lines, bad lines.
 */
class FtraceReaderTest {
    static final Path REAL = Path.of("resources/linux-6.18-hackbench.trace");

    /** A workload with every event the export writes: sleeps, messages, a fork and an exit, nice, two CPUs. */
    static final String WORKLOAD = """
			machine duo {
				cpus 2
				clock 700 MHz
				hz 100
			}
			kernel reference {
				engine rr
				version "1.0"
			}
			variant rr = reference
			workload mix {
				channel ping capacity 1
				channel pong capacity 1
				program child { compute 300 us sleep 1 ms compute 200 us exit }
				processes pinger nice 5 { loop forever { compute 100 us send ping recv pong } }
				processes ponger { loop forever { recv ping compute 150 us send pong } }
				processes parent { loop forever { fork child compute 50 us sleep 3 ms } }
				processes hog cpus 1 { loop forever { compute 2 ms } }
			}
			experiment mix {
				workload mix
				machines duo
				variants rr
				duration 100 ms
				metrics switches
			}
			""";

    static List<FtraceEvent> read(Path file) throws IOException, TraceFormatException {
        List<FtraceEvent> events = new ArrayList<>();
        FtraceReader.read(file, events::add);
        return events;
    }

    static Map<FtraceEvent.Type, Integer> count(List<FtraceEvent> events) {
        Map<FtraceEvent.Type, Integer> n = new EnumMap<>(FtraceEvent.Type.class);
        events.forEach(e -> n.merge(e.type(), 1, Integer::sum));
        return n;
    }

    @Test
    void readsTheKernelsOwnTrace() throws Exception {
        List<FtraceEvent> events = read(REAL);
        Map<FtraceEvent.Type, Integer> n = count(events);
        assertEquals(558, n.get(FtraceEvent.Type.SWITCH));
        assertEquals(330, n.get(FtraceEvent.Type.WAKEUP));
        assertEquals(41, n.get(FtraceEvent.Type.WAKEUP_NEW));
        assertEquals(15, n.get(FtraceEvent.Type.MIGRATE));
        assertEquals(41, n.get(FtraceEvent.Type.FORK));
        assertEquals(3, n.get(FtraceEvent.Type.EXIT));
        // hackbench-22466 [001] d..2. 8526.617810: sched_switch: prev_comm=bash prev_pid=22466 prev_prio=120
        // prev_state=R+ ==> next_comm=migration/1 next_pid=21 next_prio=0
        FtraceEvent sw = events.stream().filter(e -> e.type() == FtraceEvent.Type.SWITCH && e.pid2() == 21)
                .findFirst().orElseThrow();
        assertEquals("hackbench", sw.task());
        assertEquals(22466, sw.taskPid());
        assertEquals(1, sw.cpu());
        assertEquals(8526_617810_000L, sw.timeNs());
        assertEquals("bash", sw.comm());
        assertEquals("R+", sw.state());
        assertEquals("migration/1", sw.comm2());
        assertEquals(0, sw.prio2());
        FtraceEvent mig = events.stream().filter(e -> e.type() == FtraceEvent.Type.MIGRATE).findFirst().orElseThrow();
        assertEquals(1, mig.cpuA());
        assertEquals(0, mig.cpuB());
        FtraceEvent irq = events.stream().filter(e -> e.type() == FtraceEvent.Type.WAKEUP && e.pid() == 15)
                .findFirst().orElseThrow();
        assertTrue(irq.inIrq(), "dNs6.: a wakeup in softirq context");
        assertEquals(1, irq.cpuA());
        FtraceEvent fork = events.stream().filter(e -> e.type() == FtraceEvent.Type.FORK).findFirst().orElseThrow();
        assertEquals(22462, fork.pid());
        assertEquals(22466, fork.pid2());
    }

    @Test
    void readsTheExportOfARunWithTheSameReader(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("mix.sched");
        Files.writeString(f, WORKLOAD);
        ExperimentPlan plan = DslPlans.load(f, EngineCatalog.of(List.of(new RoundRobinEngine()))).get(0);
        CellSpec cell = plan.cells().get(0);
        SimResult run = new ExperimentRunner().traceRun(cell, plan.seed(cell, 0), 1_000_000);
        assertTrue(run.trace().size() < 1_000_000, "not cut short");
        Path out = dir.resolve("mix.trace");
        FtraceTrace.writeFile(run, cell.config(), out);
        List<FtraceEvent> events = read(out);
        Map<FtraceEvent.Type, Integer> n = count(events);
        List<TraceEvent> tr = run.trace();
        assertEquals(tr.stream().filter(e -> e.kind() == TraceEvent.Kind.SWITCH).count(),
                (long) n.get(FtraceEvent.Type.SWITCH));
        long forks = tr.stream().filter(e -> e.kind() == TraceEvent.Kind.WAKEUP && e.prevState() == 'N').count();
        assertTrue(forks > 10, "the parent forks every 3 ms: " + forks);
        assertEquals(forks, (long) n.get(FtraceEvent.Type.FORK));
        assertEquals(forks, (long) n.get(FtraceEvent.Type.WAKEUP_NEW));
        assertEquals(tr.stream().filter(e -> e.kind() == TraceEvent.Kind.WAKEUP).count() - forks,
                (long) n.get(FtraceEvent.Type.WAKEUP));
        assertEquals(tr.stream().filter(e -> e.kind() == TraceEvent.Kind.SWITCH && e.prevState() == 'Z').count(),
                (long) n.get(FtraceEvent.Type.EXIT));
        assertTrue(n.getOrDefault(FtraceEvent.Type.MIGRATE, 0) > 0, "tasks move between the two CPUs");
        for (int i = 1; i < events.size(); i++) {
            assertTrue(events.get(i).timeNs() >= events.get(i - 1).timeNs(), "merged in time order at " + i);
        }
        FtraceEvent pinger = events.stream().filter(e -> e.type() == FtraceEvent.Type.SWITCH
                && e.comm().equals("pinger-0")).findFirst().orElseThrow();
        assertEquals(125, pinger.prio(), "nice 5 is prio 125");
        List<String> lines = Files.readAllLines(out);
        assertEquals("# tracer: nop", lines.get(0));
        assertTrue(lines.get(2).contains("entries-in-buffer/entries-written: " + events.size() + "/" + events.size()
                + "   #P:2"), lines.get(2));
        sameColumns(Files.readAllLines(REAL), lines);
    }

    @Test
    void theMachinesOwnWorkKeepsItsKernelThreadsNames(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("busy.sched");
        Files.writeString(f, WORKLOAD.replace("hz 100\n", "hz 100\n\t\t\t\tcost background_interval = 2 ms\n"
                + "\t\t\t\tcost background_run = 100 us\n"));
        ExperimentPlan plan = DslPlans.load(f, EngineCatalog.of(List.of(new RoundRobinEngine()))).get(0);
        CellSpec cell = plan.cells().get(0);
        SimResult run = new ExperimentRunner().traceRun(cell, plan.seed(cell, 0), 1_000_000);
        Path out = dir.resolve("busy.trace");
        FtraceTrace.writeFile(run, cell.config(), out);
        List<FtraceEvent> switches = read(out).stream().filter(e -> e.type() == FtraceEvent.Type.SWITCH).toList();
        assertTrue(switches.stream().anyMatch(e -> e.comm2().equals("kworker/0")), "CPU 0's kernel thread ran");
        assertTrue(switches.stream().noneMatch(e -> e.comm2().matches("task[0-9]+")), "no task without its name");
    }

    /** The header and the columns of every event line are where the kernel puts them. */
    static void sameColumns(List<String> kernel, List<String> ours) {
        assertEquals(kernel.subList(3, 12), ours.subList(3, 12), "the column header of the nop tracer");
        java.util.regex.Pattern line = java.util.regex.Pattern.compile(
                "^[ -~]{16}-\\d{1,7} *\\[\\d{3}\\] [.dNnpbhsHz0-9]{5} [ \\d]{5,}\\.\\d{6}: sched_[a-z_]+: \\S.*$");
        for (List<String> file : List.of(kernel, ours)) {
            for (String l : file.subList(12, file.size())) {
                assertTrue(line.matcher(l).matches(), l);
                assertEquals(25, l.indexOf('['), "the CPU column as the kernel aligns it: " + l);
            }
        }
    }

    @Test
    void readsTraceCmdReportLines() throws Exception {
        String report = """
				cpus=2
				       hackbench-4242  [001]  1234.000100: sched_switch:         hackbench:4242 [120] S ==> kworker/1:0:77 [120]
				          <idle>-0     [000]  1234.000200: sched_wakeup:         hackbench:4242 [120] CPU:001
				       hackbench-4242  [001]  1234.000300: sched_wakeup:         comm=rt-app pid=99 prio=120 target_cpu=000
				       hackbench-4242  [001]  1234.000400: sched_process_fork:   comm=hackbench pid=4242 child_comm=hackbench child_pid=4243
				       hackbench-4242  [001]  1234.000500: irq_handler_entry:    irq=24 name=eth0
				""";
        List<FtraceEvent> events = new ArrayList<>();
        new FtraceReader("report.txt").read(new ByteArrayInputStream(report.getBytes(StandardCharsets.UTF_8)),
                events::add);
        assertEquals(4, events.size());
        FtraceEvent sw = events.get(0);
        assertEquals("hackbench", sw.comm());
        assertEquals(4242, sw.pid());
        assertEquals("S", sw.state());
        assertEquals("kworker/1:0", sw.comm2());
        assertEquals(77, sw.pid2());
        assertEquals(1234_000100_000L, sw.timeNs());
        assertEquals(1, events.get(1).cpuA());
        assertEquals(4242, events.get(1).pid());
        assertEquals("rt-app", events.get(2).comm());
        assertEquals(4243, events.get(3).pid2());
    }

    @Test
    void badLinesAreLocated() {
        String[][] cases = {
                { "# tracer: nop\n\nthis is not a trace line\n", "t.trace:3: not an event line" },
                { "  bash-1 [000] d..2. 12.5x: sched_switch: prev_comm=a\n", "t.trace:1: bad timestamp" },
                { "  bash-1 [000] d..2. 12.000001: sched_switch: prev_comm=a prev_pid=1 prev_prio=120\n",
                        "t.trace:1: missing 'prev_state='" },
                { "\n  bash-1 [000] d..2. 12.000001: sched_wakeup: comm=a pid=x1 prio=120 target_cpu=000\n",
                        "t.trace:2: bad pid 'x1'" } };
        for (String[] c : cases) {
            TraceFormatException e = assertThrows(TraceFormatException.class, () -> new FtraceReader("t.trace")
                    .read(new ByteArrayInputStream(c[0].getBytes(StandardCharsets.UTF_8)), x -> {
                    }));
            assertTrue(e.getMessage().startsWith(c[1]), e.getMessage());
        }
    }

    @Test
    void aCommWithSpacesAndDashesKeepsItsPid() throws Exception {
        FtraceEvent e = new FtraceReader("t").parse(
                "     Web Content-3141    [001] d..2.   100.000001: sched_switch: prev_comm=Web Content prev_pid=3141 "
                        + "prev_prio=120 prev_state=S ==> next_comm=kworker/u8:2-ev next_pid=9 next_prio=120");
        assertNotNull(e);
        assertEquals("Web Content", e.task());
        assertEquals(3141, e.taskPid());
        assertEquals("Web Content", e.comm());
        assertEquals("kworker/u8:2-ev", e.comm2());
        assertFalse(e.inIrq());
    }
}
