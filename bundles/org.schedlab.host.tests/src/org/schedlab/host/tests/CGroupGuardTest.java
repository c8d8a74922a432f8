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
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.host.CGroupGuard;

/**
 * validate-host removes every cgroup it makes: when a case ends, and when the JVM is stopped first (its shutdown
 * hook); a task left in it goes to the parent. A folder stands for the cpu controller (v1's files).
 */
class CGroupGuardTest {

    private static Path controller(Path dir) throws Exception {
        Path cpu = dir.resolve("cpu");
        Files.createDirectories(cpu);
        Files.writeString(cpu.resolve("cpu.shares"), "1024\n");
        Files.writeString(cpu.resolve("cgroup.procs"), "");
        return cpu;
    }

    @Test
    void theCgroupIsMadeWithItsLimitAndRemovedWhenTheCaseEnds(@TempDir Path dir) throws Exception {
        Path cpu = controller(dir);
        assertEquals(cpu, CGroupGuard.cpuController(dir));
        Path made;
        try (CGroupGuard g = CGroupGuard.create(cpu, "schedlab-test", 2048, 50_000, 100_000)) {
            made = g.dir();
            assertEquals("2048", Files.readString(made.resolve("cpu.shares")).strip());
            assertEquals("50000", Files.readString(made.resolve("cpu.cfs_quota_us")).strip());
            assertEquals("100000", Files.readString(made.resolve("cpu.cfs_period_us")).strip());
            Files.writeString(made.resolve("cpu.stat"), "nr_periods 20\nnr_throttled 19\nthrottled_time 950000000\n");
            Map<String, Long> stat = g.stat();
            assertEquals(19L, stat.get("nr_throttled"));
            assertEquals(950_000L, stat.get("throttled_usec"), "v1's ns as us");
        }
        assertFalse(Files.exists(made));
    }

    @Test
    void theCgroupGoesWhenTheJvmStopsFirstAndItsTasksMoveUp(@TempDir Path dir) throws Exception {
        Path cpu = controller(dir);
        CGroupGuard g = CGroupGuard.create(cpu, "schedlab-test", 1024, 0, 100_000);
        try {
            assertEquals("-1", Files.readString(g.dir().resolve("cpu.cfs_quota_us")).strip(), "no limit");
            Files.writeString(g.dir().resolve("cgroup.procs"), "4242\n");
            g.hook().run(); // what Ctrl-C or SIGTERM runs
            assertFalse(Files.exists(g.dir()));
            assertEquals("4242", Files.readString(cpu.resolve("cgroup.procs")).strip(), "the task went to the parent");
        } finally {
            g.close();
        }
        assertEquals(false, Runtime.getRuntime().removeShutdownHook(g.hook()), "close() forgot the hook");
    }

    @Test
    void v2IsFoundByItsControllers(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
        assertEquals(dir, CGroupGuard.cpuController(dir));
        try (CGroupGuard g = CGroupGuard.create(dir, "schedlab-v2", 2048, 150_000, 100_000)) {
            assertTrue(g.v2());
            assertEquals("200", Files.readString(g.dir().resolve("cpu.weight")).strip());
            assertEquals("150000 100000", Files.readString(g.dir().resolve("cpu.max")).strip());
        }
    }
}
