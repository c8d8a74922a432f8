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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.host.HostException;
import org.schedlab.host.HostProfile;
import org.schedlab.host.HostProfiler;
import org.schedlab.host.PerfWorkerExit;

/** A perf bench sched messaging worker's CPU time beyond a hackbench worker's, from per-pid cpu-clock samples. */
class PerfWorkerExitTest {

    @Test
    void aWorkersMeanLeavesTheParentOut() {
        // 6 December 2026, 6.18.44 on a 2-vCPU PVM guest, -g 4 -l 1 at 10 kHz: 161 pids each, the parents 2,555
        // and 1,068 samples, the 160 workers 13,927 and 3,248 samples
        assertEquals(13927 / 160.0 / 10, PerfWorkerExit.workerMs(Recorded.text("perf-report-messaging-workers.txt")),
                1e-9);
        assertEquals(3248 / 160.0 / 10, PerfWorkerExit.workerMs(Recorded.text("perf-report-hackbench-workers.txt")),
                1e-9);
    }

    @Test
    void aReportWithoutWorkersIsRefused() {
        HostException e = assertThrows(HostException.class, () -> PerfWorkerExit.workerMs("""
                #      Samples      Pid:Command
                           2555    25350:perf
                """));
        assertTrue(e.getMessage().contains("no worker processes"), e.getMessage());
    }

    @Test
    void theExitWorkIsPerfsWorkerLessHackbenchs(@TempDir Path tmp) throws IOException {
        Recorded.ReplayShell shell = new Recorded.ReplayShell().answer("sched messaging",
                "perf-report-messaging-workers.txt").answer(".perf hackbench", "perf-report-hackbench-workers.txt");
        List<HostProfile.Setting> s = new HostProfiler(shell, Recorded.root(tmp.resolve("root")), tmp, x -> { },
                HostProfilerTest.ENGINES).perfWorkerExit();
        assertEquals(List.of("param exit_work = 6674 us"), s.stream().map(HostProfile.Setting::text).toList());
        assertTrue(s.get(0).provenance().contains("-g 4 -l 1` (8.704 ms; 3 runs after a warm-up, 8.704..8.704)"),
                s.get(0).provenance());
        // a warm-up and three counted runs of each program
        assertEquals(4, shell.ran.stream().filter(l -> l.contains("sched messaging")).count(), shell.ran.toString());
        assertEquals(4, shell.ran.stream().filter(l -> l.endsWith(".perf hackbench")).count(), shell.ran.toString());
    }

    @Test
    void withoutPerfThereIsNoFigure(@TempDir Path tmp) throws IOException {
        Recorded.ReplayShell shell = new Recorded.ReplayShell();
        shell.missing = "perf";
        assertEquals(List.of(), new HostProfiler(shell, Recorded.root(tmp.resolve("root")), tmp, x -> { },
                HostProfilerTest.ENGINES).perfWorkerExit());
    }
}
