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
        TraceImporter imp = new TraceImporter(TraceImporter.Options.defaults());
        long t0 = System.nanoTime();
        new FtraceReader("synthetic").read(new SyntheticTrace(events, 64, 8), imp);
        imp.finish();
        double s = (System.nanoTime() - t0) / 1e9;
        assertEquals(events, imp.events());
        assertEquals(64, imp.importedTasks());
        String text = new WorkloadWriter(imp, "synthetic").render("synthetic",
                new WorkloadWriter.Target(null, null, "eevdf", "6.18"));
        assertTrue(text.length() < 200_000, "the workload's size follows the tasks, not the events");
        assertTrue(s < 30, "1M events in " + s + " s");
    }

}
