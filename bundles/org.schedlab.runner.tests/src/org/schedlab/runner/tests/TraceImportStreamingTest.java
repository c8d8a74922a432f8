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
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.runner.trace.FtraceReader;
import org.schedlab.runner.trace.TraceImporter;
import org.schedlab.runner.trace.WorkloadWriter;

/** The import of a long synthetic trace streams: time and memory follow the tasks, not the events. */
class TraceImportStreamingTest {
    @Test
    void aLongTraceStreamsInBoundedMemory() throws Exception {
        long events = 1_000_000;
        long t0 = System.nanoTime();
        String text = workload(events);
        double s = (System.nanoTime() - t0) / 1e9;
        String quarter = workload(events / 4);
        // each task's fitted loop is at most 32 bursts, each burst's wakeups spread through it
        assertTrue(text.length() < 1.2 * quarter.length() && text.length() < 1_000_000, "the workload's size"
                + " follows the tasks, not the events: " + text.length() + " characters for " + events + " events, "
                + quarter.length() + " for a quarter of them");
        assertTrue(s < 30, "1M events in " + s + " s");
    }

    private static String workload(long events) throws Exception {
        TraceImporter imp = new TraceImporter(TraceImporter.Options.defaults());
        new FtraceReader("synthetic").read(new SyntheticTrace(events, 64, 8), imp);
        imp.finish();
        assertEquals(events, imp.events());
        assertEquals(64, imp.importedTasks());
        return new WorkloadWriter(imp, "synthetic").render("synthetic", new WorkloadWriter.Target(null, null, "eevdf",
                "6.18"));
    }

}
