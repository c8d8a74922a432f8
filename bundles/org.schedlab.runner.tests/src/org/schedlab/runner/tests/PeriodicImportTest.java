/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.runner.trace.TraceImporter;
import org.schedlab.runner.trace.WorkloadWriter;

/**
 * The fitted import writes a task whose own wakeups keep to an absolute grid (rt-app's timer) as `timer PERIOD`, and
 * one that sleeps a relative time after each run as `sleep`: one late wakeup leaves the first on its grid and moves
 * every later wakeup of the second.
 */
class PeriodicImportTest {
    @TempDir
    Path dir;

    @Test
    void aTaskOnAGridIsATimerAndARelativeSleeperIsNot() throws Exception {
        StringBuilder b = new StringBuilder("# tracer: nop\n");
        long rel = 0;
        for (int k = 0; k < 30; k++) {
            long per = k * 10_000L + (k == 5 ? 3_000 : k % 3 * 20); // on CPU 1; its 6th wakeup 3 ms late
            wakeupAndRun(b, "per", 8, 1, per, 1_000);
            wakeupAndRun(b, "rel", 9, 0, rel, 1_000); // on CPU 0: 1 ms run, then 9 ms asleep; its 11th run 4 ms late
            rel += 1_000 + 9_000 + (k == 10 ? 4_000 : k % 3 * 20);
        }
        Path trace = dir.resolve("grid.trace");
        Files.writeString(trace, sorted(b));
        TraceImporter imp = TraceImporter.read(trace, new TraceImporter.Options(Pattern.compile("^(per|rel)$"),
                false));
        String text = new WorkloadWriter(imp, "grid.trace").render("grid",
                new WorkloadWriter.Target(null, null, "eevdf", "6.18"));
        String per = text.substring(text.indexOf("// per-8"), text.indexOf("// rel-9"));
        String rel9 = text.substring(text.indexOf("// rel-9"));
        assertTrue(per.contains("wakeups keep to a grid of 100") && per.contains("\t\t\ttimer 100"), text);
        assertFalse(rel9.contains("timer"), text);
        assertTrue(rel9.contains("\t\t\tsleep "), text);
    }

    private static void wakeupAndRun(StringBuilder b, String comm, int pid, int cpu, long us, long runUs) {
        line(b, "<idle>-0", cpu, us, "sched_wakeup: comm=" + comm + " pid=" + pid + " prio=120 target_cpu=00" + cpu);
        line(b, "<idle>-0", cpu, us, "sched_switch: prev_comm=swapper/" + cpu + " prev_pid=0 prev_prio=120 "
                + "prev_state=R ==> next_comm=" + comm + " next_pid=" + pid + " next_prio=120");
        line(b, comm + "-" + pid, cpu, us + runUs, "sched_switch: prev_comm=" + comm + " prev_pid=" + pid
                + " prev_prio=120 prev_state=S ==> next_comm=swapper/" + cpu + " next_pid=0 next_prio=120");
    }

    /** @return the trace's lines in time order (stable: a wakeup stays before its switch) */
    private static String sorted(StringBuilder b) {
        String[] lines = b.toString().split("\n");
        java.util.List<String> events = new java.util.ArrayList<>(java.util.List.of(lines).subList(1, lines.length));
        events.sort(java.util.Comparator.comparing(l -> l.substring(29, l.indexOf(": sched_"))));
        return lines[0] + "\n" + String.join("\n", events) + "\n";
    }

    private static void line(StringBuilder b, String task, int cpu, long us, String event) {
        b.append(String.format(Locale.ROOT, "%16s [%03d] d..2. %d.%06d: %s%n", task, cpu, 100 + us / 1_000_000,
                us % 1_000_000, event));
    }
}
