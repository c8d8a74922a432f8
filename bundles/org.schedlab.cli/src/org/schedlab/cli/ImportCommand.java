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

import org.schedlab.dsl.rtapp.RtAppImporter;

/**
 * {@code schedlab import rtapp FILE.json}: converts an rt-app description to FILE.sched; {@code schedlab import
 * ftrace TRACE}: a recorded kernel trace as a replaying workload ({@link FtraceImport}).
 */
final class ImportCommand implements Command {

    @Override
    public String name() {
        return "import";
    }

    @Override
    public String summary() {
        return "import an rt-app JSON workload or a kernel sched trace as a .sched file (import rtapp|ftrace FILE)";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab import rtapp FILE.json [--out FILE.sched]
				""" + FtraceImport.USAGE + """
				  rtapp:
				  Converts an rt-app description (C comments, trailing commas and repeated keys accepted, as rt-app
				  does) to FILE.sched beside it (--out: elsewhere, or over an existing file; without --out an existing
				  FILE.sched is never overwritten), keeping the order of events. Every event that cannot be mapped is
				  reported as FILE.json:line:column and kept as a comment in the output, never dropped silently.
				Exit codes: 0 converted, 1 converted with events that could not be mapped, 3 unreadable JSON.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        if (args.length > 0 && args[0].equals("ftrace")) {
            return FtraceImport.execute(java.util.Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        if (args.length == 0 || !args[0].equals("rtapp")) {
            throw new UsageException(args.length == 0 ? "what to import? (schedlab import rtapp FILE.json, "
                    + "schedlab import ftrace TRACE)" : "the formats are rtapp and ftrace: schedlab import rtapp "
                    + "FILE.json, schedlab import ftrace TRACE");
        }
        Options o = new Options(java.util.Arrays.copyOfRange(args, 1, args.length), java.util.Set.of("--out"),
                java.util.Set.of());
        if (o.positional().size() != 1) {
            throw new UsageException("expected one rt-app file: schedlab import rtapp FILE.json [--out FILE.sched]");
        }
        Path json = Path.of(o.positional().get(0));
        if (!Files.isRegularFile(json)) {
            throw new InputException("no such file: " + json);
        }
        String outArg = o.value("--out", null);
        Path sched = outArg == null ? RtAppImporter.outputPath(json) : Path.of(outArg);
        if (outArg == null) {
            refuseToOverwrite(sched);
        }
        try {
            RtAppImporter.Result result = RtAppImporter.importFile(json, sched);
            result.problems().forEach(p -> err.println(json + ":" + p));
            out.println("wrote " + sched + (result.problems().isEmpty() ? ""
                    : " (" + result.problems().size() + " event(s) could not be mapped; see above)"));
            return result.problems().isEmpty() ? Main.OK : Main.PROBLEMS;
        } catch (RtAppImporter.RtAppException e) {
            throw new InputException(json + ":" + e.line() + ":" + e.column() + ": error: " + e.getMessage());
        } catch (IOException e) {
            throw new InputException("cannot convert " + json + ": " + e.getMessage());
        }
    }

    /** An import's default output never replaces a file (the .sched an rt-app file was exported from, say). */
    static void refuseToOverwrite(Path sched) {
        if (Files.exists(sched)) {
            throw new InputException(sched + " exists and the import would replace it: give --out FILE.sched to write"
                    + " elsewhere, or --out " + sched + " to replace it");
        }
    }
}
