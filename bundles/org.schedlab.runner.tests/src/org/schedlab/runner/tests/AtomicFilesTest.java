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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.AtomicFiles;
import org.schedlab.runner.ResultFiles;
import org.schedlab.runner.RunMonitor;

class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    void writesAndReplacesWholeFiles() throws IOException {
        Path f = dir.resolve("a.txt");
        AtomicFiles.writeString(f, "first version, rather long");
        AtomicFiles.writeString(f, "second");
        assertEquals("second", Files.readString(f));
        assertEquals(List.of(f), listing());
    }

    @Test
    void failingWriterLeavesTheOldFileAndNoTemporary() throws IOException {
        Path f = dir.resolve("result.csv");
        AtomicFiles.writeString(f, "old complete content");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(f, out -> {
            out.write("half of the new".getBytes(StandardCharsets.UTF_8));
            out.flush();
            throw new IOException("disk full (injected)");
        }));
        assertEquals("disk full (injected)", e.getMessage());
        assertEquals("old complete content", Files.readString(f));
        assertEquals(List.of(f), listing(), "temporary file removed");
    }

    @Test
    void failingWriterForANewFileLeavesNothing() throws IOException {
        Path f = dir.resolve("new.json");
        assertThrows(IllegalStateException.class, () -> AtomicFiles.write(f, out -> {
            out.write('{');
            throw new IllegalStateException("exporter bug (injected)");
        }));
        assertFalse(Files.exists(f));
        assertTrue(listing().isEmpty());
    }

    @Test
    void cancelledWriteLeavesTheOldFile() throws IOException {
        Path f = dir.resolve("r.schedresult");
        AtomicFiles.writeString(f, "old");
        AtomicBoolean cancel = new AtomicBoolean();
        assertThrows(CancellationException.class, () -> AtomicFiles.write(f, out -> {
            out.write("new".getBytes(StandardCharsets.UTF_8));
            cancel.set(true); // cancelled while writing
        }, cancel::get));
        assertEquals("old", Files.readString(f));
        assertEquals(List.of(f), listing());
    }

    @Test
    void cancelledRunWritesNoResultFiles() throws IOException {
        AtomicBoolean cancel = new AtomicBoolean();
        RunMonitor m = monitor(cancel, 0.05);
        ExperimentResult r = Fixtures.runner().run(Fixtures.plan(Fixtures.matrix(), 2, List.of()), 1, m);
        Path old = ResultFiles.path(dir, "t", ResultFiles.Format.XMI);
        AtomicFiles.writeString(old, "an earlier complete result");
        assertThrows(CancellationException.class, () -> ResultFiles.write(r, dir, "t",
                List.of(ResultFiles.Format.values()), true, false, m));
        assertEquals("an earlier complete result", Files.readString(old));
        assertEquals(List.of(old), listing());
    }

    @Test
    void completeRunWritesEveryFormat() throws IOException {
        ExperimentResult r = Fixtures.runner().run(Fixtures.plan(Fixtures.matrix(), 1, List.of()), 2, RunMonitor.NONE);
        List<Path> written = ResultFiles.write(r, dir, "t");
        assertEquals(List.of("t.schedresult", "t.csv", "t.json"),
                written.stream().map(p -> p.getFileName().toString()).toList());
        assertEquals(3, listing().size());
        for (Path p : written) {
            assertTrue(Files.size(p) > 100, p.toString());
        }
    }

    private List<Path> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    static RunMonitor monitor(AtomicBoolean cancel, double at) {
        return new RunMonitor() {
            @Override
            public void progress(double fraction, String message) {
                if (fraction >= at) {
                    cancel.set(true);
                }
            }

            @Override
            public boolean isCancelled() {
                return cancel.get();
            }
        };
    }
}
