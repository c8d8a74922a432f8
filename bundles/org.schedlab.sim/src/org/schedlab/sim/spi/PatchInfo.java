/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.spi;

import java.util.List;
import java.util.Objects;

/**
 * Descriptor of a patch an engine can apply.
 *
 * @param id          stable id, e.g. {@code hartner-yield-2002}
 * @param title       the patch's subject line
 * @param author      who wrote it
 * @param date        when it was posted (ISO date or year-month)
 * @param source      where it was published (list and thread, or commit id)
 * @param description one paragraph: what it changes and why
 * @param hooks       the {@link Scheduler} hooks it changes ({@code "schedule"}, {@code "sysSchedYield"},
 *                    {@code "idle"} for the machine's idle loop, ...)
 * @param appliesTo   engine versions it applies to (a subset of {@link EngineInfo#versions()})
 * @param extension   true for a SchedLab extension that was never a historical kernel patch
 */
public record PatchInfo(String id, String title, String author, String date, String source,
                        String description, List<String> hooks, List<String> appliesTo, boolean extension) {
    public PatchInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(author, "author");
        Objects.requireNonNull(date, "date");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(description, "description");
        hooks = List.copyOf(hooks);
        appliesTo = List.copyOf(appliesTo);
    }
}
