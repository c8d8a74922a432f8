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
import org.schedlab.host.WorkerExitWork;

/** hackbench's workers' exit work: glibc's exit(0) beyond _exit(0), and a perf worker's CPU time after the kick beyond a hackbench worker's. */
class WorkerExitWorkTest {

    /** hostprobe-libcexit.txt's libc_exit_ns, in us. */
    private static final long LIBC_US = Math.round(Double.parseDouble(Recorded.text("hostprobe-libcexit.txt").lines()
            .filter(l -> l.startsWith("libc_exit_ns ")).findFirst().orElseThrow().substring(13)) / 1000);

    @Test
    void aWorkersMeanCountsFromTheKickAndLeavesTheParentOut() {
        // 6 December 2026, 6.18.44 on a 2-vCPU PVM guest, -g 4 -l 1 at 2 kHz, condensed: 161 pids each; after the
        // first worker sample reading a message, the 160 workers took 1,842 and 167 samples (over their whole lives
        // 2,929 and 802: their start, before the program's clock, is not counted)
        assertEquals(1842 / 160.0 / 2, WorkerExitWork.workerMs(Recorded.text("perf-script-messaging-workers.txt")),
                1e-9);
        assertEquals(167 / 160.0 / 2, WorkerExitWork.workerMs(Recorded.text("perf-script-hackbench-workers.txt")),
                1e-9);
    }

    @Test
    void theParentsOwnReadsAreNotTheKick() {
        // the parent (most samples) reads each worker's "ready" before the kick; worker 11's read is the kick
        String samples = """
                10 1.000 1
                10 1.001 0
                10 1.002 1
                10 1.003 0
                10 1.004 0
                11 1.0005 0
                11 1.0025 1
                11 1.0035 0
                12 1.0015 0
                12 1.0030 0
                """;
        assertEquals(3 / 2.0 * 1000 / WorkerExitWork.HZ, WorkerExitWork.workerMs(samples), 1e-12);
    }

    @Test
    void aRecordingWithoutWorkersOrCallChainsIsRefused() {
        HostException none = assertThrows(HostException.class, () -> WorkerExitWork.workerMs("10 1.0 0\n10 1.1 1\n"));
        assertTrue(none.getMessage().contains("no worker processes"), none.getMessage());
        HostException flat = assertThrows(HostException.class, () -> WorkerExitWork.workerMs(
                "10 1.0 0\n10 1.1 0\n11 1.2 0\n"));
        assertTrue(flat.getMessage().contains("no worker reading a message"), flat.getMessage());
    }

    @Test
    void hackbenchsWorkersGetGlibcsExit(@TempDir Path tmp) throws IOException {
        Recorded.ReplayShell shell = new Recorded.ReplayShell().answer("libcexit 100", "hostprobe-libcexit.txt");
        List<HostProfile.Setting> s = new HostProfiler(shell, Recorded.root(tmp.resolve("root")), tmp, x -> { },
                HostProfilerTest.ENGINES).workerExitWork(false);
        assertEquals(List.of("param exit_work = " + LIBC_US + " us"), s.stream().map(HostProfile.Setting::text)
                .toList());
        assertTrue(s.get(0).provenance().contains("glibc's exit(0) to its death less from _exit(0)"),
                s.get(0).provenance());
        assertTrue(shell.ran.stream().noneMatch(l -> l.contains("perf")), shell.ran.toString());
    }

    @Test
    void perfsWorkersGetGlibcsExitAndPerfsOwn(@TempDir Path tmp) throws IOException {
        Recorded.ReplayShell shell = new Recorded.ReplayShell().answer("libcexit 100", "hostprobe-libcexit.txt")
                .answer("sched messaging", "perf-script-messaging-workers.txt")
                .answer(".perf hackbench", "perf-script-hackbench-workers.txt");
        List<HostProfile.Setting> s = new HostProfiler(shell, Recorded.root(tmp.resolve("root")), tmp, x -> { },
                HostProfilerTest.ENGINES).workerExitWork(true);
        // the recordings: perf's workers 5.756 ms after the kick, hackbench's 0.522 ms
        assertEquals(List.of("param exit_work = " + (LIBC_US + 5234) + " us"), s.stream()
                .map(HostProfile.Setting::text).toList());
        assertTrue(s.get(0).provenance().contains("-g 4 -l 1` (5.756 ms; 3 runs after a warm-up, 5.756..5.756)"),
                s.get(0).provenance());
        // a warm-up and three counted runs of each program
        assertEquals(4, shell.ran.stream().filter(l -> l.contains("sched messaging")).count(), shell.ran.toString());
        assertEquals(4, shell.ran.stream().filter(l -> l.endsWith(".perf hackbench")).count(), shell.ran.toString());
    }

    @Test
    void aRecordingThatMissedTheWorkersReadsIsTakenOnceMore(@TempDir Path tmp) throws IOException {
        // the first recording of hackbench (the warm-up) has no worker sample reading a message; the second try's are
        // the recorded ones
        Recorded.ReplayShell shell = new Recorded.ReplayShell().answer("libcexit 100", "hostprobe-libcexit.txt")
                .answer("sched messaging", "perf-script-messaging-workers.txt")
                .answer(".perf hackbench", "perf-script-no-reads.txt", "perf-script-hackbench-workers.txt",
                        "perf-script-hackbench-workers.txt", "perf-script-hackbench-workers.txt",
                        "perf-script-hackbench-workers.txt");
        List<String> progress = new java.util.ArrayList<>();
        List<HostProfile.Setting> s = new HostProfiler(shell, Recorded.root(tmp.resolve("root")), tmp, progress::add,
                HostProfilerTest.ENGINES).workerExitWork(true);
        assertEquals(List.of("param exit_work = " + (LIBC_US + 5234) + " us"), s.stream()
                .map(HostProfile.Setting::text).toList());
        assertEquals(5, shell.ran.stream().filter(l -> l.endsWith(".perf hackbench")).count(), shell.ran.toString());
        assertTrue(progress.stream().anyMatch(l -> l.contains("no worker reading a message") && l.endsWith(
                "measured once more")), progress.toString());
        assertTrue(progress.stream().noneMatch(l -> l.contains("skipped")), progress.toString());
    }

    @Test
    void aRecordingThatMissesThemTwiceGivesNoFigure(@TempDir Path tmp) throws IOException {
        Recorded.ReplayShell shell = new Recorded.ReplayShell().answer("libcexit 100", "hostprobe-libcexit.txt")
                .answer("sched messaging", "perf-script-messaging-workers.txt")
                .answer(".perf hackbench", "perf-script-no-reads.txt");
        assertEquals(List.of(), new HostProfiler(shell, Recorded.root(tmp.resolve("root")), tmp, x -> { },
                HostProfilerTest.ENGINES).workerExitWork(true));
        assertEquals(2, shell.ran.stream().filter(l -> l.endsWith(".perf hackbench")).count(), shell.ran.toString());
    }

    @Test
    void withoutPerfPerfsWorkersHaveNoFigure(@TempDir Path tmp) throws IOException {
        Recorded.ReplayShell shell = new Recorded.ReplayShell().answer("libcexit 100", "hostprobe-libcexit.txt");
        shell.missing = "perf";
        assertEquals(List.of(), new HostProfiler(shell, Recorded.root(tmp.resolve("root")), tmp, x -> { },
                HostProfilerTest.ENGINES).workerExitWork(true));
    }
}
