/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.CostRange;
import org.schedlab.sim.machine.CostTable;
import org.schedlab.sim.machine.MachineProfile;

/** The plausible ranges of the [U] costs: present for each, around its value, and never part of the model. */
class CostRangeTest {

    @Test
    void everyUncertainBuiltInCostHasARangeAroundItsValue() {
        for (MachineProfile p : MachineProfile.builtIns()) {
            for (CostKey k : CostKey.values()) {
                String source = p.costs().source(k);
                Optional<CostRange> r = p.costs().range(k);
                if (source.startsWith("[U]")) {
                    assertTrue(r.isPresent(), p.id() + " " + k + " is [U] without a range");
                }
                r.ifPresent(x -> {
                    assertTrue(x.contains(p.costs().cycles(k)), p.id() + " " + k + " " + x);
                    assertFalse(x.reason().isBlank(), p.id() + " " + k + " has a range without a reason");
                    assertTrue(x.high() > x.low(), p.id() + " " + k + " " + x);
                });
            }
        }
    }

    @Test
    void sourcedCostsHaveNoRange() {
        CostTable c = MachineProfile.piii700().costs();
        assertTrue(c.range(CostKey.SYSCALL).isEmpty());
        assertTrue(c.range(CostKey.MEMORY_LATENCY).isEmpty());
        assertEquals(new CostRange(100, 300, c.range(CostKey.CACHELINE_TRANSFER).orElseThrow().reason()),
                c.range(CostKey.CACHELINE_TRANSFER).orElseThrow());
    }

    @Test
    void rangesDoNotChangeTheTableAndANewValueDropsTheOldRange() {
        CostTable c = MachineProfile.piii700().costs();
        CostTable wider = c.withRange(CostKey.SYSCALL, new CostRange(300, 400, "test"));
        assertEquals(c, wider, "a range is no part of the model");
        assertEquals(330, wider.cycles(CostKey.SYSCALL));
        CostTable set = c.with(CostKey.CACHELINE_TRANSFER, 500, "test");
        assertTrue(set.range(CostKey.CACHELINE_TRANSFER).isEmpty(), "the range belonged to the old value");
        assertThrows(IllegalArgumentException.class,
                () -> c.withRange(CostKey.SYSCALL, new CostRange(400, 500, "test")));
        assertThrows(IllegalArgumentException.class, () -> new CostRange(5, 4, "test"));
    }
}
