/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cli.Main;
import org.schedlab.runner.trace.TraceSummary;

/**
 * SchedLab's own ftrace export imported back: the workload it gives has the tasks, nice levels, message pattern,
 * forks and exits of the simulated one, with bursts and sleeps of the simulated lengths; simulating that workload and
 * importing its trace again gives the same workload (the import is a fixed point); --exact replays the sequence.
 * Through the commands: schedlab trace --format ftrace, schedlab import ftrace.
 */
class TraceRoundTripTest {
    private static final String DUO = """
			machine duo {
				cpus 2
				clock 700 MHz
				hz 100
			}
			""";

    @TempDir
    Path dir;

    private Path traceOf(Path sched, String cell, String name) throws Exception {
        Path out = dir.resolve(name + ".trace");
        CliTest.Outcome o = CliTest.schedlab("trace", sched.toString(), "--cell", cell, "--format", "ftrace", "--out",
                out.toString(), "--limit", "2000000");
        assertEquals(Main.OK, o.code(), o.out() + o.err());
        return out;
    }

    private String importOf(Path trace, String name, boolean exact) throws Exception {
        Path out = dir.resolve(name + ".sched");
        List<String> args = new java.util.ArrayList<>(List.of("import", "ftrace", trace.toString(), "--host",
                dir.resolve("duo.sched").toString(), "--out", out.toString()));
        if (exact) {
            args.add("--exact");
        }
        CliTest.Outcome o = CliTest.schedlab(args.toArray(String[]::new));
        assertEquals(Main.OK, o.code(), o.out() + o.err());
        assertTrue(o.out().startsWith("wrote " + out), o.out());
        return Files.readString(out);
    }

    static final String WORKLOAD = """
			import "duo.sched"
			kernel linux {
				engine eevdf
				version "6.18"
			}
			variant eevdf = linux
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
				variants eevdf
				duration 100 ms
				metrics switches
			}
			""";

    @Test
    void theExportImportsToTheSimulatedWorkloadAndBackToItself() throws Exception {
        Files.writeString(dir.resolve("duo.sched"), DUO);
        Path src = dir.resolve("mix.sched");
        Files.writeString(src, WORKLOAD);
        String first = importOf(traceOf(src, "duo/eevdf", "mix"), "first", false);
        assertTrue(Pattern.compile("processes pinger_0_1 nice 5[ {]").matcher(first).find(), first);
        assertTrue(first.contains("processes ponger_0_2 {"), first);
        assertTrue(first.contains("channel wake_pinger_0_1 ") && first.contains("channel wake_ponger_0_2 "), first);
        String pinger = body(first, "processes pinger_0_1");
        assertTrue(pinger.contains("send wake_ponger_0_2") && pinger.contains("recv wake_pinger_0_1"), pinger);
        String parent = body(first, "processes parent_0_3");
        assertTrue(parent.contains("fork parent_0_"), "the parent forks its children: " + parent);
        double sleep = firstTime(parent, "sleep");
        long programs = first.lines().filter(l -> l.startsWith("\tprogram parent_0_")).count();
        assertTrue(programs >= 20, "a child every ~3 ms for 100 ms: " + programs);
        String child = first.substring(first.indexOf("\tprogram parent_0_"));
        child = child.substring(0, child.indexOf("\n\t}\n"));
        assertTrue(child.contains("loop 2 {") || child.contains("loop 1 {"), "the child runs twice then exits:\n"
                + child);
        double childSleep = firstTime(child, "sleep");
        // nanosleep(1 ms) with a fair task's 50 us timer slack: the timer fires at the first tick inside the slack,
        // else at its end (hrtimer soft and hard expiry)
        assertTrue(childSleep >= 990 && childSleep <= 1060, "and sleeps 1 ms (+ up to 50 us of slack):\n" + child);
        double childBurst = firstTime(child, "compute");
        assertTrue(childBurst >= 250 && childBurst < 300, "its bursts are 300 and 200 us (+ syscalls):\n" + child);
        assertTrue(sleep >= 2900 && sleep <= 3100, "the parent sleeps 3 ms: " + parent);

        String second = importOf(traceOf(dir.resolve("first.sched"), "duo/eevdf", "first"), "second", false);
        // importing the replay's trace gives the same workload, but for the waits that ran out in the replay (a
        // fitted replay's wakeups need not come in the recorded order, so a task may give up its wait after the
        // longest the trace showed): the trace shows those as timer wakeups, sleeps
        TreeMap<String, java.util.TreeSet<String>> a0 = shape(first);
        TreeMap<String, java.util.TreeSet<String>> b0 = shape(second);
        assertEquals(a0.keySet(), b0.keySet());
        for (String g : a0.keySet()) {
            java.util.TreeSet<String> extra = new java.util.TreeSet<>(b0.get(g));
            extra.removeAll(a0.get(g));
            extra.remove("sleep T");
            java.util.TreeSet<String> missing = new java.util.TreeSet<>(a0.get(g));
            missing.removeAll(b0.get(g));
            assertEquals(List.of(), new java.util.ArrayList<>(missing), g + ": the replay's import lacks lines:\n" + second);
            assertEquals(List.of(), new java.util.ArrayList<>(extra), g + ": the replay's import has new lines:\n" + second);
        }
        double a = firstTime(body(first, "processes parent_0_3"), "sleep");
        double b = firstTime(body(second, "processes parent_0_3"), "sleep");
        assertEquals(a, b, 0.02 * a, "the same sleep length");
    }

    @Test
    void exactImportReplaysTheSequence() throws Exception {
        Files.writeString(dir.resolve("duo.sched"), DUO);
        Path src = dir.resolve("mix.sched");
        Files.writeString(src, WORKLOAD);
        Path t1 = traceOf(src, "duo/eevdf", "mix");
        String exact = importOf(t1, "exact", true);
        String ponger = body(exact, "processes ponger_0_2");
        List<String> steps = ponger.lines().map(String::strip).filter(l -> !l.startsWith("//")).toList();
        assertTrue(steps.size() > 50, ponger);
        Path t2 = traceOf(dir.resolve("exact.sched"), "duo/eevdf", "exact");
        TraceSummary a = TraceSummary.read(t1, Pattern.compile("ponger"));
        TraceSummary b = TraceSummary.read(t2, Pattern.compile("ponger"));
        long cpuA = a.cpuByTask().get("ponger")[1];
        long cpuB = b.cpuByTask().get("ponger")[1];
        // the replay's steps take as long, but what it waits for need not come at the same times: within 50 %
        assertTrue(Math.abs(cpuA - cpuB) < 0.5 * cpuA, "the replay runs about as long: " + cpuA + " vs " + cpuB);
    }

    /** @return the block that starts with {@code header} */
    static String body(String text, String header) {
        int at = text.indexOf("\t" + header);
        assertTrue(at >= 0, "no " + header + " in\n" + text);
        return text.substring(at, text.indexOf("\n\t}\n", at));
    }

    /** @return the first TIME us after {@code action} */
    static double firstTime(String block, String action) {
        Matcher m = Pattern.compile(action + " (?:[a-z]+\\()?([0-9.]+) us").matcher(block);
        assertTrue(m.find(), "no " + action + " in\n" + block);
        return Double.parseDouble(m.group(1));
    }

    /**
     * @return per long-lived group the distinct lines of its block, with numbers, pids and the inferred affinity
     *         left out: its options, the actions it takes and whom it sends to (the rates are fitted, so they vary)
     */
    static TreeMap<String, java.util.TreeSet<String>> shape(String text) {
        TreeMap<String, java.util.TreeSet<String>> m = new TreeMap<>();
        for (String header : new String[] { "processes pinger", "processes ponger", "processes parent",
                "processes hog" }) {
            String b = body(text, header).replaceAll("(?m)^\\s*//.*\n", "").replaceAll(" cpus \\d+ /\\*[^*]*\\*/", "").replaceAll("_0_\\d+", "")
                    .replaceAll("[0-9.]+ us", "T").replaceAll("(normal|exponential)\\(T(, T)?\\)", "T")
                    .replaceAll("loop \\d+", "loop N").replaceAll("(?m)^\t+", "");
            m.put(header, new java.util.TreeSet<>(b.lines().toList()));
        }
        return m;
    }
}
