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

import org.schedlab.runner.AtomicFiles;
import org.schedlab.runner.trace.TraceFormatException;
import org.schedlab.runner.trace.TraceImporter;
import org.schedlab.runner.trace.WorkloadWriter;

/** {@code schedlab import ftrace TRACE [--out FILE.sched] [--exact] [--filter REGEX] [--host host.sched]}. */
final class FtraceImport {
    static final String USAGE = """
			       schedlab import ftrace TRACE [--out FILE.sched] [--exact] [--filter REGEX] [--host host.sched]
			                              [--eevdf VERSION]
			  Reads a trace of the sched events (the tracefs `trace` file, `trace-cmd report` output, or
			  `schedlab trace --format ftrace`; .gz is read as it streams) and writes a workload that replays it,
			  with an experiment running it for the trace's span under the eevdf engine (default TRACE.sched):
			  per task its run bursts and sleeps as fitted distributions (--exact: the recorded sequence), a
			  channel between tasks that wake each other, forks, exits, nice and policy, affinity where the
			  trace shows it; comments say what could not be inferred. --filter keeps the tasks whose comm the
			  regular expression finds (default: every task); --host imports a profile-host machine; --eevdf
			  the engine version (default 6.18). Without --out an existing file is never replaced. A bad line is
			  reported as TRACE:LINE: message.
			""";

    private FtraceImport() {
    }

    static int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--out", "--filter", "--host", "--eevdf"), Set.of("--exact"));
        if (o.positional().size() != 1) {
            throw new UsageException("expected one trace file: schedlab import ftrace TRACE [--out FILE.sched]");
        }
        Path trace = Path.of(o.positional().get(0));
        if (!Files.isRegularFile(trace)) {
            throw new InputException("no such file: " + trace);
        }
        Pattern filter;
        try {
            filter = o.value("--filter", null) == null ? null : Pattern.compile(o.value("--filter", null));
        } catch (PatternSyntaxException e) {
            throw new UsageException("--filter is not a regular expression: " + e.getDescription());
        }
        Path outFile = Path.of(o.value("--out", trace.getFileName().toString().replaceAll("(\\.gz)?$", "")
                .replaceAll("\\.(txt|trace|dat|report)$", "") + ".sched"));
        if (o.value("--out", null) == null && trace.getParent() != null) {
            outFile = trace.resolveSibling(outFile);
        }
        if (o.value("--out", null) == null) {
            ImportCommand.refuseToOverwrite(outFile);
        }
        String hostImport = null;
        String machine = null;
        if (o.value("--host", null) != null) {
            Path host = Path.of(o.value("--host", null));
            machine = ValidateHostCommand.machineName(host);
            Path dir = outFile.toAbsolutePath().getParent();
            hostImport = dir.relativize(host.toAbsolutePath()).toString();
        }
        String name = WorkloadWriterNames.of(outFile);
        try {
            long t0 = System.nanoTime();
            TraceImporter imp = TraceImporter.read(trace, new TraceImporter.Options(filter, o.flag("--exact")));
            String text = new WorkloadWriter(imp, trace.getFileName().toString()).render(name,
                    new WorkloadWriter.Target(hostImport, machine, "eevdf", o.value("--eevdf", "6.18")));
            AtomicFiles.writeString(outFile, text);
            out.printf(java.util.Locale.ROOT, "wrote %s (%d task(s) from %d sched events in %.1f s)%n", outFile,
                    imp.importedTasks(), imp.events(), (System.nanoTime() - t0) / 1e9);
            return imp.importedTasks() == 0 ? Main.PROBLEMS : Main.OK;
        } catch (TraceFormatException e) {
            throw new InputException(e.getMessage());
        } catch (IOException e) {
            throw new InputException("cannot import " + trace + ": " + e.getMessage());
        }
    }


    /** The workload's name from the output file's. */
    static final class WorkloadWriterNames {
        private WorkloadWriterNames() {
        }

        static String of(Path out) {
            String n = out.getFileName().toString().replaceAll("\\.sched$", "");
            String id = n.replaceAll("[^A-Za-z0-9_]", "_");
            return id.isEmpty() || !Character.isLetter(id.charAt(0)) ? "trace_" + id : id;
        }
    }
}
