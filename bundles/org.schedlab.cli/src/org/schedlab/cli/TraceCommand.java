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
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.runner.ExperimentRunner;
import org.schedlab.runner.export.FtraceTrace;
import org.schedlab.runner.export.PerfettoProtoTrace;
import org.schedlab.runner.export.PerfettoTrace;
import org.schedlab.sim.SimResult;

/**
 * {@code schedlab trace FILE.sched --cell MACHINE/VARIANT [--format json|ftrace|perfetto] --out F}: one run's
 * schedule for Perfetto, trace-cmd / KernelShark, or {@code schedlab import ftrace}.
 */
final class TraceCommand implements Command {

    private static final int DEFAULT_LIMIT = 200_000;

    @Override
    public String name() {
        return "trace";
    }

    @Override
    public String summary() {
        return "export one run's schedule as a Chrome JSON trace, the kernel's ftrace text or a Perfetto protobuf trace";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab trace FILE.sched --cell MACHINE/VARIANT[params] --out FILE
				                      [--format json|ftrace|perfetto] [--experiment NAME] [--limit N]
				  Re-runs one cell (first repeat, same seed, same schedule as schedlab run) with schedule tracing
				  on and writes the trace. --format json (the default): the JSON trace event format, CPU lanes of
				  slices for ui.perfetto.dev or chrome://tracing. --format ftrace: the text the kernel's tracefs
				  `trace` file prints for the sched events (sched_switch, sched_wakeup, sched_wakeup_new,
				  sched_migrate_task, sched_process_fork, sched_process_exit), which Perfetto opens with its CPU
				  scheduling and thread-state tracks, KernelShark and trace-cmd users read as their own, and
				  `schedlab import ftrace` reads back. --format perfetto: the same sched events as Perfetto's native
				  protobuf trace (ftrace event bundles per CPU, a process tree naming the tasks), for
				  ui.perfetto.dev and trace_processor. --limit caps the switch and wakeup records kept (default
				  200000).""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--cell", "--out", "--experiment", "--limit", "--format"), Set.of());
        String format = o.value("--format", "json");
        if (!format.equals("json") && !format.equals("ftrace") && !format.equals("perfetto")) {
            throw new UsageException("--format must be json, ftrace or perfetto, not '" + format + "'");
        }
        if (o.positional().size() != 1) {
            throw new UsageException(o.positional().isEmpty() ? "no file given" : "expected exactly one FILE.sched");
        }
        String cellLabel = o.value("--cell", null);
        String outFile = o.value("--out", null);
        if (cellLabel == null || outFile == null) {
            throw new UsageException("--cell and --out are required");
        }
        int limit = o.intValue("--limit", DEFAULT_LIMIT, 1, 50_000_000);
        List<ExperimentPlan> plans = RunCommand.load(Path.of(o.positional().get(0)), err);
        if (plans == null) {
            return Main.PROBLEMS;
        }
        String experiment = o.value("--experiment", null);
        ExperimentPlan plan = plans.stream().filter(p -> experiment == null || p.name().equals(experiment))
                .filter(p -> p.cell(cellLabel).isPresent()).findFirst()
                .orElseThrow(() -> new UsageException("no cell '" + cellLabel + "'; cells: " + String.join(", ",
                        plans.stream().flatMap(p -> p.cells().stream()).map(CellSpec::label).toList())));
        CellSpec cell = plan.cell(cellLabel).orElseThrow();
        SimResult run = new ExperimentRunner().traceRun(cell, plan.seed(cell, 0), limit);
        try {
            if (format.equals("ftrace")) {
                FtraceTrace.writeFile(run, cell.config(), Path.of(outFile));
            } else if (format.equals("perfetto")) {
                PerfettoProtoTrace.writeFile(run, cell.config(), Path.of(outFile));
            } else {
                PerfettoTrace.writeFile(run, plan.name() + " " + cell.label(), limit, Path.of(outFile));
            }
        } catch (IOException e) {
            throw new InputException("cannot write " + outFile + ": " + e.getMessage());
        }
        out.println("wrote " + outFile + " (" + plan.name() + ", " + cell.label() + ", " + format
                + (run.trace().size() >= limit ? ", cut at the --limit of " + limit + " records" : "") + ")");
        return Main.OK;
    }
}
