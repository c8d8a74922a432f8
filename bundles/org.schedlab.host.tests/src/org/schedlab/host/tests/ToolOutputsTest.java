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

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.host.HostException;
import org.schedlab.host.Shell;
import org.schedlab.host.ToolOutputs;

/** The figures read from the recorded outputs of each program, and a clear message for output that does not read. */
class ToolOutputsTest {

    @Test
    void perfBench() {
        assertEquals(4.05122, ToolOutputs.perfUsecsPerOp(Recorded.output("perf bench syscall basic",
                "perf-syscall.txt")), 1e-9);
        double thr = ToolOutputs.perfUsecsPerOp(Recorded.output("perf bench sched pipe -T", "perf-pipe-threads.txt"));
        assertTrue(thr > 1 && thr < 100, "usecs/op " + thr);
    }

    @Test
    void cyclictestHackbenchStressNgThreadsC() {
        List<ToolOutputs.Cyclic> c = ToolOutputs.cyclictest(Recorded.output("cyclictest", "cyclictest.txt"));
        assertEquals(List.of(new ToolOutputs.Cyclic(26, 60, 1286)), c);
        assertEquals(0.074, ToolOutputs.hackbenchSeconds(Recorded.output("hackbench", "hackbench.txt")), 1e-9);
        ToolOutputs.StressNg y = ToolOutputs.stressNg(Recorded.output("stress-ng --yield", "stress-ng-yield.txt"),
                "yield");
        assertEquals(new ToolOutputs.StressNg(167514, 1.00, 0.43, 0.62, 166931.41), y);
        ToolOutputs.StressNg cpu = ToolOutputs.stressNg(Recorded.output("stress-ng --cpu", "stress-ng-cpu.txt"), "cpu");
        assertTrue(cpu.usrSeconds() > 0.5, cpu.toString());
        ToolOutputs.ThreadsC t = ToolOutputs.threadsC(Recorded.output("threads", "threads-c-4.txt"));
        assertEquals(new ToolOutputs.ThreadsC(4, 577763, 0, 0.000222), t);
        assertEquals(747.09, ToolOutputs.probe(new Shell.Output("hostprobe", 0, "cacheline_ns 747.09\n", ""),
                "cacheline_ns"), 1e-9);
        // hostprobe ring: a ring of 8 may run a little faster than the rings of 2 around it
        assertEquals(-12.5, ToolOutputs.probe(new Shell.Output("hostprobe", 0,
                "ring_extra_ns -12.50\nring_ns 1548.29\ntwo_ns 1560.79\n", ""), "ring_extra_ns"), 1e-9);
    }

    @Test
    void rtAppLogByItsHeader() {
        List<ToolOutputs.RtAppRow> rows = ToolOutputs.rtAppLog(Recorded.text("rt-app-periodic-0.log"), "x.log");
        assertEquals(199, rows.size());
        assertEquals(new ToolOutputs.RtAppRow(3366, 4911, 1427, 93), rows.get(0));
        HostException e = assertThrows(HostException.class,
                () -> ToolOutputs.rtAppLog("#idx run period\n 0 1\n", "bad.log"));
        assertEquals("bad.log:2: 2 columns, the header names 3", e.getMessage());
    }

    @Test
    void outputThatDoesNotReadNamesTheCommandAndWhatItSaid() {
        HostException e = assertThrows(HostException.class, () -> ToolOutputs.perfUsecsPerOp(new Shell.Output(
                "perf bench sched pipe", 1, "", "perf: 'bench' is not a perf-command\n")));
        assertEquals("cannot read the output of `perf bench sched pipe` (exit 1): no 'usecs/op' line; it said: perf: "
                + "'bench' is not a perf-command", e.getMessage());
    }

    @Test
    void theOutputsOfTheWiderSuite() {
        // cyclictest -q -h: us buckets, then the summary (as rt-tests 2.4 prints it, shortened)
        ToolOutputs.CyclicHistogram h = ToolOutputs.cyclictestHistogram(new Shell.Output("cyclictest -h 100000", 0, """
				# /dev/cpu_dma_latency set to 0us
				000062 000090
				000064 000009
				003970 000001
				# Total: 000000100
				# Min Latencies: 00062
				# Avg Latencies: 00103
				# Max Latencies: 03970
				# Histogram Overflows: 00000
				""", ""));
        assertEquals((62 * 90 + 64 * 9 + 3970) / 100.0, h.meanUs(), 1e-9);
        assertEquals(64, h.p99Us(), 1e-9);
        assertEquals(3970, h.maxUs(), 1e-9);
        assertEquals(100, h.count());
        assertEquals(0.463, ToolOutputs.perfTotalSeconds(new Shell.Output("perf bench sched messaging", 0,
                "# 20 sender and receiver processes per group\n\n     Total time: 0.463 [sec]\n", "")), 1e-9);
        assertEquals(20 + 7, ToolOutputs.stressNgSwitches(new Shell.Output("stress-ng --cpu 2 --perf", 0, "", """
				stress-ng: info:  [26463] cpu:
				stress-ng: info:  [26463]                 1991827436 CPU Clock                      0.949 B/sec
				stress-ng: info:  [26463]                         20 Context Switches               9.529 /sec
				stress-ng: info:  [26463]                          0 CPU Migrations                 0.000 /sec
				stress-ng: info:  [26470]                          7 Context Switches               3.333 /sec
				""")), "the stressors' own switches, summed over the perf blocks");
        assertEquals(-1, ToolOutputs.stressNgSwitches(new Shell.Output("stress-ng", 0, "", "stress-ng: info: [1] ok\n")));
        assertEquals(33, ToolOutputs.rtAppPLoad(new Shell.Output("rt-app", 0, "", "[rt-app] <notice> pLoad = 33ns : "
                + "calib_cpu 0\n")));
    }
}
