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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.host.validate.HostSteal;

/** /proc/stat's steal column, read before and after a real run. */
class HostStealTest {

    @Test
    void theShareOfTheCpusTimeTheHostTook(@TempDir Path proc) throws Exception {
        // this machine, 5 December 2026, five seconds apart: 1 tick of 1,005 stolen (the guest columns left out)
        HostSteal before = HostSteal.parse("cpu  1927390 5986 157590 508384 8171 0 3142 49781 0 0\ncpu0 1 2 3\n");
        HostSteal after = HostSteal.parse("cpu  1927390 5986 157594 509381 8171 0 3142 49782 7 0\n");
        assertEquals(new HostSteal(49781, 1927390 + 5986 + 157590 + 508384 + 8171 + 3142 + 49781), before);
        assertEquals(100.0 / 1002, after.percentSince(before), 1e-9);
        assertTrue(Double.isNaN(before.percentSince(before)), "no time passed: no share");
        assertNull(HostSteal.parse("intr 1 2 3\n"), "not a cpu line");
        assertNull(HostSteal.parse("cpu 1 2 3 4\n"), "a kernel without the steal column");
        assertNull(HostSteal.read(proc), "no /proc/stat below a test's folder");
        Files.writeString(proc.resolve("stat"), "cpu  10 0 10 80 0 0 0 0 0 0\n");
        assertEquals(0L, HostSteal.read(proc).steal());
    }
}
