/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.o1.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.schedlab.engine.o1.IdleLoopPatch;
import org.schedlab.sim.machine.IdlePolicy;

class IdleLoopPatchTest {
    @Test
    void withoutAnIdlePatchThe2614BehaviourApplies() {
        assertSame(IdleLoopPatch.IA64_2_6_14, IdleLoopPatch.select(Set.of()));
        assertSame(IdleLoopPatch.IA64_2_6_14, IdleLoopPatch.select(Set.of("some-other-patch")));
    }

    @Test
    void eachIdlePatchSelectsItsPolicy() {
        assertEquals(IdlePolicy.HALT, IdleLoopPatch.select(Set.of("ia64-idle-2.6.14")).policy());
        assertEquals(IdlePolicy.HALT_POLLING_FLAG_SET,
                IdleLoopPatch.select(Set.of("ia64-idle-polling-2.6.15-rc1")).policy());
        assertEquals(IdlePolicy.HALT, IdleLoopPatch.select(Set.of("ia64-idle-fix-2.6.15-rc2")).policy());
        assertEquals(IdlePolicy.POLL, IdleLoopPatch.select(Set.of("poll-idle")).policy());
    }

    @Test
    void twoIdlePatchesAreAConfigurationError() {
        assertThrows(IllegalArgumentException.class,
                () -> IdleLoopPatch.select(List.of("poll-idle", "ia64-idle-fix-2.6.15-rc2")));
    }

    @Test
    void descriptorsNameTheirSeedSources() {
        IdleLoopPatch fix = IdleLoopPatch.IA64_IDLE_FIX_RC2;
        assertEquals("2005-11-15", fix.date());
        assertEquals("Ken Chen (Chen, Kenneth W)", fix.author());
        assertFalse(IdleLoopPatch.IA64_IDLE_POLLING_RC1.source().isEmpty());
        for (IdleLoopPatch p : IdleLoopPatch.values()) {
            assertFalse(p.description().isBlank(), p.id());
        }
    }
}
