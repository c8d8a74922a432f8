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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.host.HostException;
import org.schedlab.host.validate.MeasuredRuns;

/** validate-host --measured DIR: the real side kept and read back exactly, and a damaged file refused where it is. */
class MeasuredRunsTest {

    @Test
    void theRealSideIsKeptAndReadBackWithEveryDigit(@TempDir Path dir) throws IOException {
        Map<String, List<Map<String, Double>>> measured = new LinkedHashMap<>();
        measured.put("threads_c-4", List.of(Map.of("work/s", 1_451_116.123456789, "context switches", 1.3e6),
                Map.of("work/s", 1_400_566.5, "context switches", 1.29e6)));
        measured.put("rr-hogs | rr timeslice 10 ms", List.of(Map.of("hog switches", 75.6)));
        Path trace = Files.writeString(dir.resolve("recorded.trace"), "# tracer: nop\n");
        MeasuredRuns real = new MeasuredRuns(measured, Map.of("cgroup-hogs", "no cpu controller\tat all"),
                Map.of("replay-hackbench", trace, "replay-rtapp", "not root"));
        Path keep = dir.resolve("keep");
        assertFalse(MeasuredRuns.exists(keep));
        real.save(keep);
        assertTrue(MeasuredRuns.exists(keep));
        MeasuredRuns back = MeasuredRuns.load(keep, List.of("replay-hackbench", "replay-rtapp"));
        assertEquals(measured, back.measured());
        assertEquals(Map.of("cgroup-hogs", "no cpu controller at all"), back.skipped());
        assertEquals(keep.resolve("replay-hackbench.trace"), back.traces().get("replay-hackbench"));
        assertEquals("not root", back.traces().get("replay-rtapp"));
        assertEquals("# tracer: nop\n", Files.readString(keep.resolve("replay-hackbench.trace")));
    }

    @Test
    void aDamagedFileIsRefusedWithItsLine(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve(MeasuredRuns.FILE), "# header\nrun\tnice-0,0\t0\tshare 1st\t50.0\nrun\tx\tone\n");
        HostException e = assertThrows(HostException.class, () -> MeasuredRuns.load(dir, List.of()));
        assertTrue(e.getMessage().contains(MeasuredRuns.FILE + ":3:"), e.getMessage());
    }
}
