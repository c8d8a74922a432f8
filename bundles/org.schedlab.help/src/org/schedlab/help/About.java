/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.help;

import java.util.List;

import org.eclipse.core.runtime.Platform;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.SchedulerEngine;

/** What the About dialog says: SchedLab's version, its licence and the scheduler engines installed. */
public final class About {

    /** The licence SchedLab is distributed under. */
    public static final String LICENCE = "Eclipse Public License 2.0 (EPL-2.0)";

    private About() {
    }

    /** @return the About text */
    public static String text() {
        StringBuilder b = new StringBuilder();
        b.append("SchedLab ").append(Platform.getBundle("org.schedlab.help").getVersion()).append('\n');
        b.append("Simulates Linux schedulers on described machines and workloads.\n\n");
        b.append("Licence: ").append(LICENCE).append("\n\n");
        List<SchedulerEngine> engines = InstalledEngines.await(2000);
        b.append("Installed engines (").append(engines.size()).append("):\n");
        for (SchedulerEngine e : engines) {
            EngineInfo i = e.info();
            b.append("  ").append(i.id()).append(": ").append(i.title()).append(", versions ")
                    .append(String.join(", ", i.versions())).append(i.patches().isEmpty() ? "" : ", " + i.patches().size()
                            + " patch(es)").append('\n');
        }
        if (engines.isEmpty()) {
            b.append("  (none: the engine bundles did not start)\n");
        }
        return b.toString();
    }
}
