/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import org.schedlab.dsl.rtapp.RtAppExporter;
import org.schedlab.sim.SimConfig;

/** {@code schedlab export rtapp FILE.sched [--out FILE.json] [--experiment NAME]}: the reverse of the rt-app import. */
final class ExportCommand implements Command {

    @Override
    public String name() {
        return "export";
    }

    @Override
    public String summary() {
        return "write an experiment's workload as rt-app JSON (export rtapp FILE.sched [--out FILE.json])";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab export rtapp FILE.sched [--out FILE.json] [--experiment NAME]
				  Writes the workload of the experiment (the first, or NAME) at its first cell as an rt-app
				  description (default FILE.json beside FILE.sched), for running the same workload on a real kernel.
				  What rt-app cannot express (pipes and sockets, spin locks, exec, counters, random durations,
				  processes with their own mm, nested loops beyond unrolling) is reported here and left as a comment
				  in the JSON at its place. docs/language.md, "rt-app export".
				Exit codes: 0 exported exactly, 1 exported with problems, 3 unreadable or invalid FILE.sched.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--out", "--experiment"), Set.of());
        if (o.positional().size() != 2 || !o.positional().get(0).equals("rtapp")) {
            throw new UsageException(o.positional().isEmpty() ? "what to export? (schedlab export rtapp FILE.sched)"
                    : "the only format is rtapp: schedlab export rtapp FILE.sched");
        }
        Path file = Path.of(o.positional().get(1));
        if (!Files.isRegularFile(file)) {
            throw new InputException("no such file: " + file);
        }
        var plans = RunCommand.load(file, err);
        if (plans == null) {
            return Main.PROBLEMS;
        }
        String wanted = o.value("--experiment", null);
        var plan = plans.stream().filter(p -> wanted == null || p.name().equals(wanted)).findFirst().orElseThrow(
                () -> new InputException(file + ": " + (wanted == null ? "no experiment to export"
                        : "no experiment '" + wanted + "'; its experiments are "
                                + String.join(", ", plans.stream().map(p -> p.name()).toList()))));
        var cell = plan.cells().get(0);
        SimConfig config = cell.config();
        RtAppExporter.Result r = RtAppExporter.export(config.workload(), config.durationNs(), config.machine().mhz());
        String n = file.getFileName().toString();
        Path json = Path.of(o.value("--out", file.resolveSibling((n.endsWith(".sched") ? n.substring(0,
                n.length() - 6) : n) + ".json").toString()));
        try {
            Files.writeString(json, r.json(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputException("cannot write " + json + ": " + e.getMessage());
        }
        r.problems().forEach(p -> err.println(file + ": " + plan.name() + ": " + p));
        out.println("wrote " + json + " (experiment " + plan.name() + ", cell " + cell.label() + ")"
                + (r.problems().isEmpty() ? "" : "; " + r.problems().size() + " thing(s) rt-app cannot express, see above"));
        return r.problems().isEmpty() ? Main.OK : Main.PROBLEMS;
    }
}
