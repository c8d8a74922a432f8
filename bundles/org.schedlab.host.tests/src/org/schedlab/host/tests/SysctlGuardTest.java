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

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.host.HostException;
import org.schedlab.host.SysctlGuard;

/** validate-host leaves every sysctl it changes as it found it: when a case ends, and when the JVM is stopped first. */
class SysctlGuardTest {

    private static Path sysctl(Path dir, String value) throws Exception {
        Path f = dir.resolve("kernel/sched_rr_timeslice_ms");
        Files.createDirectories(f.getParent());
        Files.writeString(f, value + "\n");
        return f;
    }

    @Test
    void theValueIsBackWhenTheCaseEnds(@TempDir Path dir) throws Exception {
        Path f = sysctl(dir, "100");
        try (SysctlGuard g = SysctlGuard.set(dir, "kernel/sched_rr_timeslice_ms", "10")) {
            assertEquals("10", Files.readString(f).strip());
            assertEquals("100", g.original());
        }
        assertEquals("100", Files.readString(f).strip());
    }

    @Test
    void theValueIsBackWhenTheJvmStopsFirst(@TempDir Path dir) throws Exception {
        Path f = sysctl(dir, "100");
        SysctlGuard g = SysctlGuard.set(dir, "kernel/sched_rr_timeslice_ms", "10");
        try {
            assertEquals("10", Files.readString(f).strip());
            // what Ctrl-C or SIGTERM runs: the registered shutdown hook
            Thread hook = g.hook();
            hook.run();
            assertEquals("100", Files.readString(f).strip());
            Files.writeString(f, "7\n");
            hook.run();
            assertEquals("7", Files.readString(f).strip(), "the value is restored once, not again");
        } finally {
            g.close();
        }
        assertEquals(false, Runtime.getRuntime().removeShutdownHook(g.hook()), "close() forgot the hook");
    }

    @Test
    void aSysctlThisKernelLacksIsRefusedAndNothingIsWritten(@TempDir Path dir) {
        HostException e = assertThrows(HostException.class,
                () -> SysctlGuard.set(dir, "kernel/sched_autogroup_enabled", "0"));
        assertEquals(true, e.getMessage().contains("no such sysctl"), e.getMessage());
        assertEquals(false, Files.exists(dir.resolve("kernel/sched_autogroup_enabled")));
    }
}
