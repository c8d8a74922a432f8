/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.PrintStream;
import java.util.List;

import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

/** {@code schedlab engines}: the installed engines, their versions, patches and tunables. */
final class EnginesCommand implements Command {

    @Override
    public String name() {
        return "engines";
    }

    @Override
    public String summary() {
        return "list installed engines, their kernel versions, patches, tunables and counters";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab engines
				  Lists every installed scheduler engine: its kernel versions, its patches (title, author, date,
				  the versions each applies to), its tunables with defaults and units, and the counters it
				  reports, which experiments may name as metrics.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        if (args.length > 0) {
            throw new UsageException("takes no arguments");
        }
        List<SchedulerEngine> engines = InstalledEngines.started();
        if (engines.isEmpty()) {
            err.println("schedlab engines: no scheduler engine is installed");
            return Main.PROBLEMS;
        }
        for (SchedulerEngine engine : engines) {
            print(engine.info(), out);
        }
        return Main.OK;
    }

    private static void print(EngineInfo info, PrintStream out) {
        out.printf("%s  %s%n", info.id(), info.title());
        out.printf("  versions: %s%n", String.join(", ", info.versions()));
        if (!info.patches().isEmpty()) {
            out.println("  patches:");
            for (PatchInfo p : info.patches()) {
                out.printf("    %-32s %s%s%n", p.id(), p.title(), p.extension() ? "  [SchedLab extension]" : "");
                out.printf("    %-32s %s, %s; applies to %s%n", "", p.author(), p.date(), String.join(", ", p.appliesTo()));
            }
        }
        if (!info.tunables().isEmpty()) {
            out.println("  tunables:");
            for (TunableInfo t : info.tunables()) {
                out.printf("    %-32s default %s %s  %s%n", t.name(), t.defaultValue(), t.unit(), t.description());
            }
        }
        if (!info.counters().isEmpty()) {
            out.printf("  counters (metrics): %s%n", String.join(", ", info.counters()));
        }
        out.println();
    }
}
