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

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.host.CHelpers;
import org.schedlab.host.HostProfile;
import org.schedlab.host.HostProfiler;

/** profile-host on the recorded outputs: every value, its provenance, and a block the language accepts. */
class HostProfilerTest {

    static Recorded.ReplayShell shell() {
        return new Recorded.ReplayShell().answer("getconf", "getconf.txt")
                .answer("bench syscall", "perf-syscall.txt").answer("pipe -T", "perf-pipe-threads.txt")
                .answer("sched pipe -l", "perf-pipe-processes.txt").answer("cyclictest", "cyclictest.txt")
                .answer("pipe 0 1", "hostprobe-pipe-cross.txt").answer("pipe 0 0", "hostprobe-pipe-same.txt")
                .answer("cacheline", "hostprobe-cacheline.txt").answer("memlat", "hostprobe-memlat.txt");
    }

    @Test
    void measuresFromTheRecordedOutputs(@TempDir Path tmp) throws Exception {
        List<String> progress = new ArrayList<>();
        HostProfile p = new HostProfiler(shell(), Recorded.root(tmp.resolve("root")), tmp, progress::add)
                .measure("host");
        assertEquals("6.18.44-fc-v1045", p.kernel());
        assertEquals("AMD EPYC", p.model());
        assertEquals("2 threads per core 1", p.value("cpus"));
        assertEquals("2096 MHz", p.value("clock"));
        assertEquals("250", p.value("hz"));
        assertEquals("1 MB", p.value("l2 cache"));
        assertEquals("halt", p.value("idle"));
        // 4.05122 us x 2096 MHz
        assertEquals("8491 cycles", p.value("cost syscall"));
        assertEquals(List.of(), p.notes());
        for (String key : List.of("context_switch", "mm_switch", "halt_wake_latency", "ipi_latency",
                "cacheline_transfer", "poll_notice_latency", "memory_latency")) {
            assertTrue(p.value("cost " + key) != null, key + " in " + p.render());
        }
        String text = p.render();
        assertTrue(text.contains("\t// 20") && text.contains(", 6.18.44-fc-v1045, AMD EPYC: `perf bench syscall basic "
                + "-l 1000000` (3 runs): median 4.051 usecs/op x 2096 MHz\n\tcost syscall = 8491 cycles\n"), text);
        SchedLoader.Loaded l = new SchedLoader().loadText("host.sched", text);
        assertEquals(List.of(), l.diagnostics(), text);
    }

    @Test
    void aMissingToolLeavesItsFiguresOutWithANote(@TempDir Path tmp) throws Exception {
        Recorded.ReplayShell shell = shell();
        shell.missing = "cyclictest";
        HostProfile p = new HostProfiler(shell, Recorded.root(tmp.resolve("root")), tmp, s -> {
        }).measure("host");
        assertEquals(null, p.value("cost halt_wake_latency"));
        assertEquals(List.of("halt_wake_latency: cyclictest is not installed (apt-get install rt-tests)"), p.notes());
        assertTrue(p.render().contains("// not measured: halt_wake_latency: cyclictest is not installed"));
    }

    @Test
    void threadsCIsPatchedForItsSizeTimeAndX8664() {
        String s = CHelpers.patchThreadsC(CHelpers.source("threads.c"), 64, 2);
        assertTrue(s.contains("#define MAXTHREADS\t64") && s.contains("#define MEASURE_TIME\t2")
                && s.contains("syscall(SYS_sched_yield)") && !s.contains("syscall(158)"), s);
    }
}
