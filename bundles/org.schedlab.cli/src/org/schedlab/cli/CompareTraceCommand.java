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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.schedlab.runner.trace.TraceComparison;
import org.schedlab.runner.trace.TraceFormatException;
import org.schedlab.runner.trace.TraceSummary;

/** {@code schedlab compare-trace REAL SIMULATED [--filter REGEX]}: a recorded trace beside a simulated one. */
final class CompareTraceCommand implements Command {

    @Override
    public String name() {
        return "compare-trace";
    }

    @Override
    public String summary() {
        return "compare a recorded sched trace with a simulated one (switch rate, CPU busy, CPU time per task)";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab compare-trace REAL SIMULATED [--filter REGEX]
				  Reads two ftrace texts (a kernel's tracefs `trace` or `trace-cmd report`, and `schedlab trace
				  --format ftrace` of the imported workload) and prints side by side: the span, context switches per
				  second, each CPU's busy share, and CPU time per task (ms per second of the span, tasks grouped by
				  comm without the _PID and -N suffixes the import and the simulation add), with simulated / real.
				  --filter counts only the recording's tasks whose comm the regular expression finds (what `import
				  ftrace --filter` kept), so that other load on the machine does not count.
				Exit codes: 0 compared, 3 a file is missing or has a bad line (FILE:LINE: message).""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--filter"), Set.of());
        if (o.positional().size() != 2) {
            throw new UsageException("expected two traces: schedlab compare-trace REAL SIMULATED");
        }
        Pattern filter;
        try {
            filter = o.value("--filter", null) == null ? null : Pattern.compile(o.value("--filter", null));
        } catch (PatternSyntaxException e) {
            throw new UsageException("--filter is not a regular expression: " + e.getDescription());
        }
        Path real = Path.of(o.positional().get(0));
        Path sim = Path.of(o.positional().get(1));
        for (Path p : new Path[] { real, sim }) {
            if (!Files.isRegularFile(p)) {
                throw new InputException("no such file: " + p);
            }
        }
        try {
            TraceComparison c = TraceComparison.of(TraceSummary.read(real, filter), TraceSummary.read(sim, TraceSummary.SIMULATED_WORKLOAD));
            out.println("real: " + real + (filter == null ? "" : " (tasks matching " + filter + ")"));
            out.println("simulated: " + sim);
            out.print(c.table());
            return Main.OK;
        } catch (TraceFormatException e) {
            throw new InputException(e.getMessage());
        } catch (IOException e) {
            throw new InputException("cannot read a trace: " + e.getMessage());
        }
    }
}
