/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

import java.util.Set;

/**
 * The patches applied to one run, as flags the scheduler tests at the places
 * the patches change. Descriptors (author, date, source) are in {@link Patches}.
 */
public record PatchSet(boolean schreterV1, boolean schreterV2, boolean hartnerYield,
                       boolean slotizer, boolean switchto) {

    /** Reads and checks a configuration's patch ids against the version. */
    public static PatchSet of(Set<String> ids, KernelVersion v) {
        for (String id : ids) {
            if (!Patches.IDS.contains(id)) {
                throw new IllegalArgumentException("goodness engine: unknown patch " + id);
            }
            if (!Patches.appliesTo(id, v)) {
                throw new IllegalArgumentException("goodness engine: patch " + id + " does not apply to " + v);
            }
        }
        PatchSet p = new PatchSet(ids.contains(Patches.SCHRETER_V1), ids.contains(Patches.SCHRETER_V2),
                ids.contains(Patches.HARTNER_YIELD), ids.contains(Patches.LIBENZI_SLOTIZER),
                ids.contains(Patches.SWITCHTO));
        if (p.schreterV1 && p.schreterV2) {
            throw new IllegalArgumentException("goodness engine: " + Patches.SCHRETER_V1 + " and "
                    + Patches.SCHRETER_V2 + " are alternatives (v2 replaces v1)");
        }
        return p;
    }

    /** No patch. */
    public static PatchSet none() {
        return new PatchSet(false, false, false, false, false);
    }
}
