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

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.host.ProfileComparison;

/** profile-host --against: the keys of two profiles side by side, agreeing within 10 % or not. */
class ProfileComparisonTest {

    @Test
    void keysBothProfilesGiveAreComparedWithinTenPercent() {
        String now = "machine host {\n\t// x\n\tcost syscall = 430 cycles\n\tcost cacheline_transfer = 501 cycles\n"
                + "\tcost halt_wake_latency = 0 ns\n\tcost only_here = 1 ns\n}\n";
        String before = "machine host {\n\tcost cacheline_transfer = 442 cycles\n\tcost syscall = 400 cycles\n"
                + "\tcost halt_wake_latency = 0 ns\n}\n";
        List<ProfileComparison> rows = ProfileComparison.compare(now, before);
        assertEquals(List.of("syscall", "cacheline_transfer", "halt_wake_latency"), rows.stream()
                .map(ProfileComparison::key).toList());
        assertTrue(rows.get(0).agrees(), "430 against 400: 7.5 %");
        assertFalse(rows.get(1).agrees(), "501 against 442: 13 %");
        assertTrue(rows.get(2).agrees(), "0 in both");
        String table = ProfileComparison.format(rows);
        assertTrue(table.contains("2 of 3 keys within 10 %"), table);
        assertTrue(table.contains("1.13  NO"), table);
    }

    @Test
    void theTagCountIsComparedToo() {
        List<ProfileComparison> rows = ProfileComparison.compare("machine host {\n\ttlb tags 2\n\tcost mm_switch = 5029"
                + " cycles\n}\n", "machine host {\n\tcost mm_switch = 804 cycles\n\ttlb tags 6\n}\n");
        assertEquals(List.of("mm_switch", "tlb_tags"), rows.stream().map(ProfileComparison::key).toList(),
                "the cost lines first, then the tags");
        assertEquals(List.of(2L, 6L, "tags"), List.of(rows.get(1).now(), rows.get(1).other(), rows.get(1).unit()));
        assertFalse(rows.get(1).agrees());
    }
}
