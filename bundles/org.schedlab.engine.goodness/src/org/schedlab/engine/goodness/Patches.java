/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import java.util.List;
import java.util.Map;

/**
 * The patches the goodness() engine offers, with the versions each applies to.
 * Each id names one historical patch, except {@link #SWITCHTO}, a SchedLab
 * extension.
 */
public final class Patches {
    /** Ivan Schreter, LKML 30 May 2001: prev_goodness returns -1, the scan skips prev (seed 001). */
    public static final String SCHRETER_V1 = "schreter-v1-2001";
    /** Ivan Schreter, LKML 30 May 2001, version 2: the yield test moves into goodness() (seed 001). */
    public static final String SCHRETER_V2 = "schreter-v2-2001";
    /** Bill Hartner, LKML Jan 2002: move_last_runqueue from sys_sched_yield into schedule() (seed 000). */
    public static final String HARTNER_YIELD = "hartner-yield-2002";
    /** Davide Libenzi, LKML 9 Jun 1999: the 48 goodness slots (seed 003). */
    public static final String LIBENZI_SLOTIZER = "libenzi-slotizer-1999";
    /** SchedLab extension: sched_switchto, a directed yield as Ivan Schreter wished for (seed 001). */
    public static final String SWITCHTO = "switchto";

    /** Every id, in display order. */
    public static final List<String> IDS = List.of(SCHRETER_V1, SCHRETER_V2, HARTNER_YIELD, LIBENZI_SLOTIZER, SWITCHTO);

    private static final Map<String, List<KernelVersion>> APPLIES = Map.of(
            SCHRETER_V1, List.of(KernelVersion.V2_2_16),
            SCHRETER_V2, List.of(KernelVersion.V2_2_16),
            HARTNER_YIELD, List.of(KernelVersion.V2_4_18_PRE4),
            LIBENZI_SLOTIZER, List.of(KernelVersion.V2_3_5),
            SWITCHTO, List.of(KernelVersion.values()));

    private Patches() {
    }

    /** The versions a patch applies to. */
    public static List<KernelVersion> appliesTo(String id) {
        return APPLIES.getOrDefault(id, List.of());
    }

    /** Whether {@code id} applies to {@code v}. */
    public static boolean appliesTo(String id, KernelVersion v) {
        return appliesTo(id).contains(v);
    }
}
